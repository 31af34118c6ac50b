// A term is a pure, named reward component with its metadata beside the handler (SPEC §1): a function of
// (rows, resolved options, model responses, declared inputs) and nothing else. Terms never swallow
// errors: a failed model call becomes an explicit error on the score, never a silent 0.
import type { z } from "zod";
import type { ModelRoles } from "../models/spec.js";

export type { ModelRoles } from "../models/spec.js";

export type TermKind = "gate" | "factor" | "additive" | "screen" | "diagnostic";

/** Why a row has no value: bad input, a failed model call, or a bug of ours. */
export type RowErrorKind = "input" | "model" | "internal";

export interface RowError {
  kind: RowErrorKind;
  message: string;
}

/**
 * Metadata of terms written before defineTerm (still read by their stacks). New terms use TermSpec,
 * which requires the roles and the version that composeStack reads.
 */
export interface TermMeta<Options = unknown> {
  name: string;
  kind: TermKind;
  description: string;
  /** Validated options with their defaults (recorded in the instrument). */
  options: z.ZodType<Options>;
  needsModel?: boolean;
  roles?: readonly string[];
  version?: string;
}

export interface TermResult {
  value: number;
  details?: Record<string, unknown>;
}

/** Options of a term: a plain zod object (strict), so a stack can merge the shapes of all its terms. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TermOptionsSchema = z.ZodObject<any, any>;

export interface TermSpec<Schema extends TermOptionsSchema = TermOptionsSchema> {
  name: string;
  kind: TermKind;
  description: string;
  /** Recorded in the instrument; bump it whenever the term's output for some input changes. */
  version: string;
  /** Roles this term always needs a model for (none for a lexical term). */
  roles: readonly string[];
  /** Roles that only some option settings need (an opt-in model-based mode). */
  rolesFor?(options: z.output<Schema>): readonly string[];
  options: Schema;
}

/** The chat prompt of a row, as terms read it (extracted once by the stack). */
export interface RowPrompt {
  /** Every message's content joined by newlines (or the prompt string); "" when the row has none. */
  text: string;
  /** The last user message (or the prompt string); undefined when there is none. */
  lastUser: string | undefined;
}

export interface TermContext<Options = unknown, Prepared = unknown, Inputs = Record<string, unknown>> {
  options: Options;
  /** Only the roles this term declared (and those its options turned on). */
  models: ModelRoles;
  /** The stack's declared inputs (versioned files, per-request values), each hashed into the record. */
  inputs: Inputs;
  /** The stack's shared per-row preparation, aligned with `rows` (undefined entries without one). */
  prepared: readonly Prepared[];
  /** The rows' prompts, aligned with `rows`. */
  prompts: readonly RowPrompt[];
  signal?: AbortSignal;
}

/** One row's measurement: a value, or null with the reason (a string reads as a model error). */
export interface TermOutcome {
  value: number | null;
  details?: Record<string, unknown>;
  error?: RowError | string;
}

export interface Term<Schema extends TermOptionsSchema = TermOptionsSchema, Row = unknown, Prepared = unknown, Inputs = Record<string, unknown>> {
  meta: TermSpec<Schema>;
  /** One outcome per row, in order. Throwing fails every row of the call with the error. */
  measure(rows: readonly Row[], ctx: TermContext<z.output<Schema>, Prepared, Inputs>): TermOutcome[] | Promise<TermOutcome[]>;
}
