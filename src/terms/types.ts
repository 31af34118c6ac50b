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

export interface TermResult {
  value: number;
  details?: Record<string, unknown>;
}

/** Options of a term: a plain zod object (strict), so a stack can merge the shapes of all its terms. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TermOptionsSchema = z.ZodObject<any, any>;

/**
 * A resource terms share, declared by the terms that read it (`meta.needs`) and built by the stack for
 * them, once: per scorer (a loaded file, a compiled table) or per row (one scan every term reads).
 * Its options join the stack's options like a term's; a scorer resource marked `recorded` (a file or
 * table that is not a pure function of options) has its content hash recorded in the instrument's
 * inputs under its name. It may need scorer resources itself.
 */
export interface ScorerResource<Value = unknown, Schema extends TermOptionsSchema = TermOptionsSchema, Needs extends ScorerNeeds = ScorerNeeds> {
  scope: "scorer";
  name: string;
  description: string;
  options: Schema;
  needs?: Needs;
  recorded: boolean;
  load(options: z.output<Schema>, needs: NeedsValues<Needs>): Value;
}

export interface RowResource<Value = unknown, Row = unknown, Schema extends TermOptionsSchema = TermOptionsSchema, Needs extends ScorerNeeds = ScorerNeeds, Batch = unknown> {
  scope: "row";
  name: string;
  description: string;
  options: Schema;
  needs?: Needs;
  /** Once per batch of a scoring call, before its rows (what every row of the batch must share). */
  batch?(ctx: { options: z.output<Schema>; needs: NeedsValues<Needs> }): Batch;
  /** The row's value; throwing fails the row (it reaches no term). */
  prepare(row: Row, ctx: { options: z.output<Schema>; needs: NeedsValues<Needs>; batch: Batch }): Value;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = ScorerResource<any, any, any> | RowResource<any, any, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ScorerNeeds = Record<string, ScorerResource<any, any, any>>;
export type TermNeeds = Record<string, AnyResource>;

/** What a term (or resource) reads of what it needs: a scorer resource's value, a row resource's values aligned with the rows. */
export type NeedsValues<Needs> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [K in keyof Needs]: Needs[K] extends RowResource<infer V, any, any, any, any> ? readonly V[] : Needs[K] extends ScorerResource<infer V, any, any> ? V : never;
};

export interface TermSpec<Schema extends TermOptionsSchema = TermOptionsSchema, Needs extends TermNeeds = TermNeeds> {
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
  /** Resources the term reads (the stack builds each once and passes it in `ctx.needs`). */
  needs?: Needs;
}

/** The chat prompt of a row, as terms read it (extracted once by the stack). */
export interface RowPrompt {
  /** Every message's content joined by newlines (or the prompt string); "" when the row has none. */
  text: string;
  /** The last user message (or the prompt string); undefined when there is none. */
  lastUser: string | undefined;
}

export interface TermContext<Options = unknown, Prepared = unknown, Inputs = Record<string, unknown>, Needs = Record<string, unknown>> {
  options: Options;
  /** The resources the term declared in `meta.needs`: a scorer resource's value, a row resource's values aligned with `rows`. */
  needs: Needs;
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

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Term<Schema extends TermOptionsSchema = TermOptionsSchema, Row = unknown, Prepared = unknown, Inputs = Record<string, unknown>, Needs extends TermNeeds = {}> {
  meta: TermSpec<Schema, Needs>;
  /** One outcome per row, in order. Throwing fails every row of the call with the error. */
  measure(rows: readonly Row[], ctx: TermContext<z.output<Schema>, Prepared, Inputs, NeedsValues<Needs>>): TermOutcome[] | Promise<TermOutcome[]>;
}
