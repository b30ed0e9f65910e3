// @ts-check
/**
 * An HTTPS front with HTTP/2 for a bench server, as a production site or CDN serves the pages
 * (docs/performance.md "Lighthouse (mobile)"): a self-signed certificate made per run, every request
 * passed on unchanged to the server behind it.
 */
'use strict';

const http2 = require('http2');
const proxy = require('http2-proxy');
const selfsigned = require('selfsigned');

/**
 * Starts a front on 127.0.0.1 for `target` (an `http://host:port` URL).
 * @param {string} target
 * @returns {Promise<{ url: string, close: () => Promise<void> }>} `url` is `https://localhost:<port>`
 */
async function startHttpsFront(target) {
  const { hostname, port } = new URL(target);
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, days: 1 });
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert, allowHTTP1: true });
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('request', (req, res) => {
    proxy.web(req, res, { hostname, port: Number(port) }, (error) => {
      if (!error || res.headersSent) return void (error && res.destroy());
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`bench front: ${error.message}`);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://localhost:${listening}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        sessions.forEach((session) => session.destroy());
      }),
  };
}

module.exports = { startHttpsFront };
