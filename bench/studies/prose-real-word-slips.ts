// Calibration of the real-word slip reading (issue 36, fourth round; src/text/spelling.ts,
// costlyRealWordSlip): every human text of the shared corpora (the 10,021 Gutenberg paragraphs, Brown's
// fiction passages, HANNA's 96 human stories) scored alone by the default prose preset, written to
// --out; given --compare (the same run on the code without the reading), how many human texts change and
// by how much (mean change with a 95% t interval, the largest drop), per corpus, and the words read as
// slips. Run it on both commits:
//   npx tsx bench/studies/prose-real-word-slips.ts --out /tmp/before.json            (at the parent commit)
//   npx tsx bench/studies/prose-real-word-slips.ts --out /tmp/after.json --compare /tmp/before.json
import { readFileSync, writeFileSync } from "node:fs";
import { readJsonl } from "../../src/core/jsonl.js";
import type { BankRow } from "../../src/core/types.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { loadBrown, loadHannaHuman } from "../helpers/prose-data.js";
import { arg } from "../helpers/args.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const corpora: Record<string, BankRow[]> = {
  gutenberg: readJsonl<{ text: string }>(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")).rows.map((r, i) => ({ id: `gutenberg-paragraph-${i}`, output: r.text })),
  brown: loadBrown(sharedPath("human_prose/fiction_brown_1961.jsonl")).map((r) => ({ id: r.id, prompt: r.prompt, output: r.output })),
  hanna: loadHannaHuman(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl")).map((r) => ({ id: r.id, prompt: r.prompt, output: r.output })),
};

const out = arg("--out") ?? "/tmp/prose-real-word-slips.json";
const compare = arg("--compare");
const stack = await getStack("prose").create(proseOptions.parse({}), {});
const started = process.cpuUsage();
const scores: Record<string, Record<string, number | null>> = {};
for (const [name, rows] of Object.entries(corpora)) {
  scores[name] = {};
  // One row per call: a text is scored alone (the length gate compares rows within a call).
  for (const row of rows) scores[name][row.id] = (await stack.scoreRows([row]))[0].value;
}
const cpu = process.cpuUsage(started);
writeFileSync(out, JSON.stringify(scores) + "\n");
console.log(`scored ${Object.values(corpora).reduce((n, r) => n + r.length, 0)} human texts in ${((cpu.user + cpu.system) / 1e6).toFixed(0)} CPU-s; wrote ${out}`);

if (compare) {
  const before = JSON.parse(readFileSync(compare, "utf8")) as typeof scores;
  const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(4);
  for (const [name, after] of Object.entries(scores)) {
    const ids = Object.keys(after);
    const deltas = ids.map((id) => (after[id] ?? 0) - (before[name][id] ?? 0));
    const changed = deltas.filter((d) => d !== 0);
    const ci = meanCi(deltas);
    const worst = Math.min(0, ...deltas);
    console.log(
      `${name}: ${changed.length} of ${ids.length} texts change; mean Δ ${fmt(ci.mean)} [${fmt(ci.ci[0])}, ${fmt(ci.ci[1])}] (95% t, n=${ids.length}); among the changed, mean Δ ${changed.length ? fmt(changed.reduce((a, b) => a + b, 0) / changed.length) : "–"}, largest drop ${fmt(worst)}`,
    );
  }
}
