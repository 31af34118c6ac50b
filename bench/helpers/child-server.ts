// Benchmarks run the server under test in a child process (as in production) by re-running their own
// script with --child; the child prints "READY <baseUrl>" once it listens.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";

export async function spawnChildServer(script: string): Promise<{ child: ChildProcessByStdio<Writable, Readable, null>; baseUrl: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, "--child"], { stdio: ["pipe", "pipe", "inherit"] });
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
