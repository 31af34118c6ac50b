// An external reward as a stack: rows go to a backend in batches (several at once, as the backend
// allows); each row gets the reward's number or an error naming the cause. The instrument records what
// can be known of the reward (its source's hash and function, or its endpoint and declared version);
// the scorer remembers each row's first value, so rows scored again say whether the reward is deterministic.
import { hashOf, sha256 } from "../../core/hash.js";
import type { BankRow, Score } from "../../core/types.js";
import type { Instrument, ScoreContext, Scorer } from "../types.js";
import type { RewardResult } from "./values.js";

export const BLACK_BOX_VERSION = "external-1";

export interface RewardBackend {
  /** Rows per call. */
  readonly batchSize: number;
  /** Calls in flight at once. */
  readonly concurrency: number;
  /** One result per row, in order; a failed call is an error on each of its rows. */
  score(rows: BankRow[], signal?: AbortSignal): Promise<RewardResult[]>;
  close(): Promise<void>;
}

/** Rows scored more than once and how their values compared. */
export interface Determinism {
  /** Rows whose value had been seen before. */
  repeated: number;
  /** Of those, rows whose value differed. */
  differed: number;
  /** Largest |difference| seen (0 when none differed). */
  maxDifference: number;
  /** null until some row has been scored twice. */
  deterministic: boolean | null;
}

export interface RewardScorer extends Scorer<BankRow> {
  determinism(): Determinism;
  close(): Promise<void>;
}

export interface InstrumentBody {
  stack: string;
  options: Record<string, unknown>;
  models?: Instrument["models"];
  inputs?: Record<string, string>;
}

export function blackBoxScorer(body: InstrumentBody, backend: RewardBackend): RewardScorer {
  const recorded = { stack: body.stack, version: BLACK_BOX_VERSION, options: body.options, models: body.models ?? {}, ...(body.inputs ? { inputs: body.inputs } : {}) };
  const instrument: Instrument = { ...recorded, hash: hashOf(recorded) };
  const seen = new Map<string, number>();
  let repeated = 0;
  let differed = 0;
  let maxDifference = 0;

  const remember = (row: BankRow, value: number): void => {
    // A key for this process only: the row as written (plain JSON, no key sorting), its score left out.
    const key = sha256(JSON.stringify(row.score === undefined ? row : { ...row, score: undefined }));
    const before = seen.get(key);
    if (before === undefined) {
      seen.set(key, value);
      return;
    }
    repeated++;
    if (!Object.is(before, value)) {
      differed++;
      maxDifference = Math.max(maxDifference, Math.abs(before - value));
    }
  };

  return {
    instrument,
    rowKind: "bank",
    async scoreRows(rows: BankRow[], ctx: ScoreContext = {}): Promise<Score[]> {
      const scores = new Array<Score>(rows.length);
      let next = 0;
      let done = 0;
      const worker = async (): Promise<void> => {
        while (next < rows.length) {
          const start = next;
          next = Math.min(rows.length, start + backend.batchSize);
          const batch = rows.slice(start, next);
          const results = await backend.score(batch, ctx.signal);
          results.forEach((result, i) => {
            scores[start + i] = toScore(result, instrument.hash);
            if ("value" in result) remember(batch[i], result.value);
          });
          done += batch.length;
          ctx.onProgress?.(done, rows.length);
        }
      };
      await Promise.all(Array.from({ length: Math.min(backend.concurrency, Math.ceil(rows.length / backend.batchSize)) }, worker));
      return scores;
    },
    determinism: () => ({ repeated, differed, maxDifference, deterministic: repeated === 0 ? null : differed === 0 }),
    close: () => backend.close(),
  };
}

// A black box has no terms to report: the value is all there is.
function toScore(result: RewardResult, instrument: string): Score {
  if ("value" in result) return { value: result.value, terms: {}, instrument };
  return { value: null, terms: {}, instrument, error: result.error, error_kind: "model" };
}

/** The determinism line printed after a run: n rows rescored, how many differed. */
export function formatDeterminism(d: Determinism): string {
  if (d.deterministic === null) return "determinism: no row was scored twice";
  return d.deterministic
    ? `determinism: ${d.repeated} rows scored again gave identical values (deterministic on these rows)`
    : `determinism: ${d.differed} of ${d.repeated} rows scored again changed (max |Δ| ${d.maxDifference.toPrecision(3)}): the reward is NOT deterministic`;
}
