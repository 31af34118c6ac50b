// Any reward as a black-box stack (SPEC §14): `--reward SPEC` wherever `--stack` is accepted.
//   python:FILE.py[:FUNCTION]       verl's compute_score(data_source, solution_str, ground_truth, extra_info)
//   python-trl:FILE.py:FUNCTION     TRL's reward_func(prompts, completions, **columns) -> list
//   http://HOST:PORT/PATH           OpenRLHF's remote reward: POST {query, prompts, labels} -> {rewards}
//   cmd:COMMAND                     JSON Lines rows on stdin, one number or {"score": …} per line out
//   judge:FILE.yaml                 a rubric prompt and score parser on a model role (./judge.ts)
// Everything a user can get wrong in the spec (a missing file or function, a Python that cannot import
// it, an unreachable endpoint, a command not found) is an InputError before any row is scored.
import { existsSync, readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { z } from "zod";
import { InputError, readProblem } from "../../core/errors.js";
import { sha256 } from "../../core/hash.js";
import type { BankRow } from "../../core/types.js";
import { instrumentModel } from "../../models/spec.js";
import type { StackCapabilities, StackDefinition } from "../types.js";
import { blackBoxScorer, type RewardBackend, type RewardScorer } from "./black-box.js";
import { assertCommandRuns, commandBackend } from "./command.js";
import { assertReachable, httpBackend } from "./http.js";
import { judgeBackend, readJudgeFile } from "./judge.js";
import { pythonBackend } from "./python.js";

export { blackBoxScorer, formatDeterminism, type Determinism, type RewardBackend, type RewardScorer } from "./black-box.js";
export { openRlhfBody, promptText, readTrainerRows, toBankRow, trlBatch, verlArguments } from "./rows.js";

export type RewardSpec = { kind: "python"; style: "verl" | "trl"; file: string; function: string } | { kind: "http"; url: URL } | { kind: "cmd"; command: string } | { kind: "judge"; file: string };

/** What `--reward` accepts, in words, for error lines. */
export const REWARD_SPEC_FORMS = "python:FILE.py[:FUNCTION], python-trl:FILE.py:FUNCTION, http://HOST:PORT/PATH, cmd:COMMAND or judge:FILE.yaml";

export function parseRewardSpec(spec: string, cwd = process.cwd()): RewardSpec {
  const bad = (problem: string): InputError => new InputError("--reward", `${problem} (expected ${REWARD_SPEC_FORMS})`);
  if (spec.startsWith("http://") || spec.startsWith("https://")) {
    try {
      return { kind: "http", url: new URL(spec) };
    } catch {
      throw bad(`"${spec}" is not a URL`);
    }
  }
  const colon = spec.indexOf(":");
  const scheme = colon < 0 ? "" : spec.slice(0, colon);
  const rest = spec.slice(colon + 1);
  if (scheme === "cmd") {
    if (!rest.trim()) throw bad("cmd: names no command");
    return { kind: "cmd", command: rest };
  }
  if (scheme === "judge") {
    if (!rest) throw bad("judge: names no file");
    return { kind: "judge", file: resolve(cwd, rest) };
  }
  if (scheme === "python" || scheme === "python-trl") {
    const style = scheme === "python" ? "verl" : "trl";
    const at = rest.lastIndexOf(":");
    const hasFunction = at > 0 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(rest.slice(at + 1));
    const file = hasFunction ? rest.slice(0, at) : rest;
    const fn = hasFunction ? rest.slice(at + 1) : style === "verl" ? "compute_score" : "";
    if (!file) throw bad(`${scheme}: names no file`);
    if (!fn) throw bad(`${scheme}:FILE.py:FUNCTION needs the function's name`);
    return { kind: "python", style, file: resolve(cwd, file), function: fn };
  }
  throw bad(`unknown reward "${spec}"`);
}

const cores = availableParallelism();

/** Options of an external reward (config `options`, or `--option key=value`). */
export const rewardOptionsSchema = z
  .object({
    /** What the user calls this version of the reward; recorded in the instrument (an endpoint's code cannot be hashed). */
    version: z.string().min(1).optional(),
    /** Rows per call (default: 32 for Python and commands, 64 for HTTP; a judge scores one row per call). */
    batchSize: z.number().int().positive().optional(),
    /** Python workers, or HTTP/command/judge calls in flight (default: one per core, at most 4). */
    workers: z.number().int().positive().optional(),
    /** Milliseconds one call may take before it fails alone. */
    timeoutMs: z.number().int().positive().default(60_000),
    /** HTTP retries of a failed call (the model client's retry policy). */
    maxRetries: z.number().int().min(0).default(2),
    /** The Python to run (default: $FOOLSGOLD_PYTHON, else python3 on PATH). */
    python: z.string().min(1).optional(),
  })
  .strict();

export type RewardOptions = z.infer<typeof rewardOptionsSchema>;

/** Options that change how fast a reward runs, not what it returns: left out of the instrument. */
const EXECUTION_OPTIONS = ["workers", "timeoutMs", "maxRetries", "python"] as const;

export const REWARD_CAPABILITIES: StackCapabilities = { huntObjective: "reward", parallel: "none" };

function fileHash(path: string, label: string): string {
  if (!existsSync(path)) throw new InputError(label, `${path}: no such file`);
  if (!statSync(path).isFile()) throw new InputError(label, `${path} is not a file`);
  try {
    return sha256(readFileSync(path));
  } catch (err) {
    throw new InputError(label, `${path}: ${readProblem(err)}`);
  }
}

/** An external reward as a stack definition; its file (if any) is checked now, its backend when created. */
export async function loadRewardStack(spec: string, opts: { cwd?: string } = {}): Promise<StackDefinition<RewardOptions, BankRow>> {
  const parsed = parseRewardSpec(spec, opts.cwd);
  const source = parsed.kind === "python" || parsed.kind === "judge" ? fileHash(parsed.file, spec) : undefined;
  const judge = parsed.kind === "judge" ? readJudgeFile(parsed.file, spec).judge : undefined;
  const recordOf = (options: RewardOptions): Record<string, unknown> => {
    const recorded: Record<string, unknown> = Object.fromEntries(Object.entries(options).filter(([k]) => !(EXECUTION_OPTIONS as readonly string[]).includes(k)));
    if (parsed.kind === "python") Object.assign(recorded, { signature: parsed.style, function: parsed.function });
    if (parsed.kind === "http") recorded.endpoint = parsed.url.href;
    if (parsed.kind === "cmd") recorded.command = parsed.command;
    if (judge) Object.assign(recorded, { role: judge.role, ...(judge.version ? { judgeVersion: judge.version } : {}) });
    return recorded;
  };
  return {
    name: spec,
    description: `external reward ${spec}`,
    rowKind: "bank",
    options: rewardOptionsSchema,
    modelRoles: judge ? [judge.role] : [],
    capabilities: REWARD_CAPABILITIES,
    async create(options, models): Promise<RewardScorer> {
      const workers = options.workers ?? Math.min(4, cores);
      const backend = await openBackend(parsed, spec, options, workers, judge ? models[judge.role] : undefined, opts.cwd);
      return blackBoxScorer(
        {
          stack: spec,
          options: recordOf(options),
          ...(source ? { inputs: { source } } : {}),
          ...(judge ? { models: { [judge.role]: instrumentModel(models[judge.role].spec) } } : {}),
        },
        backend,
      );
    },
  };
}

async function openBackend(parsed: RewardSpec, spec: string, options: RewardOptions, workers: number, judgeClient: Parameters<typeof judgeBackend>[1] | undefined, cwd?: string): Promise<RewardBackend> {
  switch (parsed.kind) {
    case "python":
      return pythonBackend({
        file: parsed.file,
        function: parsed.function,
        style: parsed.style,
        python: options.python ?? process.env.FOOLSGOLD_PYTHON ?? "python3",
        workers,
        batchSize: options.batchSize ?? 32,
        timeoutMs: options.timeoutMs,
        label: spec,
      });
    case "http":
      await assertReachable(spec, parsed.url);
      return httpBackend({ url: parsed.url.href, batchSize: options.batchSize ?? 64, concurrency: workers, timeoutMs: options.timeoutMs, maxRetries: options.maxRetries });
    case "cmd": {
      const command = { command: parsed.command, batchSize: options.batchSize ?? 32, concurrency: workers, timeoutMs: options.timeoutMs, cwd };
      await assertCommandRuns(spec, command);
      return commandBackend(command);
    }
    case "judge":
      return judgeBackend(readJudgeFile(parsed.file, spec).judge, judgeClient!, workers);
  }
}
