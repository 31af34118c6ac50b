// Benchmarks run the server under test in a child process (as in production) by re-running their own
// script with --child; the child prints "READY <baseUrl>" once it listens. FOOLSGOLD_BENCH_CHILD_FLAGS
// passes node flags to the child only (e.g. --cpu-prof, which NODE_OPTIONS refuses).
import { type ChildProcess, type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

export async function spawnChildServer(script: string, args: string[] = []): Promise<{ child: ChildProcessByStdio<Writable, Readable, null>; baseUrl: string }> {
  const child = spawn(process.execPath, [...(process.env.FOOLSGOLD_BENCH_CHILD_FLAGS?.split(" ").filter(Boolean) ?? []), "--import", "tsx", script, "--child", ...args], { stdio: ["pipe", "pipe", "inherit"] });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let buf = "";
    child.stdout.on("data", (d: Buffer) => {
      buf += d.toString();
      const m = /READY (\S+)/.exec(buf);
      if (m) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, baseUrl };
}

/**
 * `foolsgold serve ARGS` (BIN: a checkout's bin/foolsgold.js) in a child process, with
 * FOOLSGOLD_BENCH_CHILD_FLAGS; resolves once it prints the address it listens at.
 */
export function spawnServe(bin: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const flags = process.env.FOOLSGOLD_BENCH_CHILD_FLAGS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, bin, "serve", ...args], { stdio: ["ignore", "ignore", "pipe"] });
  return new Promise((ok, fail) => {
    let err = "";
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) ok({ child, url: m[1] });
    });
    child.once("exit", (code) => fail(new Error(`server exited ${code}: ${err}`)));
  });
}
