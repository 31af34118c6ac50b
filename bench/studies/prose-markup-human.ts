// How the markup and paratext reading (issue 36, markup37) changes human text: every human prose text in
// the shared data (the 10,021 Gutenberg paragraphs, the validation passages of Gutenberg and Brown, the
// 96 HANNA stories) read by this tree and by a base checkout; the texts whose reading differs are scored
// alone under the default preset by both, and the changes are summarized (n changed, mean and 95% CI of
// the change, the largest changes). No corpus text is printed beyond the first words of changed lines.
//   git worktree add /tmp/base 95b91e3 && ln -s "$PWD/node_modules" /tmp/base/node_modules
//   npx tsx bench/studies/prose-markup-human.ts --base /tmp/base
import { resolve } from "node:path";
import type { BankRow } from "../../src/core/types.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { readJsonl } from "../../src/core/jsonl.js";
import { arg } from "../helpers/args.js";
import { loadBrown, loadGutenberg, loadHannaHuman } from "../helpers/prose-data.js";
import { uptimeLine } from "../heldout2/provenance.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const base = arg("--base");
if (!base) {
  console.error("--base: a checkout of the base commit is required");
  process.exit(2);
}

type Reader = { visibleProse: (s: string) => string };
type Opener = { openScorer: (o: { stack: string }) => Promise<{ scorer: { scoreRows: (rows: BankRow[]) => Promise<{ value: number | null }[]> } }> };
const here = resolve(import.meta.dirname, "../..");
const load = async (root: string) => ({ read: (await import(`${root}/src/terms/prose/read.ts`)) as Reader, open: (await import(`${root}/src/stacks/open.ts`)) as Opener });
const [mine, theirs] = [await load(here), await load(resolve(base))];

const corpora: Record<string, BankRow[]> = {
  gutenberg_paragraphs: readJsonl<{ text: string }>(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")).rows.map((r, i) => ({ id: `gutenberg-paragraph-${i}`, output: r.text })),
  gutenberg_passages: loadGutenberg(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")),
  brown: loadBrown(sharedPath("human_prose/fiction_brown_1961.jsonl")),
  hanna: loadHannaHuman(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl")),
};
const started = process.cpuUsage();
const [a, b] = [(await mine.open.openScorer({ stack: "prose" })).scorer, (await theirs.open.openScorer({ stack: "prose" })).scorer];
console.log(`# Human text under the markup and paratext reading (default preset; base ${base})\n`);
console.log("| corpus | texts | reading changed | score changed (abs > 1e-9) | mean change [95% CI] | largest rise | largest fall |");
console.log("|---|---|---|---|---|---|---|");
const examples: string[] = [];
for (const [name, rows] of Object.entries(corpora)) {
  const changed = rows.filter((r) => mine.read.visibleProse(r.output as string) !== theirs.read.visibleProse(r.output as string));
  const deltas: number[] = [];
  for (const row of changed) {
    const [x] = await a.scoreRows([row]);
    const [y] = await b.scoreRows([row]);
    deltas.push((x.value as number) - (y.value as number));
    if (examples.length < 12) {
      const before = theirs.read.visibleProse(row.output as string).split("\n");
      const after = new Set(mine.read.visibleProse(row.output as string).split("\n"));
      const gone = before.filter((l) => l.trim() !== "" && !after.has(l));
      examples.push(`${name} ${row.id}: ${((x.value as number) - (y.value as number)).toFixed(3)}; lines read differently: ${gone.map((l) => JSON.stringify(l.slice(0, 40))).join(", ")}`);
    }
  }
  const moved = deltas.filter((d) => Math.abs(d) > 1e-9);
  const ci = deltas.length >= 2 ? meanCi(deltas) : { mean: deltas[0] ?? 0, ci: [Number.NaN, Number.NaN] };
  console.log(`| ${name} | ${rows.length} | ${changed.length} | ${moved.length} | ${ci.mean.toFixed(4)} [${ci.ci[0].toFixed(4)}, ${ci.ci[1].toFixed(4)}] | ${Math.max(0, ...deltas).toFixed(3)} | ${Math.min(0, ...deltas).toFixed(3)} |`);
}
console.log(`\nExamples (first 12 changed texts):\n${examples.map((e) => `- ${e}`).join("\n")}`);
const cpu = process.cpuUsage(started);
console.log(`\n${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU; uptime: ${uptimeLine()}`);
process.exit(0);
