// The prose battery as a function, for the command (prose-edits.ts) and the fast test (test/heldout2).
// Held-out rows: slopscore creative lines whose 0-based line index ≡ 7 (mod 10); a seeded sample. Each
// class's edit is applied to every row and the edited rows are scored together as one batch under the
// DEFAULT prose preset (openScorer), like a policy that has learned the edit.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createRng } from "../../src/core/random.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { sharedPath } from "../../test/helpers/shared-data.js";
import { DEGENERATE, EDIT_CLASSES, openingOf, type EditContext } from "./prose-edit-classes.js";

/** A class pays when the 95% CI lower bound of its mean gain exceeds this (issue 36). */
export const PAYS_ABOVE = 0.005;
const COSTLY_WORDS = 500;
const COSTLY_PHRASES = 500;

export interface ProseBatteryOptions {
  rows: number;
  seed: string;
  /** Which classes and degenerate texts to run (all when absent). */
  select?: (name: string) => boolean;
}

export interface ClassResult {
  name: string;
  family: string;
  /** Rows the edit changed. */
  n: number;
  mean: number;
  ci: [number, number];
  pays: boolean;
}

export interface DegenerateResult {
  name: string;
  n: number;
  /** Mean of degenerate − opening. */
  mean: number;
  ci: [number, number];
  /** Rows where the degenerate text scored at least the opening. */
  wins: number;
  scoreMean: number;
  /** The CI's upper bound is below 0. */
  pass: boolean;
}

export interface ProseBatteryResult {
  instrument: string;
  rows: number;
  baseMean: number;
  openingMean: number;
  classes: ClassResult[];
  degenerate: DegenerateResult[];
}

const lines = (path: string) => (path.endsWith(".gz") ? gunzipSync(readFileSync(path)).toString("utf8") : readFileSync(path, "utf8")).split("\n").filter((l) => l.trim() !== "");

const ci95 = (xs: number[]): { mean: number; ci: [number, number] } => (xs.length >= 2 ? meanCi(xs) : { mean: xs[0] ?? NaN, ci: [NaN, NaN] });

interface Slop {
  kind: string;
  prompt: string;
  text: string;
}

/** Held-out rows and each row's edit context (costly lists, donors), all seeded. */
function loadRows(count: number, seed: string): { rows: (BankRow & { prompt: string })[]; contexts: EditContext[] } {
  const slopscore = lines(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).map((l, i) => ({ i, ...(JSON.parse(l) as Slop) }));
  const rows = createRng(`heldout2-prose/${seed}`)
    .shuffle(slopscore.filter((r) => r.i % 10 === 7 && r.kind === "creative").map((r) => ({ id: `slopscore-line-${r.i}`, prompt: r.prompt, output: r.text })))
    .slice(0, count);
  const costly = new Set((JSON.parse(readFileSync(sharedPath("reference_lists/slop_words_2025-04-07.json"), "utf8")) as [string, number][]).slice(0, COSTLY_WORDS).map(([w]) => w.toLowerCase()));
  const costlyPhrases = (JSON.parse(readFileSync(sharedPath("reference_lists/slop_phrases_2025-04-07.json"), "utf8")) as [string, number][])
    .slice(0, COSTLY_PHRASES)
    .map(([p]) => p.toLowerCase())
    .sort((a, b) => b.length - a.length);
  const words = (t: string) => t.split(/\s+/).length;
  const rng = (name: string) => createRng(`heldout2-prose-donors/${name}/${seed}`);
  const gutenberg = rng("gutenberg").shuffle(
    lines(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz"))
      .map((l) => (JSON.parse(l) as { text: string }).text.replace(/\s+/g, " ").trim())
      .filter((t) => words(t) >= 80 && words(t) <= 160),
  );
  const brown = rng("brown").shuffle(
    lines(sharedPath("human_prose/fiction_brown_1961.jsonl")).map((l) => {
      const text = (JSON.parse(l) as { text: string }).text.replace(/\s+/g, " ").trim();
      return openingOf(text.slice(text.indexOf(". ", Math.floor(text.length / 3)) + 2), 100);
    }),
  );
  const hanna = rng("hanna").shuffle(lines(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl")).map((l) => openingOf((JSON.parse(l) as { text: string }).text, 100)));
  // Model replies to other prompts, from lines that are not held out (≡ 3 mod 10).
  const otherReplies = rng("model").shuffle(slopscore.filter((r) => r.i % 10 === 3 && r.kind === "creative"));
  const contexts = rows.map((r, i): EditContext => {
    const other = otherReplies.find((o, k) => k >= i && o.prompt !== r.prompt) ?? otherReplies[0];
    return {
      costly,
      costlyPhrases,
      donors: { gutenberg: gutenberg[i % gutenberg.length], brown: brown[i % brown.length], hanna: hanna[i % hanna.length], modelReply: openingOf(other.text, 100) },
      prompt: r.prompt,
      seed: `${seed}/${r.id}`,
    };
  });
  return { rows, contexts };
}

export async function runProseBattery(options: ProseBatteryOptions, onClass?: (r: ClassResult) => void): Promise<ProseBatteryResult> {
  const select = options.select ?? (() => true);
  const { rows, contexts } = loadRows(options.rows, options.seed);
  const opened = await openScorer({ stack: "prose" });
  const value = (s: Score) => {
    if (s.value === null) throw new Error(`a row failed to score: ${JSON.stringify(s.error ?? s)}`);
    return s.value;
  };
  const scoreAll = async (batch: BankRow[]) => (await opened.scorer.scoreRows(batch)).map(value);
  try {
    const before = await scoreAll(rows);
    const classes: ClassResult[] = [];
    for (const [name, { family, edit }] of Object.entries(EDIT_CLASSES)) {
      if (!select(name)) continue;
      const edited = rows.map((r, i) => ({ ...r, output: edit(r.output, contexts[i]) }));
      const changed = edited.flatMap((r, i) => (r.output !== rows[i].output ? [i] : []));
      const after = await scoreAll(edited);
      const gains = changed.map((i) => after[i] - before[i]);
      const { mean, ci } = ci95(gains);
      const result = { name, family, n: gains.length, mean, ci, pays: gains.length >= 2 && ci[0] > PAYS_ABOVE };
      classes.push(result);
      onClass?.(result);
    }
    const degenerate: DegenerateResult[] = [];
    const chosen = Object.entries(DEGENERATE).filter(([name]) => select(name));
    const openingScores = chosen.length > 0 ? await scoreAll(rows.map((r) => ({ ...r, output: openingOf(r.output) }))) : [];
    for (const [name, make] of chosen) {
      const scores = await scoreAll(rows.map((r) => ({ ...r, output: make(r.output) })));
      const diff = scores.map((s, i) => s - openingScores[i]);
      const { mean, ci } = ci95(diff);
      degenerate.push({ name, n: diff.length, mean, ci, wins: diff.filter((d) => d >= 0).length, scoreMean: ci95(scores).mean, pass: ci[1] < 0 });
    }
    return { instrument: opened.scorer.instrument.hash, rows: rows.length, baseMean: ci95(before).mean, openingMean: ci95(openingScores).mean, classes, degenerate };
  } finally {
    await opened.close();
  }
}
