// python:FILE.py:FUNCTION (verl's compute_score) and python-trl:FILE.py:FUNCTION (TRL's reward_func) on a
// pool of persistent workers started with the user's python3.
import type { BankRow } from "../../core/types.js";
import type { RewardBackend } from "./black-box.js";
import { startPythonPool } from "./python-pool.js";
import { trlBatch, verlArguments } from "./rows.js";
import { failAll, readList, readReturned, type RewardResult } from "./values.js";

export interface PythonRewardOptions {
  file: string;
  function: string;
  style: "verl" | "trl";
  python: string;
  workers: number;
  batchSize: number;
  timeoutMs: number;
  label: string;
}

export async function pythonBackend(options: PythonRewardOptions): Promise<RewardBackend & { readonly started: number }> {
  const pool = await startPythonPool({ python: options.python, file: options.file, function: options.function, style: options.style, size: options.workers, timeoutMs: options.timeoutMs, label: options.label });
  const what = options.style === "verl" ? `${options.function}()` : `${options.function}() (TRL)`;
  return {
    batchSize: options.batchSize,
    concurrency: options.workers,
    get started() {
      return pool.started;
    },
    async score(rows: BankRow[], signal?: AbortSignal): Promise<RewardResult[]> {
      const answer = await pool.call(options.style === "verl" ? rows.map(verlArguments) : trlBatch(rows), signal);
      if ("error" in answer) return failAll(rows.length, `${what} ${answer.error}`);
      if (options.style === "verl") return answer.results.map((r) => (r.error !== undefined ? { error: `${what} ${r.error}` } : readReturned(r.value, `${what} returned`)));
      return readList(
        answer.results.map((r) => r.value),
        rows.length,
        `the list ${what} returned`,
        (v) => readReturned(v, `${what} returned`),
      );
    },
    close: () => pool.close(),
  };
}
