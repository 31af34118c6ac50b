// Real replies for the prose category tests: slop-score creative lines ≡ 3 mod 10 (never the held-out
// lines ≡ 7 mod 10), and the default prose stack's values for them. Callers skip without the shared data.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import type { BankRow } from "../../src/core/types.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { getStack } from "../../src/stacks/registry.js";
import { hasSharedData, sharedPath } from "./shared-data.js";

/** The non-empty lines of a gzipped JSON Lines file. */
export const gzLines = (path: string): string[] =>
  gunzipSync(readFileSync(path))
    .toString("utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");

/** The first `count` creative replies of the tuning slice, as bank rows (none without the shared data). */
export function tuningReplies(count: number): BankRow[] {
  if (!hasSharedData) return [];
  return gzLines(sharedPath("model_prose/slopscore_outputs.jsonl.gz"))
    .flatMap((l, i) => {
      if (i % 10 !== 3) return [];
      const r = JSON.parse(l) as { kind: string; prompt: string; text: string };
      return r.kind === "creative" ? [{ id: `slopscore-line-${i}`, prompt: r.prompt, output: r.text }] : [];
    })
    .slice(0, count);
}

/** The default prose stack's value for each row. */
export const scoreProse = async (rows: BankRow[]): Promise<number[]> => (await (await getStack("prose").create(proseOptions.parse({}), {})).scoreRows(rows)).map((s) => s.value as number);
