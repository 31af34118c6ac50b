// `foolsgold validate FILE…`: check artifacts, row files and dictionaries against the published JSON
// Schemas (schemas/README.md). A .json file is an artifact (by its `kind`), a slop dictionary or a
// pre-registration (by its `format`); a JSON Lines file's rows follow --schema, or the row kind their
// fields show. Exit 0 when every file is valid, 1 when one is not (each problem named), 2 when a file
// cannot be read or its kind cannot be told.
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { InputError } from "../../core/errors.js";
import { parseJsonl } from "../../core/jsonl.js";
import { schemaIds, validateAgainst, type SchemaProblem } from "../../schemas/validate.js";
import { ExitCode } from "../index.js";

interface Options {
  schema?: string;
  json?: boolean;
}

interface FileReport {
  file: string;
  schema: string;
  /** A certify artifact: its claims are checked by `certify verify`, not here. */
  certificate?: boolean;
  checked: number;
  problems: (SchemaProblem & { line?: number })[];
}

function documentSchema(doc: unknown, file: string): string {
  const d = (doc ?? {}) as { kind?: unknown; format?: unknown };
  if (d.format === "foolsgold-prose-dictionary") return "prose-dictionary.schema.json";
  if (d.format === "foolsgold-preregistration/1") return "preregistration.schema.json";
  if (typeof d.kind === "string") return "artifact.schema.json";
  throw new InputError(file, "is neither an artifact (no `kind`) nor a dictionary or pre-registration (no known `format`): pass --schema");
}

/** The row schema a row's own fields point to. */
function rowSchema(row: unknown): string {
  const r = (row ?? {}) as Record<string, unknown>;
  if (r.format === "foolsgold-prereg-log/1") return "rows/registry-entry.schema.json";
  if (Array.isArray(r.turns)) return r.score === undefined ? "rows/transcript-row.schema.json" : "rows/scored-transcript-row.schema.json";
  if (Array.isArray(r.scores) && Array.isArray(r.messages)) return "scored-data-group.schema.json";
  if (typeof r.step === "number" && r.output === undefined) return "rows/signals-row.schema.json";
  if (typeof r.step === "number" && typeof r.score === "number") return "clean_score" in r ? "rows/training-log-row.schema.json" : "rows/mirror-row.schema.json";
  return typeof r.score === "object" && r.score !== null ? "rows/scored-bank-row.schema.json" : "rows/bank-row.schema.json";
}

function schemaOption(schema: string | undefined): string | undefined {
  if (schema === undefined) return undefined;
  const id = schema.endsWith(".schema.json") ? schema : `${schema}.schema.json`;
  const known = schemaIds();
  const match = known.find((k) => k === id || k === `rows/${id}` || k === `artifacts/${id}`);
  if (!match) throw new InputError("--schema", `unknown schema "${schema}"; one of: ${known.map((k) => k.replace(/\.schema\.json$/, "")).join(", ")}`);
  return match;
}

function check(file: string, forced: string | undefined): FileReport {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new InputError(file, `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  if (/\.jsonl$/i.test(file)) {
    const rows = parseJsonl(bytes, file).rows as unknown[];
    if (rows.length === 0) throw new InputError(file, "has no rows");
    const problems: FileReport["problems"] = [];
    const used = new Set<string>();
    rows.forEach((row, i) => {
      const schema = forced ?? rowSchema(row);
      used.add(schema);
      const v = validateAgainst(schema, row);
      if (!v.ok) problems.push(...v.problems.map((p) => ({ ...p, line: i + 1 })));
    });
    return { file, schema: [...used].join(", "), checked: rows.length, problems };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(bytes.toString("utf8"));
  } catch (err) {
    throw new InputError(file, `is not valid JSON (${(err as Error).message}); JSON Lines files need the .jsonl extension`);
  }
  const schema = forced ?? documentSchema(doc, file);
  const v = validateAgainst(schema, doc);
  const certificate = (doc as { kind?: unknown } | null)?.kind === "certify";
  return { file, schema, checked: 1, problems: v.ok ? [] : v.problems, ...(certificate ? { certificate } : {}) };
}

export function register(program: Command): void {
  program
    .command("validate")
    .description("check artifacts, row files (.jsonl) and dictionaries against the published JSON Schemas (shape only; certify verify recomputes a certificate)")
    .argument("<files...>", "files to check")
    .option("--schema <name>", "schema for every file, e.g. bank-row, scored-bank-row, onset (default: told by each file's kind, format or fields)")
    .option("--json", "print the reports as JSON")
    .addHelpText("after", "\nExit status: 0 all valid, 1 a file is not valid (problems named), 2 unusable input.")
    .action((files: string[], opts: Options) => {
      const forced = schemaOption(opts.schema);
      const reports = files.map((f) => check(f, forced));
      if (opts.json) process.stdout.write(JSON.stringify(reports, null, 2) + "\n");
      else {
        for (const r of reports) {
          const head = `${r.file}: ${r.problems.length === 0 ? "valid" : "NOT VALID"} (${r.schema}; ${r.checked} ${r.checked === 1 ? "document" : "rows"})`;
          const lines = r.problems.slice(0, 20).map((p) => `  ${p.line !== undefined ? `line ${p.line} ` : ""}${p.path || "(root)"}: ${p.message}`);
          if (r.problems.length > 20) lines.push(`  … and ${r.problems.length - 20} more`);
          process.stdout.write([head, ...lines].join("\n") + "\n");
        }
        process.stdout.write(`schema check only: the shape of each file, not whether what it says is true${reports.some((r) => r.certificate) ? "; to recompute a certificate from its inputs run foolsgold certify verify FILE" : ""}\n`);
      }
      if (reports.some((r) => r.problems.length > 0)) throw new ExitCode(1);
    });
}
