// Held-out battery (issue 36): classes of cheap edits that cannot make a creative reply better. Each
// edit is a pure function of the reply (and, where it needs one, a seeded choice or a donor paragraph).
// "Costly words" are the words of the public antislop over-use list (reference_lists/slop_words) found
// in the reply: a policy learns to dodge exactly those. Nothing here reads foolsgold's own dictionary.
import { createRng } from "../../src/core/random.js";

export interface EditContext {
  /** Lower-cased over-used words (public antislop list). */
  costly: ReadonlySet<string>;
  /** A paragraph of unrelated public-domain prose, chosen per row. */
  donor: string;
  prompt: string;
  seed: string;
}

export type Edit = (text: string, ctx: EditContext) => string;

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

/** Applies `f` to each costly word (case-insensitive match on the whole word). */
const inCostly =
  (f: (word: string, ctx: EditContext) => string): Edit =>
  (text, ctx) =>
    text.replace(WORD, (w) => (ctx.costly.has(w.toLowerCase()) ? f(w, ctx) : w));

/** Inserts `mark` after the first letter and before the last one (so no segment is the whole word). */
const splitWith = (mark: string) => (w: string) => (w.length < 3 ? w : `${w[0]}${mark}${w.slice(1, -1)}${mark}${w.slice(-1)}`);
const midInsert = (mark: string) => (w: string) => (w.length < 2 ? w : `${w.slice(0, Math.ceil(w.length / 2))}${mark}${w.slice(Math.ceil(w.length / 2))}`);

/** Swaps the first letter of the word that has a look-alike in `map`. */
const lookAlike = (map: Record<string, string>) => (w: string) => {
  for (let i = 0; i < w.length; i++) if (map[w[i]]) return w.slice(0, i) + map[w[i]] + w.slice(i + 1);
  return w;
};

const CYRILLIC: Record<string, string> = { a: "а", e: "е", o: "о", p: "р", c: "с", x: "х", y: "у", i: "і" };
const GREEK: Record<string, string> = { o: "ο", i: "ι", v: "ν", u: "υ", k: "κ" };
const ARMENIAN: Record<string, string> = { o: "օ", u: "ս", n: "ղ", h: "հ", q: "զ" };
const MATH_BOLD = (c: string) => (/[a-z]/.test(c) ? String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97) : c);
const FULLWIDTH = (c: string) => (/[a-z]/.test(c) ? String.fromCodePoint(0xff41 + c.charCodeAt(0) - 97) : c);

const VOWELS = "aeiou";
const firstVowel = (w: string) => [...w].findIndex((c, i) => i > 0 && VOWELS.includes(c));

/** tapestry → tappestry: the first consonant after a vowel doubled. */
const doubleConsonant = (w: string) => {
  for (let i = 1; i < w.length - 1; i++) if (VOWELS.includes(w[i - 1]) && /[b-df-hj-np-tv-z]/.test(w[i])) return w.slice(0, i) + w[i] + w.slice(i);
  return w;
};
/** Two adjacent inner letters swapped (whisper → whsiper). */
const transpose = (w: string) => (w.length < 4 ? w : w[0] + w[2] + w[1] + w.slice(3));
/** The first inner vowel dropped (shadows → shdows). */
const dropVowel = (w: string) => {
  const i = firstVowel(w);
  return i < 0 || w.length < 4 ? w : w.slice(0, i) + w.slice(i + 1);
};
const withMark = (mark: string) => (w: string) => {
  const i = firstVowel(w);
  return i < 0 ? w : (w.slice(0, i + 1) + mark).normalize("NFC") + w.slice(i + 1);
};

const sentences = (text: string) => text.split(/(?<=[.!?]["”’]?)\s+(?=["“]?[A-Z])/);

const paragraphs = (text: string) => text.split(/\n\s*\n/);

export const EDIT_CLASSES: Record<string, Edit> = {
  // Invisible and format characters, each inside the costly words.
  "zero-width space in costly words": inCostly(splitWith("\u200b")),
  "word joiner in costly words": inCostly(midInsert("\u2060")),
  "soft hyphen in costly words": inCostly(midInsert("\u00ad")),
  "invisible separator in costly words": inCostly(midInsert("\u2063")),
  "BOM / ZWNBSP in costly words": inCostly(midInsert("\ufeff")),
  "combining grapheme joiner in costly words": inCostly(midInsert("\u034f")),
  "variation selector 17 in costly words": inCostly(midInsert("\u{e0100}")),
  "Hangul filler in costly words": inCostly(midInsert("\u3164")),
  "Mongolian vowel separator in costly words": inCostly(midInsert("\u180e")),
  "zero-width non-joiner in every 9+ letter word": (text) => text.replace(WORD, (w) => (w.length >= 9 ? midInsert("\u200c")(w) : w)),
  // Look-alike letters of other scripts and compatibility forms.
  "Cyrillic look-alike in costly words": inCostly(lookAlike(CYRILLIC)),
  "Greek look-alike in costly words": inCostly(lookAlike(GREEK)),
  "Armenian look-alike in costly words": inCostly(lookAlike(ARMENIAN)),
  "mathematical bold costly words": inCostly((w) => [...w].map(MATH_BOLD).join("")),
  "fullwidth letter in costly words": inCostly((w) => (FULLWIDTH(w[w.length - 1]) === w[w.length - 1] ? w : w.slice(0, -1) + FULLWIDTH(w[w.length - 1]))),
  "fi/fl ligatures everywhere": (text) => text.replace(/fi/g, "\ufb01").replace(/fl/g, "\ufb02"),
  // Orthography.
  "doubled consonant in costly words": inCostly(doubleConsonant),
  "transposed letters in costly words": inCostly(transpose),
  "dropped vowel in costly words": inCostly(dropVowel),
  "precomposed macron vowel in costly words": inCostly(withMark("\u0304")),
  "decomposed acute (combining mark) in costly words": inCostly((w) => {
    const i = firstVowel(w);
    return i < 0 ? w : w.slice(0, i + 1) + "\u0301" + w.slice(i + 1);
  }),
  "hyphen inside costly words": inCostly(midInsert("-")),
  "costly words in capitals": inCostly((w) => w.toUpperCase()),
  // Spaces, punctuation and quotation.
  "no-break spaces for every space": (text) => text.replace(/ /g, "\u00a0"),
  "em space for every space": (text) => text.replace(/ /g, "\u2003"),
  "double quotes to single quotes": (text) =>
    text
      .replace(/["“]/g, "‘")
      .replace(/”/g, "’")
      .replace(/(?<=\S)"/g, "’"),
  "double quotes to guillemets": (text) =>
    text
      .replace(/“/g, "«")
      .replace(/”/g, "»")
      .replace(/"(?=\S)/g, "«")
      .replace(/"/g, "»"),
  "dialogue as em-dash lines": (text) => text.replace(/["“]([^"”\n]{1,400})["”]/g, (_m, said: string) => `\n— ${said}\n`),
  "em dashes to semicolons": (text) => text.replace(/\s*[—–]\s*/g, "; "),
  "commas to ellipses": (text) => text.replace(/,/g, "…"),
  "every sentence its own paragraph": (text) =>
    paragraphs(text)
      .map((p) => sentences(p).join("\n\n"))
      .join("\n\n"),
  // Leads, labels, structure.
  "three-word lead before each sentence": (text) =>
    paragraphs(text)
      .map((p) =>
        sentences(p)
          .map((s, i) => (/^[A-Z][a-z]/.test(s) ? `${["And yet, somehow,", "But then, again,", "Still, even so,"][i % 3]} ${s[0].toLowerCase()}${s.slice(1)}` : s))
          .join(" "),
      )
      .join("\n\n"),
  "stat block prepended": (text) => `**Location:** unknown\n**Time:** night\n**Mood:** tense\n**HP:** 12/12\n\n${text}`,
  "markdown heading and bullet paragraphs": (text) =>
    `## Part One\n\n${paragraphs(text)
      .map((p) => `- ${p.replace(/\n/g, " ")}`)
      .join("\n")}`,
  "prompt quoted back first": (text, ctx) => `> ${ctx.prompt.replace(/\n/g, " ")}\n\n${text}`,
  // Padding, repetition, affect.
  "unrelated public-domain paragraph appended": (text, ctx) => `${text}\n\n${ctx.donor}`,
  "unrelated public-domain paragraph prepended": (text, ctx) => `${ctx.donor}\n\n${text}`,
  "first paragraph repeated at the end": (text) => `${text}\n\n${paragraphs(text)[0]}`,
  "reply said twice": (text) => `${text}\n\n${text}`,
  "paragraphs in shuffled order": (text, ctx) => createRng(`shuffle/${ctx.seed}`).shuffle(paragraphs(text)).join("\n\n"),
  "emoji after each paragraph": (text) =>
    paragraphs(text)
      .map((p, i) => `${p} ${["✨", "🌙", "🔥", "💫"][i % 4]}`)
      .join("\n\n"),
  "self-assessment line appended": (text) => `${text}\n\n(Word count within limits. Original, vivid, and free of clichés.)`,
};
