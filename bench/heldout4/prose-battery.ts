// The fourth prose battery as a function, for the command (prose-edits.ts) and the fast test (test/heldout4).
// Held-out rows: slopscore creative lines whose 0-based line index ≡ 7 (mod 10), in battery 2's seeded
// order; battery 2 took positions 0–99 and battery 3 positions 100–199, so this battery takes positions
// 200–299 (by default), sharing no row with either. Row loading is battery 3's (bench/heldout3/prose-battery.ts,
// asked for 100 more rows than needed and the first 100 dropped); result types and the pay threshold are
// battery 2's. Each class's edit is applied to every row and the edited rows are scored together as one
// batch under the DEFAULT prose preset (openScorer), like a policy that has learned the edit.
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { type ClassResult, type DegenerateResult, PAYS_ABOVE, type ProseBatteryResult } from "../heldout2/prose-battery.js";
import { FIRST_ROW as BATTERY3_FIRST_ROW, loadRows as battery3Rows } from "../heldout3/prose-battery.js";
import { DEGENERATE, EDIT_CLASSES, type EditContext, openingOf } from "./prose-edit-classes.js";

export { PAYS_ABOVE };
export type { ClassResult, DegenerateResult, ProseBatteryResult };

/** Battery 3 used 100 rows from its first row; this battery starts right after them. */
const SKIP = 100;
/** Where this battery's rows start in battery 2's seeded order of held-out rows. */
export const FIRST_ROW = BATTERY3_FIRST_ROW + SKIP;

export interface ProseBatteryOptions {
  rows: number;
  /** Battery 2's shuffle seed ("h36"): the order this battery continues. */
  seed: string;
  /** Which classes and degenerate texts to run (all when absent). */
  select?: (name: string) => boolean;
}

const ci95 = (xs: number[]): { mean: number; ci: [number, number] } => (xs.length >= 2 ? meanCi(xs) : { mean: xs[0] ?? NaN, ci: [NaN, NaN] });

/** Held-out rows at positions FIRST_ROW… of battery 2's seeded order, and each row's edit context. */
export function loadRows(count: number, seed: string): { rows: (BankRow & { prompt: string })[]; contexts: EditContext[] } {
  const { rows, contexts } = battery3Rows(SKIP + count, seed);
  return { rows: rows.slice(SKIP), contexts: contexts.slice(SKIP).map((c) => ({ ...c, seed: c.seed.replace(/^heldout3\//, "heldout4/") })) };
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
