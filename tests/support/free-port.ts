import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now (the kernel picks it). Another process could take it
 * before the caller binds it, so callers that can detect a failed bind retry with a new port.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the port the kernel picked'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}
