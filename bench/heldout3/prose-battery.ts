// The third prose battery as a function, for the command (prose-edits.ts) and the fast test (test/heldout3).
// Held-out rows: slopscore creative lines whose 0-based line index ≡ 7 (mod 10), shuffled with battery 2's
// seeded shuffle; battery 2 took that order's first 100, this battery takes the NEXT ones (positions
// 100–199 by default), so no row is shared. Each class's edit is applied to every row and the edited rows
// are scored together as one batch under the DEFAULT prose preset (openScorer), like a policy that has
// learned the edit. Result types and the pay threshold are battery 2's (bench/heldout2/prose-battery.ts).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createRng } from "../../src/core/random.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { sharedPath } from "../../test/helpers/shared-data.js";
import { type ClassResult, type DegenerateResult, PAYS_ABOVE, type ProseBatteryResult } from "../heldout2/prose-battery.js";
import { DEGENERATE, EDIT_CLASSES, type EditContext, openingOf } from "./prose-edit-classes.js";

export { PAYS_ABOVE };
export type { ClassResult, DegenerateResult, ProseBatteryResult };

/** Where this battery's rows start in battery 2's seeded order of held-out rows (battery 2 used 0–99). */
export const FIRST_ROW = 100;
const COSTLY_WORDS = 500;
const COSTLY_PHRASES = 500;

export interface ProseBatteryOptions {
  rows: number;
  /** Battery 2's shuffle seed ("h36"): the order this battery continues. */
  seed: string;
  /** Which classes and degenerate texts to run (all when absent). */
  select?: (name: string) => boolean;
}

const lines = (path: string) => (path.endsWith(".gz") ? gunzipSync(readFileSync(path)).toString("utf8") : readFileSync(path, "utf8")).split("\n").filter((l) => l.trim() !== "");

const ci95 = (xs: number[]): { mean: number; ci: [number, number] } => (xs.length >= 2 ? meanCi(xs) : { mean: xs[0] ?? NaN, ci: [NaN, NaN] });

interface Slop {
  kind: string;
  prompt: string;
  text: string;
}

/** Held-out rows (positions FIRST_ROW… of battery 2's seeded order) and each row's edit context. */
export function loadRows(count: number, seed: string): { rows: (BankRow & { prompt: string })[]; contexts: EditContext[] } {
  const slopscore = lines(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).map((l, i) => ({ i, ...(JSON.parse(l) as Slop) }));
  const heldOut = createRng(`heldout2-prose/${seed}`).shuffle(slopscore.filter((r) => r.i % 10 === 7 && r.kind === "creative").map((r) => ({ id: `slopscore-line-${r.i}`, prompt: r.prompt, output: r.text })));
  if (heldOut.length < FIRST_ROW + count) throw new Error(`only ${heldOut.length - FIRST_ROW} held-out rows after position ${FIRST_ROW}; asked for ${count}`);
  const rows = heldOut.slice(FIRST_ROW, FIRST_ROW + count);
  const costly = new Set((JSON.parse(readFileSync(sharedPath("reference_lists/slop_words_2025-04-07.json"), "utf8")) as [string, number][]).slice(0, COSTLY_WORDS).map(([w]) => w.toLowerCase()));
  const costlyPhrases = (JSON.parse(readFileSync(sharedPath("reference_lists/slop_phrases_2025-04-07.json"), "utf8")) as [string, number][])
    .slice(0, COSTLY_PHRASES)
    .map(([p]) => p.toLowerCase())
    .sort((a, b) => b.length - a.length);
  return { rows, contexts: rows.map((r) => ({ costly, costlyPhrases, prompt: r.prompt, seed: `heldout3/${seed}/${r.id}` })) };
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
      const scores = await scoreAll(rows.map((r, i) => ({ ...r, output: make(r.output, contexts[i]) })));
      const diff = scores.map((s, i) => s - openingScores[i]);
      const { mean, ci } = ci95(diff);
      degenerate.push({ name, n: diff.length, mean, ci, wins: diff.filter((d) => d >= 0).length, scoreMean: ci95(scores).mean, pass: ci[1] < 0 });
    }
    return { instrument: opened.scorer.instrument.hash, rows: rows.length, baseMean: ci95(before).mean, openingMean: ci95(openingScores).mean, classes, degenerate };
  } finally {
    await opened.close();
  }
}
