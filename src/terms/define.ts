// defineTerm checks a term's metadata once, where it is declared, so a stack can trust it: a name
// usable as an option and score key, a version, and options that reject unknown keys.
import { z } from "zod";
import type { NeedsValues, RowResource, ScorerNeeds, ScorerResource, Term, TermNeeds, TermOptionsSchema } from "./types.js";

const TERM_NAME = /^[a-z][a-z0-9_]*$/;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function defineTerm<Schema extends TermOptionsSchema, Row = unknown, Prepared = unknown, Inputs = Record<string, unknown>, Needs extends TermNeeds = {}>(
  term: Term<Schema, Row, Prepared, Inputs, Needs>,
): Term<Schema, Row, Prepared, Inputs, Needs> {
  const { meta } = term;
  if (!TERM_NAME.test(meta.name)) throw new Error(`defineTerm: name "${meta.name}" must be snake_case (it keys options and scores)`);
  if (!meta.version) throw new Error(`defineTerm ${meta.name}: a version is required (it goes into the instrument)`);
  checkOptions(`defineTerm ${meta.name}`, meta.options);
  checkNeeds(`defineTerm ${meta.name}`, meta.needs);
  return term;
}

/** A resource built once per scorer (a loaded file, a compiled table) for the terms that name it in `needs`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function scorerResource<Value, Schema extends TermOptionsSchema, Needs extends ScorerNeeds = {}>(
  resource: Omit<ScorerResource<Value, Schema, Needs>, "scope"> & { load(options: z.output<Schema>, needs: NeedsValues<Needs>): Value },
): ScorerResource<Value, Schema, Needs> {
  checkResource(resource);
  return { ...resource, scope: "scorer" };
}

/** A resource built once per row (one scan every term reads) for the terms that name it in `needs`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function rowResource<Value, Row, Schema extends TermOptionsSchema, Needs extends ScorerNeeds = {}, Batch = undefined>(
  resource: Omit<RowResource<Value, Row, Schema, Needs, Batch>, "scope">,
): RowResource<Value, Row, Schema, Needs, Batch> {
  checkResource(resource);
  return { ...resource, scope: "row" };
}

function checkResource(resource: { name: string; options: TermOptionsSchema; needs?: Record<string, unknown> }): void {
  if (!TERM_NAME.test(resource.name)) throw new Error(`resource "${resource.name}": the name must be snake_case (it keys the instrument's inputs)`);
  checkOptions(`resource ${resource.name}`, resource.options);
  checkNeeds(`resource ${resource.name}`, resource.needs);
}

function checkOptions(what: string, options: unknown): void {
  if (!(options instanceof z.ZodObject)) throw new Error(`${what}: options must be a zod object`);
  // zod 4 keeps "strict" in the object's catchall: z.never() rejects unknown keys.
  const catchall = options.def.catchall;
  if (!(catchall instanceof z.ZodNever)) throw new Error(`${what}: options must be strict (z.object({...}).strict()) so an unknown key is an error`);
}

/** Each need must be a resource (scorerResource / rowResource): an undefined one (a cyclic or missing import) fails here, not per row. */
function checkNeeds(what: string, needs: Record<string, unknown> | undefined): void {
  for (const [key, need] of Object.entries(needs ?? {})) {
    const scope = (need as { scope?: unknown } | undefined)?.scope;
    if (scope !== "scorer" && scope !== "row") throw new Error(`${what}: needs.${key} is not a resource (got ${need === undefined ? "undefined" : typeof need}); declare it with scorerResource or rowResource`);
  }
}
