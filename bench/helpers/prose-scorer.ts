// The composed prose scorer (what `score --stack prose` opens) over a dictionary held in memory, e.g. one
// a study has just mined: the stack reads its dictionary from a file, so the dictionary is written to a
// temporary one first (removed at exit).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BankRow } from "../../src/core/types.js";
import { proseOptions, proseStack } from "../../src/stacks/prose.js";
import type { Scorer } from "../../src/stacks/types.js";
import { dictionaryFile, type ProseDictionary } from "../../src/terms/prose/dictionary.js";

let dir: string | undefined;
const files = new Map<ProseDictionary, string>();

function fileOf(dictionary: ProseDictionary): string {
  let path = files.get(dictionary);
  if (path) return path;
  if (!dir) {
    const made = (dir = mkdtempSync(join(tmpdir(), "foolsgold-bench-")));
    process.on("exit", () => rmSync(made, { recursive: true, force: true }));
  }
  path = join(dir, `dictionary-${files.size}.json`);
  writeFileSync(path, JSON.stringify(dictionaryFile(dictionary)));
  files.set(dictionary, path);
  return path;
}

/** The prose stack under `options` (a preset, `off`, any term option) with `dictionary`. */
export async function proseScorer(dictionary: ProseDictionary, options: Record<string, unknown> = {}): Promise<Scorer<BankRow>> {
  return (await proseStack.create(proseOptions.parse({ ...options, dictionary: fileOf(dictionary) }), {})) as Scorer<BankRow>;
}
