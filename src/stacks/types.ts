// A stack composes terms into one score and is frozen, with its models and normalization settings,
// into an instrument whose content hash every score records (SPEC §1). Every stack (humor, prose,
// vrcli, cherrl) exposes the same Scorer so the CLI, the audits and the server treat them alike.
import type { z } from "zod";
import type { BankRow, Score, TranscriptRow } from "../core/types.js";
import type { ModelRoles, Term, TermSpec } from "../terms/types.js";

export type { ModelRoles } from "../terms/types.js";

export interface Instrument {
  stack: string;
  version: string;
  /** Resolved stack options including defaults. */
  options: Record<string, unknown>;
  /** Model endpoints by role, without secrets. */
  models: Record<string, { baseUrl: string; model: string }>;
  /** Each term's kind and version (stacks declared with composeStack). */
  terms?: Record<string, { kind: string; version: string }>;
  /** sha256 of each declared input fixed at creation (a versioned file, a table), by name. */
  inputs?: Record<string, string>;
  /** sha256 of the canonical JSON of everything above. */
  hash: string;
}

export interface ScoreContext {
  signal?: AbortSignal;
  /** Called as rows finish, for progress bars. */
  onProgress?: (done: number, total: number) => void;
  /** Called with each finished batch's scores and the index of its first row (a stopped run keeps them). */
  onScored?: (start: number, scores: readonly Score[]) => void;
  /** Values of the stack's declared per-request inputs, by name; each score records their hashes. */
  inputs?: Record<string, unknown>;
}

export interface Scorer<Row = BankRow | TranscriptRow> {
  readonly instrument: Instrument;
  readonly rowKind: "bank" | "transcript";
  /** Scores rows; a row that cannot be scored gets `value: null` and an `error`, never a number. */
  scoreRows(rows: Row[], ctx?: ScoreContext): Promise<Score[]>;
}

/**
 * What a stack can do beyond scoring, read by the commands that need it (hunt, audit, score, serve)
 * with the defaults below; no command checks a stack's name.
 */
export interface StackCapabilities {
  /** What hunt maximizes by default; "reward" when absent (humor: "taste.L"). */
  huntObjective?: string;
  /** Default insertion positions (humor: ["per-turn", "end"]). */
  huntPositions?: string[];
  /** Positions for insertions mined from real outputs (humor: ["per-turn"]). */
  minedPositions?: string[];
  /** Stack-specific operator families beyond the generic ones ("laughter", "vrcli"). */
  huntFamilies?: string[];
  /** Which clean-counterpart check the hunt uses ("humor", "cherrl"); none when absent. */
  huntReference?: string;
  /** Row field that groups rows for group-relative terms ("group_id"); rows without it group by prompt. */
  groupBy?: string;
  /** Which stack-specific audit transforms apply ("prose"); none when absent. */
  auditTransforms?: string;
  /** How `score --workers N` and `serve` may split a call's rows: "rows" (keeping groups together) or "none" (default). */
  parallel?: "rows" | "none";
}

export interface StackDefinition<Options = unknown, Row = BankRow | TranscriptRow> {
  name: string;
  description: string;
  rowKind: "bank" | "transcript";
  options: z.ZodType<Options>;
  /** Roles this stack needs a model for (empty for purely lexical stacks). */
  modelRoles: string[];
  /** Roles that only some option settings need (an opt-in model-based guard); none when absent. */
  rolesFor?(options: Options): string[];
  /** The terms' metadata, for stacks declared with composeStack (read, never repeated). */
  terms?: readonly TermSpec[];
  /** The terms themselves (composeStack stacks), so a YAML stack can reuse a shipped term by name. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  composedOf?: readonly Term<any, any, any, any, any>[];
  /** Options keyed by term name ("nested") or merged into one object ("flat"); composeStack stacks only. */
  optionLayout?: "flat" | "nested";
  /** What the stack can do beyond scoring; every field has a default (StackCapabilities). */
  capabilities?: StackCapabilities;
  create(options: Options, models: ModelRoles): Promise<Scorer<Row>> | Scorer<Row>;
}
