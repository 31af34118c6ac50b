// cmd:COMMAND: each batch runs the command (through the shell) with the rows as JSON Lines on stdin and
// reads one number or {"score": …} per line from its stdout.
import { spawn } from "node:child_process";
import { InputError } from "../../core/errors.js";
import type { BankRow } from "../../core/types.js";
import type { RewardBackend } from "./black-box.js";
import { failAll, readList, readPlain, type RewardResult } from "./values.js";

export interface CommandRewardOptions {
  command: string;
  batchSize: number;
  concurrency: number;
  timeoutMs: number;
  cwd?: string;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

function run(options: CommandRewardOptions, input: string, signal?: AbortSignal): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", options.command], { cwd: options.cwd, stdio: ["pipe", "pipe", "pipe"], signal });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr = (stderr + c).slice(-2000)));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.stdin.on("error", () => {});
    child.on("error", () => {});
    child.on("close", (code, sig) => {
      clearTimeout(timer);
      resolve({ code, signal: sig, stdout, stderr, timedOut });
    });
    child.stdin.end(input);
  });
}

function lastLine(text: string): string {
  const line = text.trim().split("\n").pop();
  return line ? `: ${line}` : "";
}

/** Runs the command on no rows: a shell that cannot find it (127) or a command that fails is an InputError naming it. */
export async function assertCommandRuns(spec: string, options: CommandRewardOptions): Promise<void> {
  const result = await run(options, "");
  if (result.timedOut) throw new InputError(spec, `did not finish within ${options.timeoutMs} ms on empty input`);
  if (result.code === 127) throw new InputError(spec, `command not found${lastLine(result.stderr)}`);
  if (result.code !== 0) throw new InputError(spec, `fails on empty input (${result.signal ?? `exit ${result.code}`})${lastLine(result.stderr)}`);
}

export function commandBackend(options: CommandRewardOptions): RewardBackend {
  return {
    batchSize: options.batchSize,
    concurrency: options.concurrency,
    async score(rows: BankRow[], signal?: AbortSignal): Promise<RewardResult[]> {
      const result = await run(options, rows.map((r) => JSON.stringify(r)).join("\n") + "\n", signal);
      const what = `cmd:${options.command}`;
      if (result.timedOut) return failAll(rows.length, `${what}: no answer within ${options.timeoutMs} ms (stopped)`);
      if (result.code !== 0) return failAll(rows.length, `${what} failed (${result.signal ?? `exit ${result.code}`})${lastLine(result.stderr)}`);
      const lines = result.stdout.split("\n").filter((l) => l.trim() !== "");
      const values = lines.map((line) => {
        try {
          return JSON.parse(line) as unknown;
        } catch {
          return line;
        }
      });
      return readList(values, rows.length, `${what}'s output`, (v) => readLine(v, what));
    },
    close: async () => {},
  };
}

function readLine(value: unknown, what: string): RewardResult {
  if (typeof value === "string") return { error: `${what} printed ${JSON.stringify(value.slice(0, 80))}, not a number` };
  return readPlain(value, `${what} printed`);
}
