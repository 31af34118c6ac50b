// A `foolsgold serve` child process for the tests that kill and restart servers: it resolves with the
// URL the server prints once it listens, and fails with the server's stderr if it exits or stalls.
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";

export const BIN = resolve(import.meta.dirname, "../../bin/foolsgold.js");

export interface ServeProcess {
  child: ChildProcess;
  url: string;
}

export function startServeProcess(serveArgs: string[], startTimeoutMs: number): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, "serve", ...serveArgs], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((resolvePromise, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), startTimeoutMs);
    child.stderr!.on("data", (chunk: Buffer) => {
      err += chunk.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ child, url: m[1] });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
}
