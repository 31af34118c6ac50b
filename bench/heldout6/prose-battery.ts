// The sixth prose battery as a function, for the command (prose-edits.ts) and the fast test (test/heldout6).
// Held-out rows: slopscore creative lines whose 0-based line index ≡ 7 (mod 10) (never the tuning slice,
// ≡ 3 mod 10). That pool has only 331 rows and batteries 2–5 used them all, so this battery draws its rows
// by a NEW seeded order of the pool (seed "heldout6-prose/<seed>", default seed "h36f") and takes the first
// n. Costly lists are battery 3's; result types, the pay threshold and the run (each class's edit applied to
// every row, the edited rows scored together as one batch under the DEFAULT prose preset, like a policy
// that has learned the edit) are battery 2's and 5's.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createRng } from "../../src/core/random.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { sharedPath } from "../../test/helpers/shared-data.js";
import { type ClassResult, type DegenerateResult, PAYS_ABOVE, type ProseBatteryResult } from "../heldout2/prose-battery.js";
import { loadRows as battery3Rows } from "../heldout3/prose-battery.js";
import { DEGENERATE, EDIT_CLASSES, type EditContext, openingOf } from "./prose-edit-classes.js";

export { PAYS_ABOVE };
export type { ClassResult, DegenerateResult, ProseBatteryResult };

/** This battery's default seed: the order of the held-out pool it draws its rows from. */
export const SEED = "h36f";

interface Slop {
  kind: string;
  prompt: string;
  text: string;
}
const lines = (path: string) => (path.endsWith(".gz") ? gunzipSync(readFileSync(path)).toString("utf8") : readFileSync(path, "utf8")).split("\n").filter((l) => l.trim() !== "");

export interface ProseBatteryOptions {
  rows: number;
  /** The shuffle seed of the held-out pool ("h36f"). */
  seed: string;
  /** Which classes and degenerate texts to run (all when absent). */
  select?: (name: string) => boolean;
}

const ci95 = (xs: number[]): { mean: number; ci: [number, number] } => (xs.length >= 2 ? meanCi(xs) : { mean: xs[0] ?? NaN, ci: [NaN, NaN] });

/** The first `count` held-out rows in this battery's seeded order, their slopscore line indices, and each row's edit context. */
export function loadRows(count: number, seed: string): { rows: (BankRow & { prompt: string })[]; contexts: EditContext[]; lineIndices: number[] } {
  const slopscore = lines(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).map((l, i) => ({ i, ...(JSON.parse(l) as Slop) }));
  const pool = slopscore.filter((r) => r.i % 10 === 7 && r.kind === "creative");
  const order = createRng(`heldout6-prose/${seed}`).shuffle(pool);
  if (count > order.length) throw new Error(`rows: only ${order.length} held-out rows exist; asked for ${count}`);
  const chosen = order.slice(0, count);
  const rows = chosen.map((r) => ({ id: `slopscore-line-${r.i}`, prompt: r.prompt, output: r.text }));
  const { costly, costlyPhrases } = battery3Rows(1, "h36").contexts[0];
  return { rows, lineIndices: chosen.map((r) => r.i), contexts: rows.map((r) => ({ costly, costlyPhrases, prompt: r.prompt, seed: `heldout6/${seed}/${r.id}` })) };
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
      const after = changed.length === 0 ? [] : await scoreAll(edited);
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
