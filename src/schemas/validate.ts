// The published JSON Schemas (schemas/*.schema.json, draft 2020-12) loaded into one ajv instance, so the
// CLI, the library and the tests check a document against exactly the files users get. Problems come
// back as values naming the JSON path and what is wrong there.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";

/** The schemas folder shipped with the package (beside src/ in a checkout, beside dist/ when installed). */
export const SCHEMAS_DIR = fileURLToPath(new URL("../../schemas/", import.meta.url));

// ajv-formats is CommonJS with a `default` export; under NodeNext the import is the module object.
const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface SchemaProblem {
  /** JSON Pointer of the offending value ("" for the document itself). */
  path: string;
  message: string;
}

export type Validation = { ok: true } | { ok: false; problems: SchemaProblem[] };

let shared: Ajv2020 | undefined;

function schemaFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? schemaFiles(dir, `${prefix}${e.name}/`) : e.name.endsWith(".schema.json") ? [`${prefix}${e.name}`] : []));
}

/** Every published schema's `$id` is this base plus its path under schemas/, so relative `$ref`s resolve as files do. */
export const SCHEMA_ID_BASE = "https://foolsgold.dev/schemas/";

function readSchema(dir: string, file: string): Record<string, unknown> {
  const schema = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
  if (schema.$id !== SCHEMA_ID_BASE + file) throw new Error(`schemas/${file}: its $id must be ${SCHEMA_ID_BASE}${file}`);
  return schema;
}

/** One ajv instance holding every published schema, each under its `$id` (SCHEMA_ID_BASE + path). */
export function schemaRegistry(dir = SCHEMAS_DIR): Ajv2020 {
  if (dir === SCHEMAS_DIR && shared) return shared;
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  for (const file of schemaFiles(dir)) ajv.addSchema(readSchema(dir, file));
  if (dir === SCHEMAS_DIR) shared = ajv;
  return ajv;
}

/** Every published schema by its path under schemas/, e.g. "artifact.schema.json", "rows/bank-row.schema.json". */
export function schemaIds(dir = SCHEMAS_DIR): string[] {
  return schemaFiles(dir).sort();
}

function messageOf(e: ErrorObject, all: ErrorObject[]): string {
  const params = e.params as { additionalProperty?: string; allowedValues?: unknown[]; propertyName?: string };
  if (e.keyword === "additionalProperties") return `${e.message} (${params.additionalProperty})`;
  if (e.keyword === "enum") return `${e.message} (${(params.allowedValues ?? []).map((v) => JSON.stringify(v)).join(", ")})`;
  if (e.keyword === "propertyNames") {
    const inner = all.find((x) => (x as { propertyName?: string }).propertyName === params.propertyName && x.instancePath === e.instancePath);
    return `property name ${JSON.stringify(params.propertyName)} ${inner?.message ?? "is not allowed"}`;
  }
  return e.message ?? e.keyword;
}

function problemsOf(errors: ErrorObject[] | null | undefined): SchemaProblem[] {
  // A failed if/then adds an "if" error beside the ones that say why, and a bad property name comes with
  // the inner pattern error (flagged by ajv with `propertyName`): keep only the telling one of each.
  const all = errors ?? [];
  const telling = all.filter((e) => e.keyword !== "if" && !("propertyName" in e));
  const seen = new Set<string>();
  const out: SchemaProblem[] = [];
  for (const e of telling.length > 0 ? telling : all) {
    const problem = { path: e.instancePath, message: messageOf(e, all) };
    const key = `${problem.path} ${problem.message}`;
    if (!seen.has(key)) seen.add(key), out.push(problem);
  }
  return out;
}

/** Validates `value` against a published schema, named by its path under schemas/ (or its full `$id`). */
export function validateAgainst(id: string, value: unknown, ajv = schemaRegistry()): Validation {
  const check: ValidateFunction | undefined = ajv.getSchema(id.startsWith(SCHEMA_ID_BASE) ? id : SCHEMA_ID_BASE + id);
  if (!check) throw new Error(`no published schema at schemas/${id}`);
  return check(value) ? { ok: true } : { ok: false, problems: problemsOf(check.errors) };
}

/** Validates a foolsgold artifact (any kind) against schemas/artifact.schema.json. */
export function validateArtifact(value: unknown): Validation {
  return validateAgainst("artifact.schema.json", value);
}

/** "path: message" lines, the first few, for an error message. */
export function formatProblems(problems: SchemaProblem[], limit = 5): string {
  const lines = problems.slice(0, limit).map((p) => `${p.path || "(root)"}: ${p.message}`);
  if (problems.length > limit) lines.push(`… and ${problems.length - limit} more`);
  return lines.join("; ");
}
