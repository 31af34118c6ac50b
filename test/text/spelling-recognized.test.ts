// Issue 36, battery 5: a priced word a reader still recognizes, by category. Every adjacent transposition,
// interior reversal and rotation, and deletion at any position (the edges included) of every priced form,
// and every pair of deletions of every long one, is read as a priced form unless a far more frequent
// English word one edit away explains it; every contraction of the common-English list is read without
// its apostrophe (where the letters are no word), with it moved or doubled. Before the fix the shuffles
// and double deletions were read as other words or left as non-words, the contractions as non-words or
// their one-edit neighbours ("dont" → "done"), and on real replies dropping apostrophes paid +0.006 and
// scrambling interiors paid (battery 5: +0.038 and +0.013 at n = 100).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { pricedLemmas } from "../../src/terms/prose/stack/prepare.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/terms/prose/stack/resources.js";
import { COMMON_ENGLISH } from "../../src/text/english.js";
import { readCharacters } from "../../src/text/orthography.js";
import { contractionsByLetters, costlyWords, isEnglishWord, LONG_FORM, MIN_ANAGRAM_LENGTH, REAL_WORD_SLIP_RATIO, readSpelling, wordFrequency } from "../../src/text/spelling.js";
import { scoreProse, tuningReplies } from "../helpers/prose-replies.js";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const costly = costlyWords(pricedLemmas(JSON.parse(readFileSync(DEFAULT_DICTIONARY_PATH, "utf8"))));
const forms = [...costly.forms];
const ALPHABET = "abcdefghijklmnopqrstuvwxyz";

/** Every string one edit from `w` (swap, drop, change, add). */
function oneEdit(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < w.length; i++) out.push(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
  for (let i = 0; i < w.length; i++) out.push(w.slice(0, i) + w.slice(i + 1));
  for (let i = 0; i < w.length; i++) for (const c of ALPHABET) out.push(w.slice(0, i) + c + w.slice(i + 1));
  for (let i = 0; i <= w.length; i++) for (const c of ALPHABET) out.push(w.slice(0, i) + c + w.slice(i));
  return out;
}
/** The documented exception: an English word one edit from the variant, far more frequent than the form, explains it. */
const explained = (variant: string, form: string): boolean => oneEdit(variant).some((w) => wordFrequency(w) > REAL_WORD_SLIP_RATIO * Math.max(wordFrequency(form), 2) && isEnglishWord(w));
const readIn = (word: string): string => readSpelling(`She saw the ${word} there.`, undefined, costly).split(" ")[3];

/** The variants of each form that are no word and no contraction's letters, and those the reading misses without the exception. */
function misses(variantsOf: (form: string) => string[]): { tried: number; missed: string[] } {
  const contractions = contractionsByLetters();
  let tried = 0;
  const missed: string[] = [];
  for (const form of forms) {
    for (const v of new Set(variantsOf(form))) {
      if (v === form || v.length < 3 || costly.forms.has(v) || isEnglishWord(v) || contractions.has(v)) continue;
      tried++;
      if (!costly.forms.has(readIn(v)) && !explained(v, form)) missed.push(`${form} → ${v} → ${readIn(v)}`);
    }
  }
  return { tried, missed };
}

describe("a priced word a reader still recognizes is read as a priced form", () => {
  it("every adjacent transposition, the edges included", () => {
    const { tried, missed } = misses((f) => (f.length < MIN_ANAGRAM_LENGTH ? [] : [...f.slice(0, -1)].map((_, i) => f.slice(0, i) + f[i + 1] + f[i] + f.slice(i + 2))));
    expect(tried).toBeGreaterThan(15_000);
    expect(missed.slice(0, 10)).toEqual([]);
  });

  it("every interior reversed and rotated (first and last letters kept)", () => {
    const { tried, missed } = misses((f) => {
      if (f.length < MIN_ANAGRAM_LENGTH + 1) return [];
      const inner = f.slice(1, -1);
      return [f[0] + [...inner].reverse().join("") + f.at(-1), f[0] + inner.slice(1) + inner[0] + f.at(-1), f[0] + inner.at(-1) + inner.slice(0, -1) + f.at(-1)];
    });
    expect(tried).toBeGreaterThan(5_000);
    expect(missed.slice(0, 10)).toEqual([]);
  });

  it("every single deletion, the first and last letters included", () => {
    const { tried, missed } = misses((f) => (f.length < MIN_ANAGRAM_LENGTH + 1 ? [] : [...f].map((_, i) => f.slice(0, i) + f.slice(i + 1))));
    expect(tried).toBeGreaterThan(15_000);
    expect(missed.slice(0, 10)).toEqual([]);
  });

  it(`every two deletions of every form of ${LONG_FORM} or more letters`, () => {
    const { tried, missed } = misses((f) => {
      if (f.length < LONG_FORM) return [];
      const out: string[] = [];
      for (let i = 0; i < f.length; i++) for (let j = i + 1; j < f.length; j++) out.push(f.slice(0, i) + f.slice(i + 1, j) + f.slice(j + 1));
      return out;
    });
    expect(tried).toBeGreaterThan(30_000);
    expect(missed.slice(0, 10)).toEqual([]);
  }, 60_000);

  it("a capitalized priced form with its interior shuffled, inside a sentence", () => {
    expect(readSpelling("She touched the Tpaestry and the Wsiphers.", undefined, costly)).toBe("She touched the Tapestry and the Whispers.");
  });

  it("leaves words people write as written", () => {
    const text = "The cant of thieves, as is his wont, was ill. Well, we were in hell; its roots ran deep. Show your ID.";
    expect(readSpelling(text, undefined, costly)).toBe(text);
    // A capitalized word is not read through two edits: a name opening a sentence (Brown's "Quintus", two edits from "quantums").
    expect(readSpelling("Quintus smiled.", undefined, costly)).not.toMatch(/^Quantums/);
  });
});

describe("contractions without, or with a moved or doubled, apostrophe", () => {
  const contractions = contractionsByLetters();

  it("are derived from the common-English list: every n't, 're, 've, 'll, 'd, 'm form and the 's forms of function words", () => {
    const listed = [...COMMON_ENGLISH].filter((w) => /(?:n't|'re|'ve|'ll|'d|'m)$/.test(w));
    expect(listed.length).toBeGreaterThan(30);
    for (const w of listed) expect(contractions.get(w.replace(/'/g, "")), w).toBe(w);
    for (const w of ["it's", "that's", "he's", "she's", "what's", "there's"]) expect(contractions.get(w.replace("'", ""))).toBe(w);
    expect(contractions.has("mans")).toBe(false); // a possessive, not a contraction
  });

  it("reads every form's letters as the form where they are no word, and leaves them where they are", () => {
    let read = 0;
    for (const [letters, form] of contractions) {
      const got = readSpelling(`We said ${letters} then.`, undefined, costly).split(" ")[2];
      if (isEnglishWord(letters)) expect(got, letters).toBe(letters);
      else {
        expect(got, letters).toBe(form);
        read++;
      }
    }
    expect(read).toBeGreaterThan(30);
  });

  it("reads every moved apostrophe and every doubled one as the form", () => {
    let moved = 0;
    for (const [letters, form] of contractions) {
      for (let i = 1; i < letters.length; i++) {
        const written = `${letters.slice(0, i)}'${letters.slice(i)}`;
        if (written === form) continue;
        expect(readSpelling(`We said ${written} then.`, undefined, costly), written).toBe(`We said ${form} then.`);
        moved++;
      }
      const doubled = form.replace("'", "''");
      expect(readCharacters(`We said ${doubled} then.`), doubled).toBe(`We said ${form} then.`);
    }
    expect(moved).toBeGreaterThan(60);
  });

  it("decides a form whose letters are a word by its neighbours", () => {
    expect(readSpelling("I cant go, but its a start and its not over. Its roots hold.", undefined, costly)).toBe("I can't go, but it's a start and it's not over. Its roots hold.");
    expect(readSpelling("They wont listen. As was his wont.", undefined, costly)).toBe("They won't listen. As was his wont.");
  });
});

describe.skipIf(!hasSharedData)(`on real replies (${hasSharedData ? "tuning slice" : sharedDataSkipReason})`, () => {
  it("dropped apostrophes and scrambled interiors of priced words change nothing", async () => {
    const rows = tuningReplies(30);
    const scramble = (w: string) =>
      w.length < 5
        ? w
        : w[0] +
          createRng(`scramble/${w}`)
            .shuffle([...w.slice(1, -1)])
            .join("") +
          w.at(-1);
    const edits: Record<string, (text: string) => string> = {
      apostrophes: (text) => text.replace(/(?<=\p{L})['’](?=(t|s|d|ll|re|ve|m)\b)/gu, ""),
      scrambled: (text) => text.replace(/\p{L}+/gu, (w) => (costly.forms.has(w.toLowerCase()) ? scramble(w) : w)),
    };
    const before = await scoreProse(rows);
    for (const [name, edit] of Object.entries(edits)) {
      const edited = rows.map((r) => ({ ...r, output: edit(r.output) }));
      const changed = edited.flatMap((r, i) => (r.output !== rows[i].output ? [i] : []));
      expect(changed.length, name).toBeGreaterThanOrEqual(15);
      const after = await scoreProse(edited);
      const gain = changed.reduce((s, i) => s + after[i] - before[i], 0) / changed.length;
      // Read as the words they disguise, the edits leave the reward where it was (before: dropped apostrophes +0.0063, scrambles -0.024).
      expect(Math.abs(gain), `${name}: mean gain over ${changed.length} replies`).toBeLessThanOrEqual(0.003);
    }
  }, 300_000);
});
