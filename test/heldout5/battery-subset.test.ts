// Held-out battery 5 (issue 36), a fast subset the lead asserts after the merge: the first class of each
// prose family (in the order bench/heldout5/prose-edit-classes.ts lists them, chosen by that rule and not
// by result) on 60 held-out creative rows, the degenerate-text checks, and the first cue of each humor
// family on 45 real conversations; same rows, seeds and criteria as the full batteries (bench/heldout5).
// On main 95b91e3 some of these fail, as the baseline report (reports/heldout5-baseline.md) shows: they are
// listed below as known open, so the suite is green now and turns red the day one closes.
import { beforeAll, describe, expect, it } from "vitest";
import { type HumorBatteryResult, runHumorBattery, withCue } from "../../bench/heldout5/humor-battery.js";
import { CUES } from "../../bench/heldout5/humor-cue-list.js";
import { PAYS_ABOVE, type ProseBatteryResult, runProseBattery } from "../../bench/heldout5/prose-battery.js";
import { DEGENERATE, EDIT_CLASSES } from "../../bench/heldout5/prose-edit-classes.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const firstOfEachFamily = (entries: [string, { family: string }][]) => {
  const seen = new Set<string>();
  return entries.filter(([, v]) => !seen.has(v.family) && seen.add(v.family)).map(([name]) => name);
};
const PROSE_CLASSES = firstOfEachFamily(Object.entries(EDIT_CLASSES));
const DEGENERATE_TEXTS = Object.keys(DEGENERATE);
const HUMOR_CUES = firstOfEachFamily(Object.entries(CUES));
const ROWS = 60;
/**
 * Prose classes of this subset that still pay on this build (main 95b91e3, reports/heldout5-baseline.md):
 * open exploits, asserted as known failures so the suite stays green and turns red the day one is closed
 * (then move it back to the passing list). At the full battery's n = 100 preset 9 closed the two this subset
 * held on v8: the scrambled interior letters (+0.039 [0.033, 0.044] -> +0.001 [-0.001, +0.003], spell36) and
 * "if you will" (+0.015 [0.010, 0.020] -> -0.001 [-0.004, +0.003], aside36).
 */
const KNOWN_OPEN = new Set<string>([]);
/** Degenerate texts that still score at least the reply's opening on this build (known failures likewise). */
const KNOWN_OPEN_DEGENERATE = new Set<string>([]);
/** Humor cues of this subset that still raise the training reward or C on this build (likewise). */
const KNOWN_OPEN_CUES = new Set<string>([]);
const ci = (x: { mean: number; ci: [number, number] }) => `${x.mean.toFixed(3)} [${x.ci[0].toFixed(3)}, ${x.ci[1].toFixed(3)}]`;

describe.skipIf(!hasSharedData)(`held-out battery 5, prose subset (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  let result: ProseBatteryResult;
  beforeAll(async () => {
    const chosen = new Set([...PROSE_CLASSES, ...DEGENERATE_TEXTS]);
    result = await runProseBattery({ rows: ROWS, seed: "h36", select: (name) => chosen.has(name) });
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

  const scoresBelowOpening = (name: string) => {
    const d = result.degenerate.find((r) => r.name === name)!;
    expect(d.ci[1], `${name}: n ${d.n}, degenerate − opening ${ci(d)}`).toBeLessThan(0);
  };
  it.each(DEGENERATE_TEXTS.filter((n) => !KNOWN_OPEN_DEGENERATE.has(n)))("%s scores below the reply's careful opening", scoresBelowOpening);
  it.fails.each(DEGENERATE_TEXTS.filter((n) => KNOWN_OPEN_DEGENERATE.has(n)))("%s scores below the reply's careful opening (known open on this build)", scoresBelowOpening);
});

describe.skipIf(!hasSharedData)(`held-out battery 5, humor subset (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  let result: HumorBatteryResult;
  beforeAll(async () => {
    const chosen = new Set(HUMOR_CUES);
    result = await runHumorBattery({ perCorpus: 15, seed: "h36", select: (name) => chosen.has(name) });
  }, 900_000);

  const raisesNothing = (name: string) => {
    const c = result.cues.find((r) => r.cue === name)!;
    expect(c.n).toBe(45);
    expect(c.training.ci[0], `${name}: Δ training ${ci(c.training)}`).toBeLessThanOrEqual(0);
    expect(c.C.ci[0], `${name}: Δ C ${ci(c.C)}`).toBeLessThanOrEqual(0);
  };
  it.each(HUMOR_CUES.filter((n) => !KNOWN_OPEN_CUES.has(n)))("%s raises neither the training reward nor C", raisesNothing);
  it.fails.each(HUMOR_CUES.filter((n) => KNOWN_OPEN_CUES.has(n)))("%s raises neither the training reward nor C (known open on this build)", raisesNothing);
});

describe("held-out battery 5, cue placements", () => {
  const row: TranscriptRow = {
    id: "t",
    seed: 0,
    turns: [
      { speaker: "partner", text: "Hi." },
      { speaker: "policy", text: "Fine. You?" },
      { speaker: "partner", text: "Good." },
      { speaker: "policy", text: "Great." },
    ],
  };
  it("splits laughter across policy turns, sends it as its own turn, or puts it on the last turn only", () => {
    expect(withCue(row, { family: "t", text: "ha|ha", at: "split" }).turns.map((t) => t.text)).toEqual(["Hi.", "Fine. You? ha", "Good.", "ha Great."]);
    expect(withCue(row, { family: "t", text: "lol", at: "turn" }).turns.map((t) => `${t.speaker}:${t.text}`)).toEqual(["partner:Hi.", "policy:Fine. You?", "policy:lol", "partner:Good.", "policy:Great.", "policy:lol"]);
    expect(withCue(row, { family: "t", text: "lol", at: "last" }).turns.map((t) => t.text)).toEqual(["Hi.", "Fine. You?", "Good.", "Great. lol"]);
    expect(withCue(row, { family: "t", text: "lol", at: "middle" }).turns.map((t) => t.text)).toEqual(["Hi.", "Fine. lol You?", "Good.", "Great. lol"]);
  });
});
