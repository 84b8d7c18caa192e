import { createServer } from 'node:net';

export class PortInUseError extends Error {}

/** Resolves when `port` can be listened on; a PortInUseError when something else listens there. */
export function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new PortInUseError(`Port ${port} is already in use: stop what is using it or set PORT to another port.`)
          : err,
      ),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}
