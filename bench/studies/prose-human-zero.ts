// Does the default prose reward give any human text 0? Every human prose text in the shared data scored
// alone under both presets (the 10,021 Gutenberg paragraphs, the 2,519 passages of the validation split,
// the 96 HANNA stories), counting zeros by their cause (the gate that failed, or a factor at 0).
// Writes reports/prose-human-zero/report.json (counts and ids; no corpus text).
//   npx tsx bench/studies/prose-human-zero.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { readJsonl } from "../../src/core/jsonl.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { loadBrown, loadGutenberg, loadHannaHuman } from "../helpers/prose-data.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const paragraphs: BankRow[] = readJsonl<{ text: string }>(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")).rows.map((r, i) => ({ id: `gutenberg-paragraph-${i}`, output: r.text }));
const passages: BankRow[] = [
  ...loadGutenberg(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")),
  ...loadBrown(sharedPath("human_prose/fiction_brown_1961.jsonl")),
  ...loadHannaHuman(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl")),
].map((r) => ({ id: r.id, prompt: r.prompt, output: r.output }));

/** Why a score is 0: the failed gate, or the factors at 0. */
function cause(s: Score): string {
  const gate = s.terms.gates?.details?.failed;
  if (typeof gate === "string") return `gate:${gate}`;
  return (
    Object.entries(s.terms)
      .filter(([, t]) => t.value === 0)
      .map(([k]) => k)
      .join("+") || "error"
  );
}

const report: Record<string, unknown> = {};
for (const preset of ["hardened", "seed"] as const) {
  const stack = await getStack("prose").create(proseOptions.parse({ preset }), {});
  const byCorpus: Record<string, unknown> = {};
  for (const [name, rows] of Object.entries({ gutenberg_paragraphs: paragraphs, passages })) {
    const zeros: Record<string, string[]> = {};
    // One row per call: a paragraph is scored alone (the length gate compares rows within a call).
    for (const row of rows) {
      const [s] = await stack.scoreRows([row]);
      if (s.value === 0 || s.value === null) (zeros[cause(s)] ??= []).push(row.id);
    }
    byCorpus[name] = { n: rows.length, zero: Object.values(zeros).reduce((a, z) => a + z.length, 0), by_cause: Object.fromEntries(Object.entries(zeros).map(([k, ids]) => [k, { n: ids.length, ids: ids.slice(0, 20) }])) };
  }
  report[preset] = byCorpus;
}
mkdirSync("reports/prose-human-zero", { recursive: true });
writeFileSync("reports/prose-human-zero/report.json", JSON.stringify(report, null, 2) + "\n");
console.log(JSON.stringify(report, null, 2));
