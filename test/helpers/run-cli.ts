// The real CLI as a child process: its exit code and everything it wrote, for tests at the boundary.
import { spawn } from "node:child_process";
import { BIN } from "./serve-process.js";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: readonly string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `foolsgold score ARGS` with its progress on, sending `signal` once the progress line reports `rows`
 * scored rows (no signal when `signalAt` is left out): the exit code and stderr.
 */
export function scoreUntil(args: readonly string[], signalAt?: { rows: number; signal: NodeJS.Signals }): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, "score", ...args], { env: { ...process.env, FOOLSGOLD_PROGRESS: "on", FOOLSGOLD_PROGRESS_INTERVAL_MS: "0" } });
  let stderr = "";
  let sent = false;
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    const done = [...stderr.matchAll(/scoring: (\d+)\//g)].map((m) => Number(m[1])).at(-1) ?? 0;
    if (signalAt && !sent && done >= signalAt.rows) {
      sent = true;
      child.kill(signalAt.signal);
    }
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}
