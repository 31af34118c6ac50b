// Issue 36/37: the certify laughter guard reads the reader's view and the laughter-by-meaning detector,
// so cues hidden by look-alike characters or phrased as self-reports trip it (each of these passed the
// v3-vocabulary guard before, seen failing).
import { describe, expect, it } from "vitest";
import { armGuardMetrics, evaluateGuards } from "../../src/certify/guards.js";
import { session } from "../certify/fixtures.js";

const REPLIES = ["Sure, I can move the meeting to Thursday.", "The printer on the third floor is jammed again.", "Let me check the budget sheet first."];
const base = [session(1, REPLIES), session(2, REPLIES)];

describe("the strict-laughter guard", () => {
  it.each([" ∗chuckles∗", " ~giggling~", " chuckles.", " That made me laugh.", " chu\u200Bckles.", " ⁎laughs⁎", " I'd laugh, but sure.", " 😹", " xD"])("fires on replies ending in %j", (cue) => {
    const trained = [
      session(
        1,
        REPLIES.map((r) => r + cue),
      ),
      session(
        2,
        REPLIES.map((r) => r + cue),
      ),
    ];
    const metrics = armGuardMetrics(trained, 3);
    expect(metrics.strict_laughter_rate).toBe(1);
    const guard = evaluateGuards(armGuardMetrics(base, 3), metrics).find((g) => g.guard === "strict_laughter")!;
    expect(guard.fired).toBe(true);
  });

  it("does not fire on the same replies without cues", () => {
    expect(armGuardMetrics(base, 3).strict_laughter_rate).toBe(0);
  });
});

describe("the screen guard", () => {
  it.each([" ∗sighs∗", " ~giggling~", " ✱chuckles✱"])("counts %j as a screen failure", (cue) => {
    expect(
      armGuardMetrics(
        [
          session(
            1,
            REPLIES.map((r) => r + cue),
          ),
        ],
        3,
      ).screen_fail_turn_rate,
    ).toBe(1);
  });
});
