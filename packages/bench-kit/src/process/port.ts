import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 at the moment of asking (the OS picks it), for a server a test or a bench starts
 * itself and tells its port. The one definition: every harness asks here.
 */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}
