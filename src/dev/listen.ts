// Listens on the requested port; when it is taken, says so and takes the next free one.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const TRIES = 20;

export async function listen(server: Server, port: number, host: string, log: (line: string) => void): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const candidate = port === 0 ? 0 : port + attempt;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(candidate, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return (server.address() as AddressInfo).port;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' && port !== 0 && attempt + 1 < TRIES) {
        log(`Port ${candidate} is already in use; trying ${candidate + 1}.`);
        continue;
      }
      if (code === 'EADDRINUSE') throw new Error(`ports ${port}–${candidate} are all in use. Stop the other server or pass --port N.`);
      if (code === 'EACCES') throw new Error(`not allowed to listen on port ${candidate}. Use a port above 1023 (--port N).`);
      if (code === 'ENOTFOUND' || code === 'EADDRNOTAVAIL') throw new Error(`cannot listen on host "${host}". Use --host localhost or --host 0.0.0.0.`);
      throw error;
    }
  }
}
