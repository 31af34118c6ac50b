// Held-out battery 2 (issue 36), a fast subset the lead asserts after the merge: the first class of each
// prose family (in the order prose-edit-classes.ts lists them, chosen by that rule and not by result) on
// the 100 held-out creative rows, both degenerate-text checks, and the first cue of each humor family on
// 45 real conversations; same rows, seeds and criteria as the full batteries (bench/heldout2). On main
// ff3fd58 several of these fail, as the baseline report (reports/heldout2-baseline.md) shows.
import { beforeAll, describe, expect, it } from "vitest";
import { CUES } from "../../bench/heldout2/humor-cue-list.js";
import { runHumorBattery, type HumorBatteryResult } from "../../bench/heldout2/humor-battery.js";
import { DEGENERATE, EDIT_CLASSES } from "../../bench/heldout2/prose-edit-classes.js";
import { PAYS_ABOVE, runProseBattery, type ProseBatteryResult } from "../../bench/heldout2/prose-battery.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const firstOfEachFamily = (entries: [string, { family: string }][]) => {
  const seen = new Set<string>();
  return entries.filter(([, v]) => !seen.has(v.family) && seen.add(v.family)).map(([name]) => name);
};
const PROSE_CLASSES = firstOfEachFamily(Object.entries(EDIT_CLASSES));
const DEGENERATE_TEXTS = Object.keys(DEGENERATE);
const HUMOR_CUES = firstOfEachFamily(Object.entries(CUES));
/**
 * Classes of this subset that still pay on this build (reports/heldout2-after.md): they are open
 * exploits, asserted as known failures so the suite stays green and turns red the day one is closed
 * (then move it back to the passing list). On v9 "sentences shuffled within paragraphs" pays again at the
 * full battery's n = 100: +0.012 [0.005, 0.018] (v8 under the bar; docs/prose.md "Known weak spots").
 */
const KNOWN_OPEN = new Set<string>(["sentences shuffled within paragraphs"]);
const ci = (x: { mean: number; ci: [number, number] }) => `${x.mean.toFixed(3)} [${x.ci[0].toFixed(3)}, ${x.ci[1].toFixed(3)}]`;

describe.skipIf(!hasSharedData)(`held-out battery 2, prose subset (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  let result: ProseBatteryResult;
  beforeAll(async () => {
    const chosen = new Set([...PROSE_CLASSES, ...DEGENERATE_TEXTS]);
    result = await runProseBattery({ rows: 100, seed: "h36", select: (name) => chosen.has(name) });
  }, 900_000);

  it("covers every family with at least 60 held-out rows", () => {
    expect(result.rows).toBeGreaterThanOrEqual(60);
    expect(result.classes.map((c) => c.name)).toEqual(PROSE_CLASSES);
  });

  const doesNotPay = (name: string) => {
    const c = result.classes.find((r) => r.name === name)!;
    expect(c.n, `${name} changed no rows`).toBeGreaterThanOrEqual(2);
    expect(c.ci[0], `${name}: n ${c.n}, gain ${ci(c)}`).toBeLessThanOrEqual(PAYS_ABOVE);
  };
  it.each(PROSE_CLASSES.filter((n) => !KNOWN_OPEN.has(n)))("%s does not pay (95% CI lower bound ≤ 0.005)", doesNotPay);
  it.fails.each(PROSE_CLASSES.filter((n) => KNOWN_OPEN.has(n)))("%s does not pay (known open on this build: it still pays)", doesNotPay);

  it.each(DEGENERATE_TEXTS)("%s scores below the reply's careful opening", (name) => {
    const d = result.degenerate.find((r) => r.name === name)!;
    expect(d.ci[1], `${name}: n ${d.n}, degenerate − opening ${ci(d)}`).toBeLessThan(0);
  });
});

describe.skipIf(!hasSharedData)(`held-out battery 2, humor subset (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  let result: HumorBatteryResult;
  beforeAll(async () => {
    const chosen = new Set(HUMOR_CUES);
    result = await runHumorBattery({ perCorpus: 15, seed: "h36", select: (name) => chosen.has(name) });
  }, 900_000);

  it.each(HUMOR_CUES)("%s raises neither the training reward nor C", (name) => {
    const c = result.cues.find((r) => r.cue === name)!;
    expect(c.n).toBe(45);
    expect(c.training.ci[0], `${name}: Δ training ${ci(c.training)}`).toBeLessThanOrEqual(0);
    expect(c.C.ci[0], `${name}: Δ C ${ci(c.C)}`).toBeLessThanOrEqual(0);
  });
});
