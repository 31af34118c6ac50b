// composeStack: a stack is a declaration — terms, a combination, declared inputs — and everything the
// four stacks used to hand-keep is derived here: model roles, the strict options schema, the instrument
// hash, prompt extraction, bounded concurrency, cancellation and the per-row error value.
//
// Usage (a term is one file; a stack is one declaration; register it in registry.ts):
//
//   const length = defineTerm({
//     meta: { name: "length", kind: "factor", roles: [], version: "length-1", description: "…",
//             options: z.object({ target: z.number().int().min(1).default(100) }).strict() },
//     measure: (rows: BankRow[], { options }) => rows.map((r) => ({ value: Math.min(1, r.output.length / options.target) })),
//   });
//   export const toyStack = composeStack({ name: "toy", description: "…", version: "1", rowKind: "reply",
//     terms: [length, politeness], combine: "product" });
//
// - measure(rows, ctx) gets a batch of rows and returns one outcome per row: { value, details? } or
//   { value: null, error: { kind: "input" | "model" | "internal", message } }. Throwing fails every row
//   of the batch with the error's kind (InputError → input, ModelError → model, else internal). The
//   scoring call's signal reaches every model call a term makes through ctx.models (each client is
//   wrapped with it); an abort rejects scoreRows with the signal's reason and sends nothing more.
// - ctx = { options (this term's, resolved), models (its roles only), inputs (the stack's declared inputs),
//   prepared (the stack's prepare(row) per row), prompts ({ text, lastUser } per row), signal }.
// - Options: layout "flat" (default) merges every term's keys and the stack's own `options` into one
//   strict object (what shipped configs use); "nested" keys them by term name. `presets` adds a
//   `preset` option whose values fill defaults under the user's. `executionOptions` (e.g. concurrency)
//   stay out of the instrument; `recordOptions` replaces what the instrument records as options (a file's
//   content hash instead of its path) — everything else resolved is recorded, with each term's version.
// - inputs: { name: { from: "static", load(options) } } (a versioned file: loaded at creation, hashed
//   into the instrument) or { from: "request", schema } (given per call as scoreRows(rows, { inputs }),
//   validated, and its hash recorded on every score as score.inputs[name]). No term keeps other state.
// - combine: "product" | { weights } | (values, { options, row, terms }) => number | { value, terms }
//   (see combine.ts; the returned terms are merged over the measured entries). A gate at
//   0 makes the score 0 and its row is not sent to later terms. rowProblem(row) rejects a row as an
//   input error before any term runs.
// - Errors on scores: `error` stays the readable string ("row <id>: <message>") and `error_kind` says
//   input/model/internal; rowErrorOf(score) (row-error.ts) gives back the typed value.
import type { z } from "zod";
import { InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import type { Score, TermValue } from "../core/types.js";
import { instrumentModel } from "../models/spec.js";
import { withSignal } from "../models/with-signal.js";
import { wrapModelClient } from "../models/middleware.js";
import type { AnyResource, ModelRoles, RowError, RowResource, ScorerResource, Term, TermOptionsSchema } from "../terms/types.js";
import { checkCombine, combineValues, type Combine, type CombineResult } from "./combine.js";
import { loadStaticInputs, resolveRequestInputs, type DeclaredInputs } from "./inputs.js";
import { planStackOptions, type OptionLayout, type Presets } from "./options-schema.js";
import { promptOf } from "./prompt.js";
import { asRowError, rowErrorFrom } from "./row-error.js";
import type { Instrument, ScoreContext, Scorer, StackCapabilities, StackDefinition } from "./types.js";

/** The resolved options a list of terms declares (flat layout): every term's and every resource it needs, merged. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TermsOptions<Terms extends readonly Term<any, any, any, any, any>[]> = Intersection<{ [K in keyof Terms]: z.output<Terms[K]["meta"]["options"]> & NeedsOptions<NonNullable<Terms[K]["meta"]["needs"]>> }[number]>;

type NeedsOptions<Needs> = Needs extends Record<string, AnyResource> ? Intersection<{ [K in keyof Needs]: z.output<Needs[K]["options"]> & NeedsOptions<NonNullable<Needs[K]["needs"]>> }[keyof Needs]> : unknown;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Intersection<U> = (U extends any ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

export interface StackDeclaration<Options extends Record<string, unknown>, Row, Prepared> {
  name: string;
  /** One line for `stacks` and the docs; by default the combination and the terms' names. */
  description?: string;
  /** The stack's own version in the instrument; by default a hash of the terms' versions and the combination. */
  version?: string;
  /**
   * What one row is: "reply" (a prompt and one reply, scored as a bank row: `{id, prompt, output}`) or
   * "transcript" (a conversation). "bank" is the older name of "reply" and means the same.
   */
  rowKind: "reply" | "bank" | "transcript";
  /** What the stack can do beyond scoring (hunt defaults, row grouping, audit transforms, parallel split). */
  capabilities?: StackCapabilities;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  terms: readonly Term<any, Row, Prepared, any>[];
  combine: Combine<Options, Row>;
  /** The stack's own options (those `combine`, `prepare` or `check` read). */
  options?: TermOptionsSchema;
  optionLayout?: OptionLayout;
  presets?: Presets;
  inputs?: DeclaredInputs<Options>;
  /** Shared per-row preparation (one scan every term reads); throwing fails the row. */
  prepare?(row: Row, ctx: { options: Options; inputs: Record<string, unknown> }): Prepared;
  /** The first problem of a row's shape, or null; such a row is an input error and reaches no term. */
  rowProblem?(row: Row): string | null;
  /** Checks across options (throw an InputError naming the option). */
  check?(options: Options): void;
  /** What the instrument records as options; defaults to every resolved option but executionOptions. */
  recordOptions?(options: Options): Record<string, unknown>;
  /** Option keys that change how, not what, is scored (left out of the instrument). */
  executionOptions?: readonly string[];
  /** Rows per term call (a model-based term sends one batch per call). Default 16. */
  batchRows?: number;
  /** Batches in flight at once. Default 4. */
  concurrency?: number | ((options: Options) => number);
}

const DEFAULT_BATCH_ROWS = 16;
const DEFAULT_CONCURRENCY = 4;

type Complete<Options extends Record<string, unknown>, Row, Prepared> = StackDeclaration<Options, Row, Prepared> & { description: string; version: string };

/** A declaration with its description and version filled in where it leaves them out. */
function withDefaults<Options extends Record<string, unknown>, Row, Prepared>(declared: StackDeclaration<Options, Row, Prepared>): Complete<Options, Row, Prepared> {
  const combine = typeof declared.combine === "string" ? declared.combine : typeof declared.combine === "function" ? "a function" : "weighted sum";
  const termNames = declared.terms.map((t) => t.meta.name);
  return {
    ...declared,
    description: declared.description ?? `${combine} of ${termNames.join(", ")}`,
    version: declared.version ?? `terms-${hashOf({ terms: declared.terms.map((t) => [t.meta.name, t.meta.version]), combine: typeof declared.combine === "function" ? declared.combine.toString() : declared.combine }).slice(0, 16)}`,
  };
}

/** The row kind scorers report: a declared "reply" row is read and checked as a bank row. */
function rowKindOf(declaration: { rowKind: "reply" | "bank" | "transcript" }): "bank" | "transcript" {
  return declaration.rowKind === "reply" ? "bank" : declaration.rowKind;
}

export function composeStack<Options extends Record<string, unknown> = Record<string, unknown>, Row = unknown, Prepared = unknown>(declared: StackDeclaration<Options, Row, Prepared>): StackDefinition<Options, Row> {
  const declaration = withDefaults(declared);
  const { name, terms } = declaration;
  const names = terms.map((t) => t.meta.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`composeStack ${name}: term "${duplicate}" appears twice`);
  checkCombine(
    name,
    declaration.combine as Combine<never, never>,
    terms.map((t) => t.meta),
  );
  const layout = declaration.optionLayout ?? "flat";
  const resources = resourcesOf(name, terms as readonly Term[]);
  const owners = [...resources.map((r) => ({ name: r.name, options: r.options, label: "resource" })), ...terms.map((t) => ({ name: t.meta.name, options: t.meta.options, label: "term" }))];
  const plan = planStackOptions(name, owners, declaration.options, layout, declaration.presets);
  const termOptions = (term: Term<TermOptionsSchema, Row, Prepared>, options: Options) => plan.termOptions(term.meta, options);
  const alwaysRoles = [...new Set(terms.flatMap((t) => t.meta.roles))];
  const rolesFor = (options: Options): string[] => [...new Set(terms.flatMap((t) => t.meta.rolesFor?.(termOptions(t, options)) ?? []))];

  function create(options: Options, models: ModelRoles): Scorer<Row> | Promise<Scorer<Row>> {
    declaration.check?.(options);
    const roles = [...new Set([...alwaysRoles, ...rolesFor(options)])];
    for (const role of roles) {
      if (!models[role]) {
        const users = terms.filter((t) => t.meta.roles.includes(role) || t.meta.rolesFor?.(termOptions(t, options)).includes(role)).map((t) => t.meta.name);
        throw new InputError(`models.${role}`, `the ${name} stack needs a model for role "${role}" (term ${users.join(", ")})`);
      }
    }
    const staticInputs = loadStaticInputs(declaration.inputs ?? {}, options);
    const built = buildResources(name, resources, (r) => plan.termOptions(r, options), staticInputs.hashes);
    const instrument = instrumentOf(declaration, options, roles, models, { ...staticInputs.hashes, ...built.hashes });
    return scorerOf(declaration, options, termOptions, roles, models, staticInputs.values, instrument, built, (r) => plan.termOptions(r, options));
  }

  return {
    name,
    description: declaration.description,
    rowKind: rowKindOf(declaration),
    options: plan.schema as unknown as z.ZodType<Options>,
    modelRoles: alwaysRoles,
    rolesFor,
    terms: terms.map((t) => t.meta),
    composedOf: terms,
    optionLayout: layout,
    create,
    capabilities: declaration.capabilities,
  };
}

/**
 * Every resource the terms need, each once (by identity), those it needs before it. Two different
 * resources under one name are an error here, when the stack is declared.
 */
function resourcesOf(stack: string, terms: readonly Term[]): AnyResource[] {
  const order: AnyResource[] = [];
  const byName = new Map<string, AnyResource>();
  const visit = (resource: AnyResource, path: string): void => {
    if (resource === undefined || (resource.scope !== "scorer" && resource.scope !== "row")) throw new Error(`composeStack ${stack}: ${path} is not a resource`);
    const known = byName.get(resource.name);
    if (known === resource) return;
    if (known) throw new Error(`composeStack ${stack}: two different resources are named "${resource.name}" (${path})`);
    byName.set(resource.name, resource);
    for (const [key, need] of Object.entries(resource.needs ?? {})) {
      if ((need as AnyResource)?.scope !== "scorer") throw new Error(`composeStack ${stack}: resource ${resource.name} needs.${key} must be a scorer resource`);
      visit(need as AnyResource, `resource ${resource.name} needs.${key}`);
    }
    order.push(resource);
  };
  for (const term of terms) for (const [key, need] of Object.entries((term.meta.needs ?? {}) as Record<string, AnyResource>)) visit(need, `term ${term.meta.name} needs.${key}`);
  return order;
}

interface BuiltResources {
  /** Each scorer resource's value, by resource. */
  values: Map<AnyResource, unknown>;
  /** Content hashes of the recorded ones, by name (the instrument's inputs). */
  hashes: Record<string, string>;
  rows: RowResource[];
}

function buildResources(stack: string, resources: readonly AnyResource[], optionsOf: (r: AnyResource) => Record<string, unknown>, inputHashes: Record<string, string>): BuiltResources {
  const values = new Map<AnyResource, unknown>();
  const hashes: Record<string, string> = {};
  for (const resource of resources) {
    if (resource.scope !== "scorer") continue;
    const value = (resource as ScorerResource).load(optionsOf(resource), needsOf(resource.needs, values));
    values.set(resource, value);
    if (!resource.recorded) continue;
    if (resource.name in inputHashes) throw new Error(`composeStack ${stack}: resource "${resource.name}" and a declared input share a name`);
    hashes[resource.name] = hashOf(value);
  }
  return { values, hashes, rows: resources.filter((r): r is RowResource => r.scope === "row") };
}

/** The scorer resources' values a term or resource reads, by its own keys. */
function needsOf(needs: Record<string, AnyResource> | undefined, values: ReadonlyMap<AnyResource, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, need] of Object.entries(needs ?? {})) out[key] = values.get(need);
  return out;
}

function instrumentOf<Options extends Record<string, unknown>, Row, Prepared>(declaration: Complete<Options, Row, Prepared>, options: Options, roles: readonly string[], models: ModelRoles, inputHashes: Record<string, string>): Instrument {
  const omit = new Set(declaration.executionOptions ?? []);
  const recorded = declaration.recordOptions?.(options) ?? Object.fromEntries(Object.entries(options).filter(([k]) => !omit.has(k)));
  const body = {
    stack: declaration.name,
    version: declaration.version,
    options: recorded,
    terms: Object.fromEntries(declaration.terms.map((t) => [t.meta.name, { kind: t.meta.kind, version: t.meta.version }])),
    ...(Object.keys(inputHashes).length ? { inputs: inputHashes } : {}),
    models: Object.fromEntries(roles.map((role) => [role, instrumentModel(models[role].spec)])),
  };
  return { ...body, hash: hashOf(body) };
}

interface RowState {
  /** The stack's prepare(row), for combine. */
  prepared: unknown;
  terms: Record<string, TermValue>;
  values: Record<string, number>;
  error?: RowError;
  gated: boolean;
}

function scorerOf<Options extends Record<string, unknown>, Row, Prepared>(
  declaration: StackDeclaration<Options, Row, Prepared>,
  options: Options,
  termOptions: (term: Term<TermOptionsSchema, Row, Prepared>, options: Options) => Record<string, unknown>,
  roles: readonly string[],
  models: ModelRoles,
  staticInputs: Record<string, unknown>,
  instrument: Instrument,
  built: BuiltResources,
  resourceOptions: (r: AnyResource) => Record<string, unknown>,
): Scorer<Row> {
  const { terms } = declaration;
  const batchRows = declaration.batchRows ?? DEFAULT_BATCH_ROWS;
  const concurrency = typeof declaration.concurrency === "function" ? declaration.concurrency(options) : (declaration.concurrency ?? DEFAULT_CONCURRENCY);
  const termModels = terms.map((t) => {
    const own = new Set([...t.meta.roles, ...(t.meta.rolesFor?.(termOptions(t, options)) ?? [])]);
    return Object.fromEntries(roles.filter((r) => own.has(r)).map((r) => [r, models[r]]));
  });
  const resolvedTermOptions = terms.map((t) => termOptions(t, options));
  // Each term's name and kind in objects of one shape: read off the terms' own metadata (a shape per
  // term) for every row, the reads deoptimized scoreBatch when a term not yet seen reached them.
  const termKeys: TermKey[] = terms.map((t) => ({ name: t.meta.name, kind: t.meta.kind }));
  const rowResources = built.rows.map((resource) => ({ resource, options: resourceOptions(resource), needs: needsOf(resource.needs, built.values) }));
  const termNeeds = terms.map((t) => Object.entries((t.meta.needs ?? {}) as Record<string, AnyResource>).map(([key, need]) => ({ key, need, row: built.rows.indexOf(need as RowResource) })));

  async function scoreBatch(rows: readonly Row[], inputs: Record<string, unknown>, signal: AbortSignal | undefined): Promise<(RowState | RowError)[]> {
    const states: (RowState | RowError)[] = rows.map((row) => {
      const problem = declaration.rowProblem?.(row);
      return problem ? { kind: "input", message: problem } : { prepared: undefined, terms: {}, values: {}, gated: false };
    });
    const prepared: Prepared[] = rows.map((row, i) => {
      if (!declaration.prepare || !isLive(states[i])) return undefined as Prepared;
      try {
        return ((states[i] as RowState).prepared = declaration.prepare(row, { options, inputs }));
      } catch (err) {
        states[i] = rowErrorFrom(err);
        return undefined as Prepared;
      }
    });
    const rowValues = rowResources.map(({ resource, options: o, needs }) => {
      const batch = resource.batch?.({ options: o, needs });
      return rows.map((row, i) => {
        if (!isLive(states[i])) return undefined;
        try {
          return resource.prepare(row, { options: o, needs, batch });
        } catch (err) {
          states[i] = rowErrorFrom(err);
          return undefined;
        }
      });
    });
    const prompts = rows.map(promptOf);
    for (const [t, term] of terms.entries()) {
      const todo: number[] = [];
      for (let i = 0; i < rows.length; i++) if (pending(states[i])) todo.push(i);
      if (todo.length === 0) break;
      const outcomes = await measureSafely(
        term,
        todo.map((i) => rows[i]),
        {
          options: resolvedTermOptions[t],
          models: signal ? Object.fromEntries(Object.entries(termModels[t]).map(([role, client]) => [role, wrapModelClient({ client, middleware: withSignal(signal) })])) : termModels[t],
          inputs,
          prepared: todo.map((i) => prepared[i]),
          needs: Object.fromEntries(termNeeds[t].map(({ key, need, row }) => [key, row >= 0 ? todo.map((i) => rowValues[row][i]) : built.values.get(need)])),
          prompts: todo.map((i) => prompts[i]),
          signal,
        },
      );
      const key = termKeys[t];
      todo.forEach((i, k) => record(states[i] as RowState, key, outcomes[k]));
    }
    return states;
  }

  function toScore(row: Row, state: RowState | RowError, requestHashes: Record<string, string>): Score {
    const id = (row as { id?: unknown } | null)?.id;
    const base = { instrument: instrument.hash, ...(Object.keys(requestHashes).length ? { inputs: requestHashes } : {}) };
    const failed = (terms: Record<string, TermValue>, error: RowError): Score => ({ value: null, terms, ...base, error: `row ${String(id)}: ${error.message}`, error_kind: error.kind });
    if (!isLive(state)) return failed({}, state);
    if (state.error) return failed(state.terms, state.error);
    let combined: CombineResult;
    try {
      combined = combineValues(
        declaration.combine,
        terms.map((t) => t.meta),
        state.values,
        { options, row, terms: state.terms, prepared: state.prepared },
      );
    } catch (err) {
      return failed(state.terms, rowErrorFrom(err));
    }
    const { value } = combined;
    if (!Number.isFinite(value)) return failed(state.terms, { kind: "internal", message: `the ${declaration.name} combination gave ${value}` });
    return { value, terms: combined.terms ? { ...state.terms, ...combined.terms } : state.terms, ...base };
  }

  async function scoreRows(rows: Row[], ctx: ScoreContext = {}): Promise<Score[]> {
    const { signal } = ctx;
    signal?.throwIfAborted();
    const request = resolveRequestInputs(declaration.name, (declaration.inputs ?? {}) as DeclaredInputs<never>, ctx.inputs);
    const inputs = { ...staticInputs, ...request.values };
    const scores: Score[] = new Array(rows.length);
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < rows.length) {
        signal?.throwIfAborted();
        const start = next;
        next += batchRows;
        const batch = rows.slice(start, start + batchRows);
        const states = await scoreBatch(batch, inputs, signal);
        signal?.throwIfAborted();
        states.forEach((state, k) => (scores[start + k] = toScore(batch[k], state, request.hashes)));
        ctx.onScored?.(start, scores.slice(start, start + batch.length));
        done += batch.length;
        ctx.onProgress?.(done, rows.length);
      }
    };
    const workers = Math.max(1, Math.min(concurrency, Math.ceil(rows.length / batchRows)));
    await Promise.all(Array.from({ length: workers }, worker));
    return scores;
  }

  return { instrument, rowKind: rowKindOf(declaration), scoreRows };
}

function isLive(state: RowState | RowError): state is RowState {
  return "terms" in state;
}

/** A row still to be measured: not rejected, not failed, not gated to 0. */
function pending(state: RowState | RowError): boolean {
  return isLive(state) && !state.error && !state.gated;
}

async function measureSafely<Row, Prepared>(
  term: Term<TermOptionsSchema, Row, Prepared>,
  rows: readonly Row[],
  ctx: Parameters<Term<TermOptionsSchema, Row, Prepared>["measure"]>[1],
): Promise<{ value: number | null; details?: Record<string, unknown>; error?: RowError }[]> {
  let outcomes;
  try {
    outcomes = await term.measure(rows, ctx);
  } catch (err) {
    if (ctx.signal?.aborted) throw ctx.signal.reason;
    const error = rowErrorFrom(err);
    return rows.map(() => ({ value: null, error: { kind: error.kind, message: `${term.meta.name}: ${error.message}` } }));
  }
  if (!Array.isArray(outcomes) || outcomes.length !== rows.length) {
    const error: RowError = { kind: "internal", message: `term ${term.meta.name} returned ${Array.isArray(outcomes) ? outcomes.length : "no"} outcomes for ${rows.length} rows` };
    return rows.map(() => ({ value: null, error }));
  }
  return outcomes.map((o) => {
    if (o.error !== undefined) return { value: null, details: o.details, error: asRowError(o.error) };
    if (o.value === null || !Number.isFinite(o.value)) return { value: null, details: o.details, error: { kind: "internal", message: `term ${term.meta.name} gave ${o.value} without an error` } };
    return { value: o.value, details: o.details };
  });
}

interface TermKey {
  name: string;
  kind: Term["meta"]["kind"];
}

function record(state: RowState, key: TermKey, outcome: { value: number | null; details?: Record<string, unknown>; error?: RowError }): void {
  const { name, kind } = key;
  if (outcome.error) {
    state.terms[name] = { value: null, ...(outcome.details ? { details: outcome.details } : {}), error: outcome.error.message };
    state.error = outcome.error;
    return;
  }
  state.terms[name] = outcome.details ? { value: outcome.value, details: outcome.details } : { value: outcome.value };
  state.values[name] = outcome.value as number;
  if (kind === "gate" && outcome.value === 0) state.gated = true;
}
