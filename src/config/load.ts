// Reading a config file: YAML or JSON by extension (YAML for anything else, as it reads JSON too),
// then zod. Every failure is an InputError naming the file, the path inside it and the problem.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extname } from "node:path";
import { InputError, errorMessage } from "../core/errors.js";
import { formatIssues } from "../core/issues.js";
import { configSchema, type FoolsgoldConfig } from "./schema.js";

// yaml is loaded when a YAML config is read, not by every command that may read one: importing it
// costs ~70 ms of CPU in each `score` process and each of its scoring threads.
const yaml = (): typeof import("yaml") => createRequire(import.meta.url)("yaml") as typeof import("yaml");

export function loadConfig(path: string): FoolsgoldConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(path, code === "ENOENT" ? "config file not found" : `cannot read config file: ${errorMessage(err)}`, { cause: err });
  }
  return parseConfig(text, path);
}

/** Parses config text; `file` names it in errors (and picks JSON for *.json). */
export function parseConfig(text: string, file: string): FoolsgoldConfig {
  const raw = extname(file).toLowerCase() === ".json" ? parseJson(text, file) : parseYamlText(text, file);
  const result = configSchema.safeParse(raw ?? {});
  if (!result.success) throw new InputError(file, formatIssues(result.error), { cause: result.error });
  return result.data;
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError(file, `not valid JSON: ${errorMessage(err)}`, { cause: err });
  }
}

function parseYamlText(text: string, file: string): unknown {
  const { parse, YAMLParseError } = yaml();
  try {
    return parse(text, { prettyErrors: true, uniqueKeys: true });
  } catch (err) {
    if (err instanceof YAMLParseError) {
      const at = err.linePos?.[0];
      const where = at ? `${file}:${at.line}:${at.col}` : file;
      throw new InputError(where, `not valid YAML: ${err.message.split("\n")[0]}`, { cause: err });
    }
    throw new InputError(file, `not valid YAML: ${errorMessage(err)}`, { cause: err });
  }
}
