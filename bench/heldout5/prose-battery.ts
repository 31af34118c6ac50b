// The fifth prose battery as a function, for the command (prose-edits.ts) and the fast test (test/heldout5).
// Held-out rows: slopscore creative lines whose 0-based line index ≡ 7 (mod 10), in battery 2's seeded
// order; batteries 2, 3 and 4 took positions 0–99, 100–199 and 200–299. That order has only 331 rows, so
// this battery takes the 31 rows no battery used (positions 300–330) first and then, to reach its n, wraps
// round to the start of the order (positions 0, 1, …: battery 2's rows, still never tuned on: tuning uses
// lines ≡ 3 mod 10). Costly lists and row contexts are battery 3's; result types and the pay threshold
// are battery 2's. Each
// class's edit is applied to every row and the edited rows are scored together as one batch under the
// DEFAULT prose preset (openScorer), like a policy that has learned the edit.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createRng } from "../../src/core/random.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { sharedPath } from "../../test/helpers/shared-data.js";
import { type ClassResult, type DegenerateResult, PAYS_ABOVE, type ProseBatteryResult } from "../heldout2/prose-battery.js";
import { loadRows as battery3Rows } from "../heldout3/prose-battery.js";
import { FIRST_ROW as BATTERY4_FIRST_ROW } from "../heldout4/prose-battery.js";
import { DEGENERATE, EDIT_CLASSES, type EditContext, openingOf } from "./prose-edit-classes.js";

export { PAYS_ABOVE };
export type { ClassResult, DegenerateResult, ProseBatteryResult };

/** Where this battery's rows start in battery 2's seeded order of held-out rows (battery 4 used 100 rows from its first). */
export const FIRST_ROW = BATTERY4_FIRST_ROW + 100;

interface Slop {
  kind: string;
  prompt: string;
  text: string;
}
const lines = (path: string) => (path.endsWith(".gz") ? gunzipSync(readFileSync(path)).toString("utf8") : readFileSync(path, "utf8")).split("\n").filter((l) => l.trim() !== "");

export interface ProseBatteryOptions {
  rows: number;
  /** Battery 2's shuffle seed ("h36"): the order this battery continues. */
  seed: string;
  /** Which classes and degenerate texts to run (all when absent). */
  select?: (name: string) => boolean;
}

const ci95 = (xs: number[]): { mean: number; ci: [number, number] } => (xs.length >= 2 ? meanCi(xs) : { mean: xs[0] ?? NaN, ci: [NaN, NaN] });

/** Held-out rows from position FIRST_ROW of battery 2's seeded order to its end, then from its start (see above), and each row's edit context. */
export function loadRows(count: number, seed: string): { rows: (BankRow & { prompt: string })[]; contexts: EditContext[]; positions: number[] } {
  const slopscore = lines(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).map((l, i) => ({ i, ...(JSON.parse(l) as Slop) }));
  const order = createRng(`heldout2-prose/${seed}`).shuffle(slopscore.filter((r) => r.i % 10 === 7 && r.kind === "creative").map((r) => ({ id: `slopscore-line-${r.i}`, prompt: r.prompt, output: r.text })));
  if (count > order.length) throw new Error(`rows: only ${order.length} held-out rows exist; asked for ${count}`);
  const positions = Array.from({ length: count }, (_, k) => (FIRST_ROW + k) % order.length);
  const rows = positions.map((p) => order[p]);
  const { costly, costlyPhrases } = battery3Rows(1, seed).contexts[0];
  return { rows, positions, contexts: rows.map((r) => ({ costly, costlyPhrases, prompt: r.prompt, seed: `heldout5/${seed}/${r.id}` })) };
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
