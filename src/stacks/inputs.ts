// Declared inputs: the only state a term may read besides its row, options and model responses.
// A static input (a versioned file, a calibration table) is loaded once when the scorer is created and
// its hash goes into the instrument; a per-request input (a policy's recent phrase rates) comes with
// each scoring call, is validated, and its hash is recorded on every score it produced.
import type { z } from "zod";
import { InputError } from "../core/errors.js";
import { hashOf } from "../core/hash.js";
import { formatIssues } from "../core/issues.js";

export type DeclaredInput<Options = Record<string, unknown>> = { from: "static"; description: string; load(options: Options): unknown } | { from: "request"; description: string; schema: z.ZodType };

export type DeclaredInputs<Options = Record<string, unknown>> = Record<string, DeclaredInput<Options>>;

export interface StaticInputs {
  values: Record<string, unknown>;
  hashes: Record<string, string>;
}

export function loadStaticInputs<Options>(declared: DeclaredInputs<Options>, options: Options): StaticInputs {
  const values: Record<string, unknown> = {};
  const hashes: Record<string, string> = {};
  for (const [name, input] of Object.entries(declared)) {
    if (input.from !== "static") continue;
    values[name] = input.load(options);
    hashes[name] = hashOf(values[name]);
  }
  return { values, hashes };
}

export interface RequestInputs {
  values: Record<string, unknown>;
  /** Hash of each given per-request input, recorded on every score. */
  hashes: Record<string, string>;
}

export function resolveRequestInputs(stack: string, declared: DeclaredInputs<never>, given: Record<string, unknown> | undefined): RequestInputs {
  const values: Record<string, unknown> = {};
  const hashes: Record<string, string> = {};
  for (const name of Object.keys(given ?? {})) {
    if (declared[name]?.from !== "request") {
      const known = Object.entries(declared)
        .filter(([, d]) => d.from === "request")
        .map(([n]) => n);
      throw new InputError(`inputs.${name}`, `the ${stack} stack takes no per-request input "${name}"${known.length ? `; it takes ${known.join(", ")}` : ""}`);
    }
  }
  for (const [name, input] of Object.entries(declared)) {
    if (input.from !== "request") continue;
    const parsed = input.schema.safeParse(given?.[name]);
    if (!parsed.success) throw new InputError("inputs", formatIssues(parsed.error, [name]), { cause: parsed.error });
    values[name] = parsed.data;
    if (parsed.data !== undefined) hashes[name] = hashOf(parsed.data);
  }
  return { values, hashes };
}
