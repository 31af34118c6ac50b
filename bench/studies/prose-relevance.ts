// Calibration of the unrelated-paragraph reading (issue 36, src/terms/prose/relevance.ts): the share of
// each paragraph's content lemmas that the prompt or the reply's other paragraphs also use, on human
// stories with their prompts (HANNA) and on model replies (creative slop-score outputs), each read as
// the default preset reads it; then the same share for a paragraph borrowed from Gutenberg or Brown and
// inserted mid-reply into a model reply. Prints percentiles, the false-positive rate (human and model
// paragraphs read as unrelated, with n and a Wilson 95% interval) and the borrowed paragraphs' detection
// rate at the default threshold.
//   npx tsx bench/studies/prose-relevance.ts
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { loadBrown, loadGutenberg, loadModelProse } from "../helpers/prose-data.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { compileProse, dilution, prepareProse } from "../../src/terms/prose/stack/prepare.js";
import { loadProseDictionary } from "../../src/terms/prose/stack/resources.js";
import { MIN_RELEVANCE_LEMMAS, paragraphRelevance, topicLemmas, UNRELATED_BELOW } from "../../src/terms/prose/relevance.js";
import { scanText } from "../../src/text/scan.js";
import { quantile } from "../../src/stats/quantile.js";
import { wilsonCi } from "../../src/stats/proportion.js";
const wilsonInterval = (k: number, n: number): [number, number] => wilsonCi(k, n).ci;
import type { BankRow } from "../../src/core/types.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const compiled = compileProse(loadProseDictionary(undefined), "templates");
const reading = PROSE_PRESETS.hardened.settings.reading;

/** Relevance of each judged paragraph of a reply, and the indices the default reading calls unrelated. */
function relevanceOf(row: BankRow): { shares: number[]; unrelated: number[]; parts: number } {
  const p = prepareProse(row, compiled, reading, "runs");
  const d = dilution(p);
  const prompt = topicLemmas(scanText(typeof row.prompt === "string" ? row.prompt : "", compiled.lexicon, compiled.scratch), compiled.lexicon);
  const shares = paragraphRelevance(
    d.parts.map((t) => topicLemmas(t.scan, compiled.lexicon)),
    prompt,
  ).filter((x): x is number => x !== null && d.parts.length >= 2);
  return { shares, unrelated: d.unrelated, parts: d.parts.length };
}

const fmt = (x: number) => x.toFixed(3);
function summarize(name: string, rows: BankRow[]): void {
  const shares: number[] = [];
  let flaggedRows = 0;
  let flagged = 0;
  for (const row of rows) {
    const r = relevanceOf(row);
    shares.push(...r.shares);
    flagged += r.unrelated.length;
    if (r.unrelated.length > 0) flaggedRows++;
  }
  const [lo, hi] = wilsonInterval(flagged, shares.length);
  const [rlo, rhi] = wilsonInterval(flaggedRows, rows.length);
  console.log(
    `| ${name} | ${rows.length} | ${shares.length} | ${fmt(quantile(shares, 0.01))} | ${fmt(quantile(shares, 0.05))} | ${fmt(quantile(shares, 0.5))} | ${flagged} (${((100 * flagged) / shares.length).toFixed(2)}% [${(100 * lo).toFixed(2)}, ${(100 * hi).toFixed(2)}]) | ${flaggedRows} (${((100 * flaggedRows) / rows.length).toFixed(2)}% [${(100 * rlo).toFixed(2)}, ${(100 * rhi).toFixed(2)}]) |`,
  );
}

const model = loadModelProse(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).filter((r) => r.meta?.kind === "creative");
console.log(`a paragraph with ≥ ${MIN_RELEVANCE_LEMMAS} topic lemmas is unrelated below ${UNRELATED_BELOW} shared (HANNA's stories are one paragraph each: nothing to judge)\n`);
console.log("| texts | rows | paragraphs judged | p1 | p5 | median | paragraphs unrelated (FP) [95% CI] | rows with one [95% CI] |");
console.log("|---|---|---|---|---|---|---|---|");
summarize("Gutenberg passages (no prompt)", loadGutenberg(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")));
summarize("Brown fiction (no prompt)", loadBrown(sharedPath("human_prose/fiction_brown_1961.jsonl")));
summarize("slop-score creative model replies", model);

// Borrowed paragraphs inserted mid-reply into model replies: how often they are read as unrelated.
const donors = [...loadGutenberg(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")), ...loadBrown(sharedPath("human_prose/fiction_brown_1961.jsonl"))].map((r) => r.output.split(/\s+/).slice(0, 120).join(" "));
const shares: number[] = [];
let caught = 0;
const sample = model.filter((_, i) => i % 7 === 0);
sample.forEach((row, i) => {
  const ps = row.output.split(/\n\s*\n/);
  const k = Math.max(1, Math.floor(ps.length / 2));
  const inserted = [...ps.slice(0, k), donors[i % donors.length], ...ps.slice(k)].join("\n\n");
  const r = relevanceOf({ ...row, output: inserted });
  const donorIndex = r.parts - (ps.length - k) - 1;
  const d = dilution(prepareProse({ ...row, output: inserted }, compiled, reading, "runs"));
  const prompt = topicLemmas(scanText(row.prompt as string, compiled.lexicon, compiled.scratch), compiled.lexicon);
  const own = paragraphRelevance(
    d.parts.map((t) => topicLemmas(t.scan, compiled.lexicon)),
    prompt,
  )[donorIndex];
  if (own !== null && own !== undefined) shares.push(own);
  if (r.unrelated.includes(donorIndex)) caught++;
});
const [clo, chi] = wilsonInterval(caught, sample.length);
console.log(
  `\nborrowed paragraph (Gutenberg/Brown, 120 words) inserted mid-reply into ${sample.length} model replies: median share ${fmt(quantile(shares, 0.5))}, p95 ${fmt(quantile(shares, 0.95))}; read as unrelated in ${caught} (${((100 * caught) / sample.length).toFixed(1)}% [${(100 * clo).toFixed(1)}, ${(100 * chi).toFixed(1)}])`,
);
