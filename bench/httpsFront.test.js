const http = require('http');
const http2 = require('http2');
const { startHttpsFront } = require('./httpsFront');

/** One request over HTTP/2 to `url`; resolves with the protocol, status, headers and body. */
function request(url, { method = 'GET', path = '/', body } = {}) {
  return new Promise((resolve, reject) => {
    const client = http2.connect(url, { rejectUnauthorized: false });
    client.on('error', reject);
    const stream = client.request({ ':method': method, ':path': path });
    let headers;
    let text = '';
    stream.on('response', (h) => (headers = h));
    stream.on('data', (chunk) => (text += chunk));
    stream.on('end', () => {
      resolve({ protocol: client.alpnProtocol, status: headers[':status'], headers, body: text });
      client.close();
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

describe('startHttpsFront', () => {
  let server;
  let front;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.setHeader('Cache-Control', 'no-cache');
        res.end(`${req.method} ${req.url} ${body}`);
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    front = await startHttpsFront(`http://127.0.0.1:${server.address().port}`);
  });
  afterAll(async () => {
    await front.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('serves over HTTPS with HTTP/2 what the server behind it answers, headers and body', async () => {
    expect(front.url).toMatch(/^https:\/\/localhost:\d+$/);
    const answer = await request(front.url, { method: 'POST', path: '/api/x?y=1', body: 'data' });
    expect(answer).toMatchObject({ protocol: 'h2', status: 200, body: 'POST /api/x?y=1 data' });
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('answers 502 with a message when the server behind it is gone', async () => {
    const gone = await startHttpsFront('http://127.0.0.1:1');
    try {
      const answer = await request(gone.url);
      expect(answer.status).toBe(502);
      expect(answer.body).toMatch(/^bench front: /);
    } finally {
      await gone.close();
    }
  });
});
