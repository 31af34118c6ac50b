// A busy or forbidden port is an input error naming the port (exit 2), found before a server spends
// seconds opening models and worker threads, and again if the port is taken in between.
import { createServer } from "node:net";
import { InputError } from "../core/errors.js";

/** The listen error in words when it is about the port; other errors are returned unchanged. */
export function portError(err: unknown, host: string, port: number, flag = "--port"): unknown {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === "EADDRINUSE") return new InputError(`${flag} ${port}`, `port ${port} on ${host} is already in use; stop what listens there or choose another port (0 = any free port)`);
  if (code === "EACCES") return new InputError(`${flag} ${port}`, `binding port ${port} on ${host} is not permitted (ports below 1024 need privileges)`);
  if (code === "EADDRNOTAVAIL") return new InputError(`--host ${host}`, `${host} is not an address of this machine`);
  return err;
}

/** Resolves when `host:port` can be bound now (port 0 always can); rejects with portError otherwise. */
export function assertPortFree(host: string, port: number, flag = "--port"): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (err) => reject(portError(err, host, port, flag)));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
