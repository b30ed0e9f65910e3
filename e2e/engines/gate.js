/**
 * A door in front of the dev host that can stop answering: where an engine cannot emulate being
 * offline (classic WebDriver has no network emulation), the journeys close the door instead, so
 * every request fails as on a train (docs/testing.md "Engines").
 */
const net = require('net');

/**
 * Opens a TCP door to `target` (an `http://127.0.0.1:PORT` origin) on a free loopback port.
 * @returns {Promise<{ url: string, close: (shut: boolean) => void, shut: () => Promise<void> }>}
 *   `close(true)` drops every open connection and refuses new ones until `close(false)`.
 */
async function openGate(target) {
  const { port, hostname } = new URL(target);
  const sockets = new Set();
  let closed = false;
  const server = net.createServer((client) => {
    if (closed) return void client.destroy();
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close(shut) {
      closed = shut;
      if (shut) for (const socket of sockets) socket.destroy();
    },
    shut() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

module.exports = { openGate };
