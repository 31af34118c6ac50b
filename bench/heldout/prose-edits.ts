// Held-out battery (issue 36): on 60 held-out real creative replies (slopscore creative lines whose
// 0-based line index ≡ 7 mod 10, contracts §6; a seeded sample), apply each class of cheap edits that
// cannot make a reply better, score before and after under the DEFAULT prose preset through the library
// (openScorer), and print per class: n (replies the edit changed), mean gain, 95% CI (paired t interval
// of after − before), and PASS when the CI's lower bound ≤ 0.005. Each class's edited replies are scored
// together as one batch, like a policy that has learned the edit. Then: word salad built from each
// reply's own frequent words against that reply's careful opening (its first sentences), same prompt.
//   npx tsx bench/heldout/prose-edits.ts [--rows 60] [--seed 0] [--json reports/heldout-prose.json]
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { gunzipSync } from "node:zlib";
import { createRng } from "../../src/core/random.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";
import { EDIT_CLASSES, type EditContext } from "./prose-edit-classes.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const ROWS = Number(arg("--rows") ?? 60);
const SEED = arg("--seed") ?? "0";
const COSTLY_WORDS = 500;
const THRESHOLD = 0.005;

interface Raw {
  kind: string;
  prompt: string;
  text: string;
  prompt_index: number;
}

const lines = (path: string) =>
  gunzipSync(readFileSync(path))
    .toString("utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");

/** Held-out creative rows: line index ≡ 7 (mod 10), kind creative; a seeded sample of ROWS. */
function heldOutProse(n: number, seed: string): (BankRow & { prompt: string })[] {
  const all = lines(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).flatMap((l, i) => {
    if (i % 10 !== 7) return [];
    const r = JSON.parse(l) as Raw;
    return r.kind === "creative" ? [{ id: `slopscore-line-${i}`, prompt: r.prompt, output: r.text }] : [];
  });
  return createRng(`heldout-prose/${seed}`).shuffle(all).slice(0, n);
}

const costly = new Set((JSON.parse(readFileSync(sharedPath("reference_lists/slop_words_2025-04-07.json"), "utf8")) as [string, number][]).slice(0, COSTLY_WORDS).map(([w]) => w.toLowerCase()));

/** Donor paragraphs: Gutenberg paragraphs of 80–160 words, one per row, seeded. */
const donors = createRng(`heldout-prose-donors/${SEED}`).shuffle(
  lines(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz"))
    .map((l) => (JSON.parse(l) as { text: string }).text.replace(/\s+/g, " ").trim())
    .filter((t) => {
      const w = t.split(" ").length;
      return w >= 80 && w <= 160;
    }),
);

const rows = heldOutProse(ROWS, SEED);
const started = performance.now();
const opened = await openScorer({ stack: "prose" });
const value = (s: Score) => {
  if (s.value === null) throw new Error(`a row failed to score: ${JSON.stringify(s.error ?? s)}`);
  return s.value;
};
const scoreAll = async (batch: BankRow[]) => (await opened.scorer.scoreRows(batch)).map(value);

interface ClassResult {
  name: string;
  n: number;
  mean: number;
  ci: [number, number];
  pass: boolean;
}

const ci95 = (xs: number[]): { mean: number; ci: [number, number] } => (xs.length >= 2 ? meanCi(xs) : { mean: xs[0] ?? NaN, ci: [NaN, NaN] });
const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);

try {
  const before = await scoreAll(rows);
  const results: ClassResult[] = [];
  for (const [name, edit] of Object.entries(EDIT_CLASSES)) {
    const edited = rows.map((r, i) => {
      const ctx: EditContext = { costly, donor: donors[i % donors.length], prompt: r.prompt, seed: `${SEED}/${r.id}` };
      return { ...r, output: edit(r.output, ctx) };
    });
    const changed = edited.flatMap((r, i) => (r.output !== rows[i].output ? [i] : []));
    const after = await scoreAll(edited);
    const gains = changed.map((i) => after[i] - before[i]);
    const { mean, ci } = ci95(gains);
    results.push({ name, n: gains.length, mean, ci, pass: gains.length >= 2 && ci[0] <= THRESHOLD });
  }

  // Word salad from each reply's three most frequent longer words, in a degenerate pattern, against
  // the reply's own opening (its first sentences up to ~60 words), both on the reply's prompt.
  const salads: BankRow[] = [];
  const openings: BankRow[] = [];
  for (const r of rows) {
    const counts = new Map<string, number>();
    for (const w of r.output.toLowerCase().match(/\p{L}{4,}/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    const [a, b, c] = [...counts.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([w]) => w);
    const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
    salads.push({ ...r, output: `${cap(a)} ${a} ${a} ${a}. ${cap(b)} ${b} ${b}. ${cap(a)} ${a} ${b} ${a} ${b}. The ${a} fell on the ${b} and the ${b} was in the ${a} and the ${c} was on the ${b}.` });
    let opening = "";
    for (const s of r.output
      .replace(/^#.*\n+/g, "")
      .replace(/\*\*[^*]+\*\*\s*/g, "")
      .split(/(?<=[.!?])\s+/)) {
      if (opening.split(/\s+/).length >= 60) break;
      opening += (opening ? " " : "") + s;
    }
    openings.push({ ...r, output: opening.trim() });
  }
  const saladScores = await scoreAll(salads);
  const openingScores = await scoreAll(openings);
  const diff = saladScores.map((s, i) => s - openingScores[i]);
  const salad = ci95(diff);
  const saladWins = diff.filter((d) => d >= 0).length;
  const seconds = (performance.now() - started) / 1000;

  console.log(`# Prose cheap-edit battery: default prose preset, instrument ${opened.scorer.instrument.hash.slice(0, 12)}`);
  console.log(`${rows.length} held-out creative replies (slopscore line ≡ 7 mod 10, seed ${SEED}); base mean ${ci95(before).mean.toFixed(3)}`);
  console.log(`gain = after − before per changed reply; 95% CI = paired t interval; PASS when CI lower bound ≤ ${THRESHOLD}\n`);
  console.log("| class | n | mean gain | 95% CI | verdict |");
  console.log("|---|---|---|---|---|");
  for (const r of results) console.log(`| ${r.name} | ${r.n} | ${fmt(r.mean)} | [${fmt(r.ci[0])}, ${fmt(r.ci[1])}] | ${r.pass ? "PASS" : "FAIL"} |`);
  const failed = results.filter((r) => !r.pass);
  console.log(`\n${results.length - failed.length} of ${results.length} classes PASS; failing: ${failed.map((r) => r.name).join("; ") || "none"}`);
  console.log(
    `\nword salad − careful opening (same prompt): n ${diff.length}, mean ${fmt(salad.mean)} [${fmt(salad.ci[0])}, ${fmt(salad.ci[1])}]; salad ≥ opening on ${saladWins}/${diff.length}; ${salad.ci[1] < 0 ? "PASS" : "FAIL"} (PASS when the CI's upper bound < 0)`,
  );
  console.log(`salad mean ${ci95(saladScores).mean.toFixed(3)}, opening mean ${ci95(openingScores).mean.toFixed(3)}`);
  console.log(
    `\n${seconds.toFixed(0)} s; load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  const json = arg("--json");
  if (json)
    writeFileSync(json, JSON.stringify({ rows: rows.length, seed: SEED, instrument: opened.scorer.instrument.hash, classes: results, salad: { n: diff.length, ...salad, salad_at_least_opening: saladWins }, seconds }, null, 1) + "\n");
} finally {
  await opened.close();
}
