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
