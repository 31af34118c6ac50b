// A stack composes terms into one score and is frozen, with its models and normalization settings,
// into an instrument whose content hash every score records (SPEC §1). Every stack (humor, prose,
// vrcli, cherrl) exposes the same Scorer so the CLI, the audits and the server treat them alike.
import type { z } from "zod";
import type { BankRow, Score, TranscriptRow } from "../core/types.js";
import type { ModelClient } from "../models/spec.js";

export interface Instrument {
  stack: string;
  version: string;
  /** Resolved stack options including defaults. */
  options: Record<string, unknown>;
  /** Model endpoints by role, without secrets. */
  models: Record<string, { baseUrl: string; model: string }>;
  /** sha256 of the canonical JSON of everything above. */
  hash: string;
}

export interface ScoreContext {
  signal?: AbortSignal;
  /** Called as rows finish, for progress bars. */
  onProgress?: (done: number, total: number) => void;
}

export interface Scorer<Row = BankRow | TranscriptRow> {
  readonly instrument: Instrument;
  readonly rowKind: "bank" | "transcript";
  /** Scores rows; a row that cannot be scored gets `value: null` and an `error`, never a number. */
  scoreRows(rows: Row[], ctx?: ScoreContext): Promise<Score[]>;
}

/** Model clients available to a stack, by role ("audience", "embedder", "reference", "judge", …). */
export type ModelRoles = Record<string, ModelClient>;

export interface StackDefinition<Options = unknown, Row = BankRow | TranscriptRow> {
  name: string;
  description: string;
  rowKind: "bank" | "transcript";
  options: z.ZodType<Options>;
  /** Roles this stack needs a model for (empty for purely lexical stacks). */
  modelRoles: string[];
  /** Roles that only some option settings need (an opt-in model-based guard); none when absent. */
  rolesFor?(options: Options): string[];
  create(options: Options, models: ModelRoles): Promise<Scorer<Row>> | Scorer<Row>;
}
