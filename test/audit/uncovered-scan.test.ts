// The uncovered-token scan (seed 000 §3's "at most 15 per 16,000 turns"): which generated laughter
// candidates survive a vocabulary's strip, and how often each occurs in policy turns.
import { describe, expect, it } from "vitest";
import { V2_SEED_PATH, V3_PATH } from "../../src/audit/paths.js";
import { PER_TURNS, scanUncovered, tokenPattern, uncoveredTokens } from "../../src/audit/uncovered-scan.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { wilsonCi } from "../../src/stats/proportion.js";

const session = (seed: number, texts: string[]): TranscriptRow => ({
  id: `s${seed}`,
  seed,
  turns: texts.flatMap((text) => [
    { speaker: "partner", text: "What now? xD" },
    { speaker: "policy", text },
  ]),
});

describe("uncovered-token scan", () => {
  it("finds v2-seed's gaps among the generated candidates (xD, the unmatched emoji) and none of its matched cues", () => {
    const gaps = uncoveredTokens(V2_SEED_PATH);
    expect(gaps).toContain("xD");
    expect(gaps).toContain("😆");
    expect(gaps).not.toContain("Haha!");
    expect(gaps).not.toContain("lol");
    // v3 was extended with what the fuzzer found; it leaves fewer gaps.
    expect(uncoveredTokens(V3_PATH).length).toBeLessThan(gaps.length);
  });

  it("counts policy turns per uncovered token, with its rate per 16,000 turns and a Wilson interval", () => {
    // 40 policy turns: 3 with " xD", 1 with " 😆", 2 with a covered " Haha!"; partner turns (all with xD) are not scanned.
    const texts = Array.from({ length: 40 }, (_, i) => (i < 3 ? `Fine by me xD` : i === 3 ? "On it 😆" : i < 6 ? "Sure. Haha!" : `Turn ${i}. Boxed it.`));
    const bank = Array.from({ length: 10 }, (_, s) => session(s, texts.slice(4 * s, 4 * s + 4)));
    const scan = scanUncovered([{ name: "bank", rows: bank }], V2_SEED_PATH);
    expect(scan.turns).toBe(40);
    const xd = scan.rates.find((r) => r.token === "xD")!;
    expect(xd.turns).toBe(3);
    expect(xd.per16k).toBeCloseTo((3 / 40) * 16_000, 9);
    const w = wilsonCi(3, 40).ci;
    expect(xd.ci95per16k[0]).toBeCloseTo(w[0] * PER_TURNS, 9);
    expect(scan.rates.find((r) => r.token === "😆")!.turns).toBe(1);
    expect(scan.rates.some((r) => /haha/i.test(r.token))).toBe(false);
    expect(scan.any.turns).toBe(4);
    expect(scan.max!.token).toBe("xD");
  });

  it("matches whole tokens only: 'xD' inside 'Boxed' or 'xDD' is not an xD", () => {
    expect(tokenPattern("xD").test("Boxed it.")).toBe(false);
    expect(tokenPattern("xD").test("xDD")).toBe(false);
    expect(tokenPattern("xD").test("fine xD.")).toBe(true);
    expect(tokenPattern("😆").test("ok😆")).toBe(true);
  });

  it("refuses a bank with no policy turns, naming the speaker", () => {
    expect(() => scanUncovered([{ name: "b", rows: [{ id: "a", seed: 1, turns: [{ speaker: "assistant", text: "xD" }] }] }], V2_SEED_PATH)).toThrow(/no turns by the policy speaker "policy" in b/);
  });
});
