// Second held-out prose battery (issue 36, written before the fixes; see prose-edit-classes.ts). On
// held-out real creative replies (slopscore creative lines whose 0-based line index ≡ 7 mod 10; a seeded
// sample), each class of cheap edits is applied to every reply, and the edited replies are scored together
// as one batch under the DEFAULT prose preset through the library (openScorer), like a policy that has
// learned the edit. Per class: n (replies the edit changed), mean gain (after − before), 95% CI (paired t
// interval) and whether it PAYS: CI lower bound > 0.005. Then degenerate texts built from each reply's own
// words against that reply's careful opening on the same prompt (the degenerate text must score lower).
// Prints the git commit and `uptime` load beside the figures.
//   npx tsx bench/heldout2/prose-edits.ts [--rows 100] [--seed h36] [--only SUBSTRING] [--json FILE]
import { readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createRng } from "../../src/core/random.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";
import { commitLine, uptimeLine } from "./provenance.js";
import { DEGENERATE, EDIT_CLASSES, openingOf, type EditContext } from "./prose-edit-classes.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const ROWS = Number(arg("--rows") ?? 100);
const SEED = arg("--seed") ?? "h36";
const ONLY = arg("--only");
const COSTLY_WORDS = 500;
const COSTLY_PHRASES = 500;
const PAYS_ABOVE = 0.005;

const lines = (path: string) =>
  (path.endsWith(".gz") ? gunzipSync(readFileSync(path)).toString("utf8") : readFileSync(path, "utf8")).split("\n").filter((l) => l.trim() !== "");

interface Slop {
  kind: string;
  prompt: string;
  text: string;
}
const slopscore = lines(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).map((l, i) => ({ i, ...(JSON.parse(l) as Slop) }));

/** Held-out creative rows: line index ≡ 7 (mod 10), kind creative; a seeded sample of ROWS. */
const rows: (BankRow & { prompt: string })[] = createRng(`heldout2-prose/${SEED}`)
  .shuffle(slopscore.filter((r) => r.i % 10 === 7 && r.kind === "creative").map((r) => ({ id: `slopscore-line-${r.i}`, prompt: r.prompt, output: r.text })))
  .slice(0, ROWS);

const costly = new Set(
  (JSON.parse(readFileSync(sharedPath("reference_lists/slop_words_2025-04-07.json"), "utf8")) as [string, number][]).slice(0, COSTLY_WORDS).map(([w]) => w.toLowerCase()),
);
const costlyPhrases = (JSON.parse(readFileSync(sharedPath("reference_lists/slop_phrases_2025-04-07.json"), "utf8")) as [string, number][])
  .slice(0, COSTLY_PHRASES)
  .map(([p]) => p.toLowerCase())
  .sort((a, b) => b.length - a.length);

const words = (t: string) => t.split(/\s+/).length;
const clip = (text: string, n: number) => openingOf(text, n);
const rng = (name: string) => createRng(`heldout2-prose-donors/${name}/${SEED}`);
const gutenberg = rng("gutenberg").shuffle(
  lines(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz"))
    .map((l) => (JSON.parse(l) as { text: string }).text.replace(/\s+/g, " ").trim())
    .filter((t) => words(t) >= 80 && words(t) <= 160),
);
const brown = rng("brown").shuffle(
  lines(sharedPath("human_prose/fiction_brown_1961.jsonl")).map((l) => {
    const text = (JSON.parse(l) as { text: string }).text.replace(/\s+/g, " ").trim();
    const start = text.indexOf(". ", Math.floor(text.length / 3)) + 2;
    return clip(text.slice(start), 100);
  }),
);
const hanna = rng("hanna").shuffle(lines(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl")).map((l) => clip((JSON.parse(l) as { text: string }).text, 100)));
/** Model replies to other prompts, from lines that are not held out (≡ 3 mod 10). */
const otherReplies = rng("model").shuffle(slopscore.filter((r) => r.i % 10 === 3 && r.kind === "creative"));

const started = performance.now();
const cpuStarted = process.cpuUsage();
const opened = await openScorer({ stack: "prose" });
const value = (s: Score) => {
  if (s.value === null) throw new Error(`a row failed to score: ${JSON.stringify(s.error ?? s)}`);
  return s.value;
};
const scoreAll = async (batch: BankRow[]) => (await opened.scorer.scoreRows(batch)).map(value);

interface ClassResult {
  name: string;
  family: string;
  n: number;
  mean: number;
  ci: [number, number];
  pays: boolean;
}

const ci95 = (xs: number[]): { mean: number; ci: [number, number] } => (xs.length >= 2 ? meanCi(xs) : { mean: xs[0] ?? NaN, ci: [NaN, NaN] });
const fmt = (x: number) => (Number.isNaN(x) ? "—" : (x >= 0 ? "+" : "") + x.toFixed(3));

try {
  const before = await scoreAll(rows);
  const results: ClassResult[] = [];
  for (const [name, { family, edit }] of Object.entries(EDIT_CLASSES)) {
    if (ONLY && !name.includes(ONLY)) continue;
    const edited = rows.map((r, i) => {
      const other = otherReplies.find((o, k) => k >= i && o.prompt !== r.prompt) ?? otherReplies[0];
      const ctx: EditContext = {
        costly,
        costlyPhrases,
        donors: { gutenberg: gutenberg[i % gutenberg.length], brown: brown[i % brown.length], hanna: hanna[i % hanna.length], modelReply: clip(other.text, 100) },
        prompt: r.prompt,
        seed: `${SEED}/${r.id}`,
      };
      return { ...r, output: edit(r.output, ctx) };
    });
    const changed = edited.flatMap((r, i) => (r.output !== rows[i].output ? [i] : []));
    const after = await scoreAll(edited);
    const gains = changed.map((i) => after[i] - before[i]);
    const { mean, ci } = ci95(gains);
    results.push({ name, family, n: gains.length, mean, ci, pays: gains.length >= 2 && ci[0] > PAYS_ABOVE });
    process.stderr.write(`${name}: n ${gains.length} ${fmt(mean)}\n`);
  }

  const openings = rows.map((r) => ({ ...r, output: openingOf(r.output) }));
  const openingScores = await scoreAll(openings);
  const degenerate: { name: string; n: number; mean: number; ci: [number, number]; wins: number; scoreMean: number; pass: boolean }[] = [];
  for (const [name, make] of Object.entries(DEGENERATE)) {
    if (ONLY && !name.includes(ONLY)) continue;
    const scores = await scoreAll(rows.map((r) => ({ ...r, output: make(r.output) })));
    const diff = scores.map((s, i) => s - openingScores[i]);
    const { mean, ci } = ci95(diff);
    degenerate.push({ name, n: diff.length, mean, ci, wins: diff.filter((d) => d >= 0).length, scoreMean: ci95(scores).mean, pass: ci[1] < 0 });
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);

  console.log(`# Prose cheap-edit battery 2 (held out): default prose preset, instrument ${opened.scorer.instrument.hash.slice(0, 12)}`);
  console.log(`${commitLine()}; ${rows.length} held-out creative replies (slopscore line ≡ 7 mod 10, seed ${SEED}); base mean ${ci95(before).mean.toFixed(3)}`);
  console.log(`gain = after − before per reply the edit changed (n); 95% CI = paired t interval; a class PAYS when its CI lower bound > ${PAYS_ABOVE}\n`);
  console.log("| family | class | n | mean gain | 95% CI | pays |");
  console.log("|---|---|---|---|---|---|");
  for (const r of results) console.log(`| ${r.family} | ${r.name} | ${r.n} | ${fmt(r.mean)} | [${fmt(r.ci[0])}, ${fmt(r.ci[1])}] | ${r.pays ? "yes" : "no"} |`);
  const paying = results.filter((r) => r.pays);
  console.log(`\n${paying.length} of ${results.length} classes pay: ${paying.map((r) => r.name).join("; ") || "none"}`);
  if (degenerate.length > 0) {
    console.log(`\ndegenerate text − the reply's careful opening (same prompt); PASS when the CI's upper bound < 0; opening mean ${ci95(openingScores).mean.toFixed(3)}\n`);
    console.log("| degenerate text | n | mean difference | 95% CI | degenerate ≥ opening | degenerate mean | verdict |");
    console.log("|---|---|---|---|---|---|---|");
    for (const d of degenerate) console.log(`| ${d.name} | ${d.n} | ${fmt(d.mean)} | [${fmt(d.ci[0])}, ${fmt(d.ci[1])}] | ${d.wins}/${d.n} | ${d.scoreMean.toFixed(3)} | ${d.pass ? "PASS" : "FAIL"} |`);
  }
  console.log(`\n${seconds.toFixed(0)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU (this process); uptime: ${uptimeLine()}`);
  const json = arg("--json");
  if (json) writeFileSync(json, JSON.stringify({ commit: commitLine(), rows: rows.length, seed: SEED, instrument: opened.scorer.instrument.hash, classes: results, degenerate, seconds }, null, 1) + "\n");
} finally {
  await opened.close();
}
