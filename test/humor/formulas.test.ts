// Hand-computed values for every humor term and for certified retention (SPEC §4). Each expected value
// is worked out in the comment beside it.
import { describe, expect, it } from "vitest";
import { certifiedRetention } from "../../src/terms/humor/certified-retention.js";
import { groundingCredit, groundingWindow, passesFloor } from "../../src/terms/humor/grounding.js";
import { cosine } from "../../src/stats/cosine.js";
import { selfRepetition, selfRepetitionFromWords } from "../../src/terms/humor/repetition.js";
import { hasAsteriskText, screenTurn } from "../../src/terms/humor/screens.js";
import { PRESETS, sessionTrainingReward, turnReward } from "../../src/terms/humor/training-reward.js";
import { assembleSession } from "../../src/terms/humor/session.js";

describe("grounding", () => {
  it("cosine is the normalized dot product", () => {
    // [1,0]·[1,1] = 1; |a| = 1, |b| = √2 → 1/√2
    expect(cosine([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 12);
    expect(cosine([1, 2, 3], [-1, -2, -3])).toBeCloseTo(-1, 12);
    expect(() => cosine([1], [1, 2])).toThrow(/lengths differ/);
  });

  it("credit is g/floor clipped to [0, 1] and the floor is inclusive", () => {
    expect(groundingCredit(0.05, 0.1)).toBeCloseTo(0.5, 12); // 0.05 / 0.1
    expect(groundingCredit(0.25, 0.1)).toBe(1); // 2.5 clipped
    expect(groundingCredit(-0.1, 0.1)).toBe(0); // −1 clipped
    expect(passesFloor(0.1, 0.1)).toBe(true);
    expect(passesFloor(0.0999, 0.1)).toBe(false);
  });

  it("the window is the turns just before the reply", () => {
    const turns = ["a", "b", "c", "d"].map((text) => ({ speaker: "x", text }));
    expect(groundingWindow(turns, 3, 2)).toBe("b\nc");
    expect(groundingWindow(turns, 1, 2)).toBe("a");
    expect(groundingWindow(turns, 0, 2)).toBe("");
  });
});

describe("self-repetition", () => {
  it("is the max share of a reply's content words found in one earlier reply", () => {
    const s = selfRepetitionFromWords([["a", "b"], ["b", "c", "d", "e"], ["a", "b", "c"], []]);
    // reply 0: nothing earlier → 0
    // reply 1: {b} shared with reply 0 → 1/4
    // reply 2: {a,b} with 0 → 2/3; {b,c} with 1 → 2/3 → max 2/3
    // reply 3: no content words → 0
    expect(s[0]).toBe(0);
    expect(s[1]).toBeCloseTo(0.25, 12);
    expect(s[2]).toBeCloseTo(2 / 3, 12);
    expect(s[3]).toBe(0);
  });

  it("counts repeated words once (sets) and uses lemmatized content words", () => {
    expect(selfRepetitionFromWords([["a"], ["a", "a", "b"]])[1]).toBeCloseTo(0.5, 12); // {a,b}: 1 of 2
    // "printers" / "printer" share a lemma; "the", "is" are stopwords
    const s = selfRepetition(["The printer is jammed.", "The printers are jammed downstairs."]);
    expect(s[1]).toBeCloseTo(2 / 3, 12); // {printer, jam, downstairs}: printer and jam shared
  });
});

describe("screens", () => {
  it("fail on asterisk-delimited text and CJK characters only", () => {
    expect(hasAsteriskText("*sighs* fine")).toBe(true);
    expect(hasAsteriskText("that is **bold**")).toBe(true);
    expect(hasAsteriskText("5 * 3 * 2 = 30")).toBe(false);
    expect(hasAsteriskText("a*b")).toBe(false);
    expect(screenTurn("好的, let's go").fail).toBe(true);
    expect(screenTurn("好的").cjk).toBe(true);
    expect(screenTurn("Sounds good, let's start.")).toEqual({ cjk: false, asterisk: false, fail: false });
  });
});

describe("training reward", () => {
  it("RL-C weights a turn 0.5/0.2/0.3 with the −0.5 screen term", () => {
    const w = PRESETS["RL-C"].weights;
    // 0.5·1 + 0.2·(1 − 0.25) + 0.3·0.5 = 0.5 + 0.15 + 0.15 = 0.8
    expect(turnReward({ credit: 1, repetition: 0.25, taste: 0.5, fail: false }, w)).toBeCloseTo(0.8, 12);
    // same turn failing a screen: 0.8 − 0.5 = 0.3
    expect(turnReward({ credit: 1, repetition: 0.25, taste: 0.5, fail: true }, w)).toBeCloseTo(0.3, 12);
  });

  it("RL-D/E weight 0.2/0.2/0.6 and average over the session", () => {
    expect(PRESETS["RL-D"].weights).toEqual(PRESETS["RL-E"].weights);
    const w = PRESETS["RL-E"].weights;
    const turns = [
      { credit: 1, repetition: 0, taste: 0.5, fail: false }, // 0.2 + 0.2 + 0.3 = 0.7
      { credit: 0.5, repetition: 0.5, taste: 1, fail: false }, // 0.1 + 0.1 + 0.6 = 0.8
      { credit: 1, repetition: 0.25, taste: 0, fail: true }, // 0.2 + 0.15 + 0 − 0.5 = −0.15
    ];
    expect(sessionTrainingReward(turns, w)).toBeCloseTo((0.7 + 0.8 - 0.15) / 3, 12);
    expect(sessionTrainingReward([], w)).toBe(0);
  });
});

describe("certified retention C = B·F·(1−S)·((1−w_t) + w_t·mean taste)", () => {
  it("matches a hand computation", () => {
    // 1 · 2/3 · (1 − 0.5) · (0.75 + 0.25·0.5) = 2/3 · 0.5 · 0.875 = 0.291666…
    expect(certifiedRetention({ m: 3, F: 2 / 3, S: 0.5, taste: [0.5, 1, 0], B: 1 }, { w_t: 0.25 })).toBeCloseTo(0.2916666666666667, 12);
    // w_t = 1 makes C proportional to mean taste: 1 · 1 · 1 · 0.5
    expect(certifiedRetention({ m: 2, F: 1, S: 0, taste: [0, 1], B: 1 }, { w_t: 1 })).toBeCloseTo(0.5, 12);
  });

  it("is zero for a screen failure, no grounded turn, total repetition, or an empty session", () => {
    const base = { m: 3, F: 1, S: 0, taste: [1, 1, 1], B: 1 as const };
    expect(certifiedRetention({ ...base, B: 0 }, { w_t: 0.25 })).toBe(0);
    expect(certifiedRetention({ ...base, F: 0 }, { w_t: 0.25 })).toBe(0);
    expect(certifiedRetention({ ...base, S: 1 }, { w_t: 0.25 })).toBe(0);
    expect(certifiedRetention({ m: 0, F: 0, S: 0, taste: [], B: 1 }, { w_t: 0.25 })).toBe(0);
    // zero taste does not zero C: 1 · 1 · 1 · 0.75
    expect(certifiedRetention({ ...base, taste: [0, 0, 0] }, { w_t: 0.25 })).toBeCloseTo(0.75, 12);
  });
});

describe("assembleSession: per-turn measurements to F, S, taste, B, training reward and C", () => {
  const settings = {
    floor: 0.2,
    window: 2,
    taste: { mode: "exact" as const, k: 20, L_lo: -20, L_hi: -2 },
    weights: PRESETS["RL-E"].weights,
    w_t: 0.25,
  };
  const pass = { cjk: false, asterisk: false, fail: false };
  const measured = [
    { index: 1, g: 0.3, s: 0, L: -11, screen: pass }, // credit 1, passes; taste (−11+20)/18 = 0.5
    { index: 3, g: 0.1, s: 0.5, L: -2, screen: pass }, // credit 0.5, fails floor; taste 1
    { index: 5, g: 0.25, s: 0.25, L: -20, screen: pass }, // credit 1, passes; taste 0
  ];

  it("matches a hand computation", () => {
    const b = assembleSession(measured, settings);
    expect(b.m).toBe(3);
    expect(b.F).toBeCloseTo(2 / 3, 12);
    expect(b.S).toBe(0.5);
    expect(b.meanTaste).toBeCloseTo(0.5, 12);
    expect(b.B).toBe(1);
    // r = 0.2·1 + 0.2·1 + 0.6·0.5 = 0.7; 0.2·0.5 + 0.2·0.5 + 0.6·1 = 0.8; 0.2·1 + 0.2·0.75 + 0 = 0.35
    expect(b.turns.map((t) => t.r)).toEqual([expect.closeTo(0.7, 12), expect.closeTo(0.8, 12), expect.closeTo(0.35, 12)]);
    expect(b.trainingReward).toBeCloseTo(1.85 / 3, 12);
    // C = 1 · 2/3 · 0.5 · (0.75 + 0.25·0.5) = 0.291666…
    expect(b.C).toBeCloseTo(0.2916666666666667, 12);
  });

  it("a screen failure zeroes C and costs 0.5 on that turn's reward", () => {
    const failing = measured.map((t, i) => (i === 2 ? { ...t, screen: { cjk: false, asterisk: true, fail: true } } : t));
    const b = assembleSession(failing, settings);
    expect(b.B).toBe(0);
    expect(b.C).toBe(0);
    expect(b.trainingReward).toBeCloseTo((0.7 + 0.8 - 0.15) / 3, 12);
  });

  it("an empty session scores C = 0 with undefined F, S and taste", () => {
    expect(assembleSession([], settings)).toEqual({ m: 0, F: null, S: null, meanTaste: null, B: 1, trainingReward: 0, C: 0, turns: [] });
  });
});
