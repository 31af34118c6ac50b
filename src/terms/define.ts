// defineTerm checks a term's metadata once, where it is declared, so a stack can trust it: a name
// usable as an option and score key, a version, and options that reject unknown keys.
import { z } from "zod";
import type { Term, TermOptionsSchema } from "./types.js";

const TERM_NAME = /^[a-z][a-z0-9_]*$/;

export function defineTerm<Schema extends TermOptionsSchema, Row = unknown, Prepared = unknown, Inputs = Record<string, unknown>>(
  term: Term<Schema, Row, Prepared, Inputs>,
): Term<Schema, Row, Prepared, Inputs> {
  const { meta } = term;
  if (!TERM_NAME.test(meta.name)) throw new Error(`defineTerm: name "${meta.name}" must be snake_case (it keys options and scores)`);
  if (!meta.version) throw new Error(`defineTerm ${meta.name}: a version is required (it goes into the instrument)`);
  if (!(meta.options instanceof z.ZodObject)) throw new Error(`defineTerm ${meta.name}: options must be a zod object`);
  // zod 4 keeps "strict" in the object's catchall: z.never() rejects unknown keys.
  const catchall = meta.options.def.catchall;
  if (!(catchall instanceof z.ZodNever)) throw new Error(`defineTerm ${meta.name}: options must be strict (z.object({...}).strict()) so an unknown key is an error`);
  return term;
}
