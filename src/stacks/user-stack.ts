// A user's stack from a file, given where a stack name goes (`--stack ./my-stack.mjs`, `stack:` in a
// config): a module whose default (or `stack`) export is a stack (composeStack) or a declaration
// `{ name, load }`, or a YAML file composing shipped terms and terms from modules it names:
//
//   name: exclaim
//   modules: [./my-terms.mjs]   # optional: modules whose exported terms `use` may name
//   terms:
//     - use: slop               # a shipped term by name; the resources it needs are built for it
//     - use: my_term
//   combine: product            # product | sum | min | weighted_sum (with weights: { term: w })
//   capabilities: { parallel: rows, groupBy: group_id }   # optional (StackCapabilities)
//
// The YAML stack's version is the hash of its composition (terms, combination, weights, the modules'
// content), so the instrument changes when the file or a module it names does.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { errorMessage, InputError } from "../core/errors.js";
import { hashOf, sha256 } from "../core/hash.js";
import { formatIssues } from "../core/issues.js";
import type { Term, TermKind } from "../terms/types.js";
import type { Combine } from "./combine.js";
import { composeStack } from "./compose.js";
import { isBuiltInStack, loadStack, stackNames, type AnyStack } from "./declarations.js";

const MODULE = /\.(m?js|cjs|m?ts|cts)$/i;
const YAML = /\.(ya?ml)$/i;

/** Whether a stack spec names a file rather than a registered stack. */
export function isStackFile(spec: string): boolean {
  return spec.includes("/") || spec.includes("\\") || MODULE.test(spec) || YAML.test(spec);
}

export async function loadStackFile(spec: string, cwd = process.cwd()): Promise<AnyStack> {
  const path = isAbsolute(spec) ? spec : resolve(cwd, spec);
  if (YAML.test(path)) return composeYamlStack(path);
  if (!MODULE.test(path)) throw new InputError("--stack", `${spec}: expected a module (.mjs, .js, .ts) or a YAML composition (.yaml)`);
  const mod = await importModule(path, "--stack");
  const exported = (mod.default ?? mod.stack) as Partial<AnyStack> & { load?: () => Promise<AnyStack> };
  if (exported && typeof exported.create === "function" && typeof exported.name === "string") return exported as AnyStack;
  if (exported && typeof exported.load === "function") return exported.load();
  throw new InputError("--stack", `${spec}: export a stack (composeStack(...)) or { name, load } as default or as \`stack\``);
}

/** Imports a user's module; a .ts one through tsx (a development dependency) when this process runs compiled code. */
async function importModule(path: string, field: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(path).href;
  try {
    return (await import(url)) as Record<string, unknown>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ERR_UNKNOWN_FILE_EXTENSION") throw new InputError(field, `${path}: cannot import: ${errorMessage(err)}`, { cause: err });
  }
  // tsImport loads the module and its TypeScript imports in a namespace of their own: a plain import
  // after registering tsx would meet the failed load Node has already cached for the same URLs.
  let tsImport: (specifier: string, parent: string) => Promise<unknown>;
  try {
    ({ tsImport } = (await import("tsx/esm/api")) as { tsImport: typeof tsImport });
  } catch (err) {
    throw new InputError(field, `${path}: a TypeScript module needs tsx installed (npm install --save-dev tsx), or compile it to .mjs`, { cause: err });
  }
  return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
}

const capabilitiesSchema = z
  .strictObject({
    huntObjective: z.string().min(1).optional(),
    huntPositions: z.array(z.string().min(1)).optional(),
    minedPositions: z.array(z.string().min(1)).optional(),
    huntFamilies: z.array(z.string().min(1)).optional(),
    huntReference: z.string().min(1).optional(),
    groupBy: z.string().min(1).optional(),
    auditTransforms: z.string().min(1).optional(),
    parallel: z.enum(["rows", "none"]).optional(),
  })
  .optional();

const yamlStackSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z][a-z0-9_-]*$/, "lower-case letters, digits, _ or -, starting with a letter"),
    description: z.string().min(1).optional(),
    modules: z.array(z.string().min(1)).default([]),
    terms: z.array(z.strictObject({ use: z.string().min(1) })).min(1),
    combine: z.enum(["product", "sum", "min", "weighted_sum"]).default("product"),
    weights: z.record(z.string(), z.number()).optional(),
    capabilities: capabilitiesSchema,
  })
  .superRefine((s, ctx) => {
    if (s.combine === "weighted_sum" && !s.weights) ctx.addIssue({ code: "custom", path: ["weights"], message: "required with combine: weighted_sum" });
    if (s.combine !== "weighted_sum" && s.weights) ctx.addIssue({ code: "custom", path: ["weights"], message: "only with combine: weighted_sum" });
  });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTerm = Term<any, any, any, any, any>;

async function composeYamlStack(path: string): Promise<AnyStack> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new InputError("--stack", `${path}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "file not found" : errorMessage(err)}`, { cause: err });
  }
  let raw: unknown;
  try {
    raw = (createRequire(import.meta.url)("yaml") as typeof import("yaml")).parse(text, { uniqueKeys: true });
  } catch (err) {
    throw new InputError(path, `not valid YAML: ${errorMessage(err).split("\n")[0]}`, { cause: err });
  }
  const parsed = yamlStackSchema.safeParse(raw);
  if (!parsed.success) throw new InputError(path, formatIssues(parsed.error), { cause: parsed.error });
  const spec = parsed.data;
  const dir = resolve(path, "..");
  const available = new Map<string, AnyTerm>();
  const moduleHashes: Record<string, string> = {};
  for (const m of spec.modules) {
    const file = isAbsolute(m) ? m : resolve(dir, m);
    moduleHashes[m] = sha256(readFileSync(file));
    for (const value of Object.values(await importModule(file, `${path}: modules`))) if (isTerm(value)) available.set(value.meta.name, value);
  }
  const shipped = await shippedTerms();
  const terms = spec.terms.map(({ use }, i) => {
    const term = available.get(use) ?? shipped.get(use);
    if (!term) throw new InputError(`${path}: terms.${i}.use`, `no term "${use}"; shipped terms: ${[...shipped.keys()].join(", ")}${available.size ? `; from modules: ${[...available.keys()].join(", ")}` : ""}`);
    return term;
  });
  const combine = combineOf(spec.combine, spec.weights, terms);
  try {
    return composeStack({
      name: spec.name,
      description: spec.description ?? `${spec.combine} of ${spec.terms.map((t) => t.use).join(", ")} (${path})`,
      version: `yaml-${hashOf({ terms: spec.terms.map((t) => t.use), combine: spec.combine, weights: spec.weights ?? null, modules: moduleHashes }).slice(0, 16)}`,
      rowKind: "reply",
      terms,
      combine,
      ...(spec.capabilities ? { capabilities: spec.capabilities } : {}),
      rowProblem: (row: { output?: unknown }) => (typeof row?.output === "string" ? null : "`output` must be a string"),
    });
  } catch (err) {
    throw new InputError(path, errorMessage(err), { cause: err });
  }
}

const COMBINED: readonly TermKind[] = ["factor", "additive", "screen"];

function combineOf(mode: "product" | "sum" | "min" | "weighted_sum", weights: Record<string, number> | undefined, terms: readonly AnyTerm[]): Combine {
  if (mode === "product") return "product";
  if (mode === "weighted_sum") return { weights: weights! };
  const names = terms.filter((t) => COMBINED.includes(t.meta.kind)).map((t) => t.meta.name);
  if (mode === "sum") return { weights: Object.fromEntries(names.map((n) => [n, 1])) };
  return (values) => Math.min(...names.map((n) => values[n]));
}

function isTerm(value: unknown): value is AnyTerm {
  const t = value as AnyTerm | undefined;
  return typeof t === "object" && t !== null && typeof t.measure === "function" && typeof t.meta?.name === "string";
}

/** Every term of the built-in stacks over bank rows, by name (a transcript stack's terms read its session plan). */
async function shippedTerms(): Promise<Map<string, AnyTerm>> {
  const out = new Map<string, AnyTerm>();
  for (const name of stackNames().filter(isBuiltInStack)) {
    const stack = await loadStack(name);
    if (stack.rowKind !== "bank") continue;
    for (const term of stack.composedOf ?? []) if (!out.has(term.meta.name)) out.set(term.meta.name, term);
  }
  return out;
}
