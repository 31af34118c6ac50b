// Stack options are validated by the chosen stack's own zod schema, after the file itself passed.
import type { z } from "zod";
import { InputError } from "../core/errors.js";
import { formatIssues } from "../core/issues.js";

/** Validates `options` against a stack's schema; errors read `file: options.weights.taste: …`. */
export function parseStackOptions<T>(schema: z.ZodType<T>, options: unknown, file: string): T {
  const result = schema.safeParse(options ?? {});
  if (!result.success) throw new InputError(file, formatIssues(result.error, ["options"]), { cause: result.error });
  return result.data;
}
