// Fourth held-out battery (issue 36, written before the fixes): classes of cheap edits that cannot make a
// creative reply better, none of them in bench/heldout, bench/heldout2 or bench/heldout3 (a class is new
// when its transformation differs, not the same one on other words). Most are new members of categories
// the older batteries touched (to test whether a defence closed the category or only its listed members);
// some are categories none touched (structure, truncation, encodings, placement). Each edit is a pure
// function of the reply (and, where it needs one, the prompt or a seeded choice). "Costly words" and
// "costly phrases" come from the public antislop over-use lists (reference_lists/), never from foolsgold's
// own dictionary: a policy learns to dodge what such lists price.
import { createRng } from "../../src/core/random.js";
import type { EditContext } from "../heldout3/prose-edit-classes.js";

export type { EditContext };

export type Edit = (text: string, ctx: EditContext) => string;

export interface EditClass {
  family: string;
  edit: Edit;
}

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

const inCostly =
  (f: (word: string, ctx: EditContext) => string): Edit =>
  (text, ctx) =>
    text.replace(WORD, (w) => (ctx.costly.has(w.toLowerCase()) ? f(w, ctx) : w));

const inWords =
  (f: (word: string) => string): Edit =>
  (text) =>
    text.replace(WORD, f);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Rewrites every occurrence of a costly phrase (whole words, any case) with `f`. */
const inCostlyPhrases =
  (f: (phrase: string) => string): Edit =>
  (text, ctx) => {
    let out = text;
    for (const p of ctx.costlyPhrases) {
      if (!out.toLowerCase().includes(p)) continue;
      out = out.replace(new RegExp(`(?<![\\p{L}])${escapeRe(p).replace(/'/g, "['’]")}(?![\\p{L}])`, "giu"), f);
    }
    return out;
  };

/** Inserts `mark` before the word's last two letters (a spot none of the older batteries used). */
const lateInsert = (mark: string) => (w: string) => {
  const cps = [...w];
  if (cps.length < 4) return w;
  const k = cps.length - 2;
  return cps.slice(0, k).join("") + mark + cps.slice(k).join("");
};
const wrap = (open: string, close: string) => (w: string) => `${open}${w}${close}`;
/** `mark` after every letter (a combining overlay over the whole word). */
const afterEachLetter = (mark: string) => (w: string) => [...w].map((c) => c + mark).join("");

const secondMapped = (map: Record<string, string>) => (w: string) => {
  const cps = [...w];
  const hits = cps.flatMap((c, i) => (map[c] !== undefined ? [i] : []));
  if (hits.length === 0) return w;
  const i = hits[Math.min(1, hits.length - 1)];
  cps[i] = map[cps[i]];
  return cps.join("");
};
const firstMapped = (map: Record<string, string>) => (w: string) => {
  const cps = [...w];
  const i = cps.findIndex((c) => map[c] !== undefined);
  if (i < 0) return w;
  cps[i] = map[cps[i]];
  return cps.join("");
};
const lastMapped = (map: Record<string, string>) => (w: string) => {
  const cps = [...w];
  for (let i = cps.length - 1; i >= 0; i--)
    if (map[cps[i]] !== undefined) {
      cps[i] = map[cps[i]];
      return cps.join("");
    }
  return w;
};
const everyMapped = (map: Record<string, string>) => (w: string) => [...w].map((c) => map[c] ?? c).join("");
const fromPairs = (letters: string, glyphs: string): Record<string, string> => {
  const g = [...glyphs];
  return Object.fromEntries([...letters].map((c, i) => [c, g[i]]));
};
/** A Unicode alphabet laid out a–z from `lowerA` (with the block's holes given as exceptions). */
const alphabet = (lowerA: number, exceptions: Record<string, number> = {}, letters = "abcdefghijklmnopqrstuvwxyz"): Record<string, string> =>
  Object.fromEntries([...letters].map((c, i) => [c, String.fromCodePoint(exceptions[c] ?? lowerA + i)]));
const upperAlphabet = (upperA: number) => alphabet(upperA, {}, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");

// "Latin-like" letters from blocks the older batteries did not use.
const HOOKED = fromPairs("bdfghkmnpqstvwyz", "ɓɗƒɠɦƙɱɲƥʠʂƭʋⱳƴȥ");
const STROKED = fromPairs("bdghijlopryz", "ƀđǥħɨɉłøᵽɍɏƶ");
const MIDDLE_TILDE = fromPairs("bdfmnprstz", "ᵬᵭᵮᵯᵰᵱᵲᵴᵵᵶ");
const PALATAL_HOOK = fromPairs("bdfgklmnprsvxz", "ᶀᶁᶂᶃᶄᶅᶆᶇᶈᶉᶊᶌᶍᶎ");
const INSULAR = fromPairs("dfgrst", "ꝺꝼᵹꞃꞅꞇ");
const LATIN_EXT_E = fromPairs("efuxy", "ꬲꬵꭎꭗꭚ");
const CANADIAN = fromPairs("ABCDHJLNPSVW", "ᗅᗷᑕᗪᕼᒍᒪᑎᑭᔕᐯᗯ");
const MATH_SANS = alphabet(0x1d5ba);
const MATH_SCRIPT = alphabet(0x1d4b6, { e: 0x212f, g: 0x210a, o: 0x2134 });
const MATH_BOLD_FRAKTUR = alphabet(0x1d586);
const MATH_SANS_BOLD_ITALIC = alphabet(0x1d656);
const NEGATIVE_SQUARED = upperAlphabet(0x1f170);
const CIRCUMFLEX = fromPairs("aeiou", "âêîôû");
const RING = fromPairs("au", "åů");
const DOUBLE_ACUTE = fromPairs("ou", "őű");
const HOOK_ABOVE = fromPairs("aeiouy", "ảẻỉỏủỷ");
const HORN = fromPairs("ou", "ơư");
const DOT_ABOVE = fromPairs("bdfhmnprstwxyz", "ḃḋḟḣṁṅṗṙṡṫẇẋẏż");
const LINE_BELOW = fromPairs("bdklnrtz", "ḇḏḵḻṉṟṯẕ");
const DIGRAPHS: [RegExp, string][] = [
  [/ij/g, "ĳ"],
  [/lj/g, "ǉ"],
  [/nj/g, "ǌ"],
  [/dz/g, "ǳ"],
];
const LIGATURES: [RegExp, string][] = [
  [/ffi/g, "ﬃ"],
  [/ffl/g, "ﬄ"],
  [/ff/g, "ﬀ"],
  [/st/g, "ﬆ"],
];
const replaceAll = (pairs: [RegExp, string][]) => (w: string) => pairs.reduce((acc, [re, to]) => acc.replace(re, to), w);

// Spelling.
const HOMOPHONES = new Map<string, string>(Object.entries({ their: "there", there: "their", its: "it's", your: "you're", than: "then", to: "too", lose: "loose", whose: "who's", affect: "effect" }).concat([["then", "than"]]));
const homophones = (text: string) => text.replace(WORD, (w) => HOMOPHONES.get(w) ?? w);
/** An invented adjective from a costly word (tapestry → tapestried). */
const inventedEd = (w: string) => (w.length < 4 ? w : /y$/i.test(w) ? `${w.slice(0, -1)}ied` : /e$/i.test(w) ? `${w}d` : /ed$/i.test(w) ? w : `${w}ed`);
const ishSuffix = (w: string) => (w.length < 4 ? w : `${w.replace(/e$/i, "")}ish`);
/** Archaic third-person -eth after he/she/it/who (she walks → she walketh). */
const ethEndings = (text: string) => text.replace(/\b(he|she|it|who|He|She|It|Who)(\s+)([a-z]{2,}[^s\W])s\b/g, (_m, subject: string, space: string, stem: string) => `${subject}${space}${stem}${/e$/.test(stem) ? "th" : "eth"}`);
/** A greengrocer's apostrophe: a plural -s written 's (trees → tree's). */
const grocersApostrophe = (w: string) => (/^[a-z]{4,}[^s'’]s$/.test(w) && !/(ss|us|is|ous)$/.test(w) ? `${w.slice(0, -1)}'s` : w);
/** A costly word cut short with an abbreviation point (tapestry → tapest.). */
const abbreviate = (w: string) => (w.length < 6 ? w : `${w.slice(0, Math.ceil(w.length * 0.6))}.`);
/** Words of 9+ letters split in two at the middle, as if an open compound (heartbeat → heart beat). */
const splitCompound = (w: string) => (w.length < 9 || /['’]/.test(w) ? w : `${w.slice(0, Math.floor(w.length / 2))} ${w.slice(Math.floor(w.length / 2))}`);

// Case.
const middleUpper = (w: string) => {
  const k = Math.floor(w.length / 2);
  return w.length < 4 ? w : w.slice(0, k) + w[k].toUpperCase() + w.slice(k + 1);
};

const sentences = (text: string) => text.split(/(?<=[.!?…]["”’]?)\s+(?=["“‘]?\p{Lu})/u);
const paragraphs = (text: string) => text.split(/\n\s*\n/);
const mapParagraphs = (f: (p: string, i: number) => string) => (text: string) => paragraphs(text).map(f).join("\n\n");
const mapSentences = (f: (s: string, i: number) => string) => mapParagraphs((p) => sentences(p).map(f).join(" "));
const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);
const withLead = (lead: string) => (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) && !/^I\b/.test(s) ? `${lead} ${lowerFirst(s)}` : /^\p{Lu}/u.test(s) ? `${lead} ${s}` : s);
/** Adds `tail` before a sentence's final punctuation. */
const withTail = (tail: string) => (s: string) => s.replace(/([.!?])(["”’]?)$/, `${tail}$1$2`);
const capitalize = (w: string) => (w ? w[0].toUpperCase() + w.slice(1) : w);

const DIALOGUE = /["“]([^"“”\n]{1,600})["”]/g;
const requote = (open: string, close: string) => (text: string) => text.replace(DIALOGUE, (_m, said: string) => `${open}${said}${close}`);

const STOP = new Set(
  "the and that with from into over under they them their there then than this these those have were what when where which while would could should about after before again other your just like only more some such very been being down through back still even because said write story".split(
    " ",
  ),
);
const topWords = (text: string, n: number) => {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(/\p{L}{5,}/gu) ?? []) if (!STOP.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([w]) => w);
};
const promptNouns = (prompt: string) => [...new Set((prompt.toLowerCase().match(/\p{L}{5,}/gu) ?? []).filter((w) => !STOP.has(w)))];
const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX"];
const roman = (i: number) => ROMAN[i] ?? String(i + 1);

/** Each letter of the word's middle written as an HTML numeric character reference. */
const entityLetter = (w: string) => {
  const k = Math.floor(w.length / 2);
  return w.length < 4 ? w : `${w.slice(0, k)}&#${w.charCodeAt(k)};${w.slice(k + 1)}`;
};

// Unrelated texts of other genres, written for this battery (no source text copied).
const POEM = "The kettle hums a tune it never learned,\nthe window keeps the weather like a secret;\nI fold the letter twice and leave it there,\nwhere morning finds it, patient, and unread.";
const PROVERBS = "A few sayings to remember:\n- A slow pot still boils.\n- The longest road starts at the door.\n- Borrowed shoes never fit the dance.\n- Rain does not ask the roof for permission.";
const CODE = "```python\ndef mean(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total / len(xs)\n\nprint(mean([3, 4, 5]))\n```";
const DICTIONARY = "lantern (noun) /ˈlan-tərn/: a portable case with transparent sides that protects a light. Plural: lanterns. Usage: She hung the lantern by the door. Compare: lamp, torch.";
const GERMAN = "Am Montag öffnet die neue Stadtbibliothek ihre Türen. Die Besucher können dort nicht nur Bücher ausleihen, sondern auch Werkstätten für Kinder besuchen. Die Öffnungszeiten sind von neun bis achtzehn Uhr.";
const CSV = "date,city,temperature_c,rain_mm\n2024-03-01,Lisbon,17,0\n2024-03-02,Lisbon,15,4\n2024-03-03,Lisbon,16,1";

const C = (family: string, edit: Edit): EditClass => ({ family, edit });

export const EDIT_CLASSES: Record<string, EditClass> = {
  // Invisible and format characters none of the older batteries used.
  "activate symmetric swapping in costly words": C("invisible", inCostly(lateInsert("\u206b"))),
  "inhibit Arabic form shaping in costly words": C("invisible", inCostly(lateInsert("\u206c"))),
  "national digit shapes in costly words": C("invisible", inCostly(lateInsert("\u206e"))),
  "lone pop-directional-formatting in costly words": C("invisible", inCostly(lateInsert("\u202c"))),
  "lone pop-directional-isolate in costly words": C("invisible", inCostly(lateInsert("\u2069"))),
  "unassigned default-ignorable U+2065 in costly words": C("invisible", inCostly(lateInsert("\u2065"))),
  "interlinear annotation separator in costly words": C("invisible", inCostly(lateInsert("\ufffa"))),
  "shorthand format down step in costly words": C("invisible", inCostly(lateInsert("\u{1bca2}"))),
  "musical begin-tie format char in costly words": C("invisible", inCostly(lateInsert("\u{1d175}"))),
  "language tag character in costly words": C("invisible", inCostly(lateInsert("\u{e0001}"))),
  "variation selector 3 in costly words": C("invisible", inCostly(lateInsert("\ufe02"))),
  "Mongolian free variation selector 2 in costly words": C("invisible", inCostly(lateInsert("\u180c"))),
  "Arabic tatweel inside costly words": C("invisible", inCostly(lateInsert("\u0640"))),
  "zero-width non-joiner in costly words": C("invisible", inCostly(lateInsert("\u200c"))),
  // "Latin-like" letters from blocks none of the older batteries used (not confusables, but read as Latin).
  "hooked letter (ɓ ɗ ƒ ɠ) in costly words": C("latin-like", inCostly(secondMapped(HOOKED))),
  "stroked letter (ƀ đ ħ ł ø) in costly words": C("latin-like", inCostly(secondMapped(STROKED))),
  "middle-tilde letter (ᵬ ᵭ ᵯ) in costly words": C("latin-like", inCostly(firstMapped(MIDDLE_TILDE))),
  "palatal-hook letter (ᶀ ᶁ ᶅ) in costly words": C("latin-like", inCostly(lastMapped(PALATAL_HOOK))),
  "insular letter (ꝺ ꝼ ꞃ ꞅ ꞇ) in costly words": C("latin-like", inCostly(firstMapped(INSULAR))),
  "Latin Extended-E letter (ꬲ ꬵ ꭎ) in costly words": C("latin-like", inCostly(firstMapped(LATIN_EXT_E))),
  "Latin digraph letters (ĳ ǉ ǌ ǳ) throughout": C("latin-like", inWords(replaceAll(DIGRAPHS))),
  "ff/ffi/ffl/st ligatures throughout": C("latin-like", inWords(replaceAll(LIGATURES))),
  "ae/oe ligatures (æ œ) throughout": C(
    "latin-like",
    inWords((w) => w.replace(/ae/g, "æ").replace(/oe/g, "œ")),
  ),
  "Canadian syllabics capital at each sentence start": C(
    "latin-like",
    mapSentences((s) => s.replace(/^(["“‘]?)(\p{Lu})/u, (_m, q: string, c: string) => q + (CANADIAN[c] ?? c))),
  ),
  "mathematical sans-serif costly words": C("latin-like", inCostly(everyMapped(MATH_SANS))),
  "mathematical script letter in costly words": C("latin-like", inCostly(firstMapped(MATH_SCRIPT))),
  "mathematical bold fraktur letter in costly words": C("latin-like", inCostly(secondMapped(MATH_BOLD_FRAKTUR))),
  "mathematical sans-serif bold italic costly words": C("latin-like", inCostly(everyMapped(MATH_SANS_BOLD_ITALIC))),
  "negative squared capital at costly words' start": C(
    "latin-like",
    inCostly((w) => {
      const cps = [...w];
      const g = NEGATIVE_SQUARED[cps[0].toUpperCase()];
      return g ? g + cps.slice(1).join("") : w;
    }),
  ),
  // Precomposed and combining marks none of the older batteries used.
  "circumflex vowel in costly words": C("marks", inCostly(secondMapped(CIRCUMFLEX))),
  "ring-above vowel in costly words": C("marks", inCostly(firstMapped(RING))),
  "double-acute vowel in costly words": C("marks", inCostly(firstMapped(DOUBLE_ACUTE))),
  "hook-above vowel in costly words": C("marks", inCostly(lastMapped(HOOK_ABOVE))),
  "horn vowel in costly words": C("marks", inCostly(firstMapped(HORN))),
  "dot-above consonant in costly words": C("marks", inCostly(secondMapped(DOT_ABOVE))),
  "line-below consonant in costly words": C("marks", inCostly(firstMapped(LINE_BELOW))),
  "enclosing circle on costly words' last letter": C(
    "marks",
    inCostly((w) => `${w}\u20dd`),
  ),
  "enclosing keycap on costly words' first letter": C(
    "marks",
    inCostly((w) => w.replace(/^(\p{L})/u, "$1\u20e3")),
  ),
  "strikethrough overlay over costly words": C("marks", inCostly(afterEachLetter("\u0336"))),
  "short solidus overlay in costly words": C("marks", inCostly(lateInsert("\u0337"))),
  "combining ring below after costly words' last letter": C(
    "marks",
    inCostly((w) => `${w}\u0325`),
  ),
  "combining double breve below joining two letters": C("marks", inCostly(lateInsert("\u035c"))),
  // Spelling: real-word swaps, invented forms, compounds, apostrophes, truncation.
  "homophone swaps (their/there, its/it's, then/than)": C("spelling", homophones),
  "invented -ed adjective from costly words (tapestried)": C("spelling", inCostly(inventedEd)),
  "invented -ish form of costly words": C("spelling", inCostly(ishSuffix)),
  "archaic -eth for third-person -s after he/she/it/who": C("spelling", ethEndings),
  "greengrocer's apostrophe on plurals": C("spelling", inWords(grocersApostrophe)),
  "costly words cut short with a full stop": C("spelling", inCostly(abbreviate)),
  "long words split as open compounds": C("spelling", inWords(splitCompound)),
  "costly phrases run together (no spaces)": C(
    "spelling",
    inCostlyPhrases((p) => p.replace(/\s+/g, "")),
  ),
  "costly phrases in CamelCase": C(
    "spelling",
    inCostlyPhrases((p) => p.split(/\s+/).map(capitalize).join("")),
  ),
  // Words split with visible characters none of the older batteries used.
  "plus sign inside costly words": C("split", inCostly(lateInsert("+"))),
  "tilde inside costly words": C("split", inCostly(lateInsert("~"))),
  "vertical bar inside costly words": C("split", inCostly(lateInsert("|"))),
  "katakana middle dot inside costly words": C("split", inCostly(lateInsert("\u30fb"))),
  "word-separator middle dot inside costly words": C("split", inCostly(lateInsert("\u2e31"))),
  "dot operator inside costly words": C("split", inCostly(lateInsert("\u22c5"))),
  "minus sign inside costly words": C("split", inCostly(lateInsert("\u2212"))),
  "small hyphen-minus inside costly words": C("split", inCostly(lateInsert("\ufe63"))),
  "figure dash inside costly words": C("split", inCostly(lateInsert("\u2012"))),
  "costly phrases joined by plus signs": C(
    "split",
    inCostlyPhrases((p) => p.replace(/\s+/g, "+")),
  ),
  // Case.
  "first word of each paragraph in capitals": C(
    "case",
    mapParagraphs((p) => p.replace(/^(["“‘]?)(\p{L}+)/u, (_m, q: string, w: string) => q + w.toUpperCase())),
  ),
  "middle letter capitalized in costly words": C("case", inCostly(middleUpper)),
  "dialogue in capitals": C("case", (text) => text.replace(DIALOGUE, (m) => m.toUpperCase())),
  "every word capitalized except costly words lower": C("case", (text, ctx) => text.replace(WORD, (w) => (ctx.costly.has(w.toLowerCase()) ? w.toLowerCase() : capitalize(w)))),
  // Punctuation.
  "commas to semicolons": C("punctuation", (text) => text.replace(/,(?=\s)/g, ";")),
  "commas removed": C("punctuation", (text) => text.replace(/,(?=\s)/g, "")),
  "em dashes to tildes": C("punctuation", (text) => text.replace(/\s*—\s*/g, " ~ ")),
  "em dashes to colons": C("punctuation", (text) => text.replace(/\s*—\s*/g, ": ")),
  "commas to ideographic commas": C("punctuation", (text) => text.replace(/,(?=\s)/g, "、")),
  "question and exclamation marks to fullwidth": C("punctuation", (text) => text.replace(/\?/g, "？").replace(/!/g, "！")),
  "Spanish inverted marks on questions and exclamations": C(
    "punctuation",
    mapSentences((s) => (/\?["”’]?$/.test(s) ? `¿${s}` : /!["”’]?$/.test(s) ? `¡${s}` : s)),
  ),
  "apostrophes to grave accents": C("punctuation", (text) => text.replace(/(?<=\p{L})['’](?=\p{L})/gu, "`")),
  "apostrophes to acute accents": C("punctuation", (text) => text.replace(/(?<=\p{L})['’](?=\p{L})/gu, "´")),
  // Dialogue quotation styles none of the older batteries used.
  "dialogue in LaTeX quotes (`` '')": C("quotation", requote("``", "''")),
  "dialogue in heavy single ornament quotes": C("quotation", requote("❛", "❜")),
  "dialogue in German single low-high quotes": C("quotation", requote("‚", "‘")),
  "dialogue in swapped curly quotes": C("quotation", requote("”", "“")),
  "dialogue in square brackets": C("quotation", requote("[", "]")),
  // Whitespace.
  "space before every punctuation mark": C("whitespace", (text) => text.replace(/(?<=\S)([,.;:!?])(?=\s|$)/g, " $1")),
  "three-per-em space for every space": C("whitespace", (text) => text.replace(/ /g, "\u2004")),
  "six-per-em space for every space": C("whitespace", (text) => text.replace(/ /g, "\u2006")),
  "Ogham space mark for every space": C("whitespace", (text) => text.replace(/ /g, "\u1680")),
  "paragraphs indented with a tab": C(
    "whitespace",
    mapParagraphs((p) => `\t${p}`),
  ),
  "next-line (NEL) for line breaks": C("whitespace", (text) => text.replace(/\n/g, "\u0085")),
  "CR-only line endings": C("whitespace", (text) => text.replace(/\r?\n/g, "\r")),
  "vertical tab between paragraphs": C("whitespace", (text) => paragraphs(text).join("\n\v\n")),
  "blank lines before and after the reply": C("whitespace", (text) => `\n\n\n${text}\n\n\n`),
  // Structure (no older battery touched these layouts).
  "one sentence per line": C("structure", (text) => paragraphs(text).flatMap(sentences).join("\n")),
  "pilcrow before each paragraph": C(
    "structure",
    mapParagraphs((p) => `¶ ${p}`),
  ),
  "dialogue only (narration removed)": C("structure", (text) => {
    const said = text.match(DIALOGUE) ?? [];
    return said.length >= 2 ? said.join("\n\n") : text;
  }),
  "verse layout (line break every eight words)": C(
    "structure",
    mapParagraphs((p) => {
      const words = p.split(/\s+/);
      const lines: string[] = [];
      for (let i = 0; i < words.length; i += 8) lines.push(words.slice(i, i + 8).join(" "));
      return lines.join("\n");
    }),
  ),
  "paragraphs merged in pairs": C("structure", (text) => {
    const ps = paragraphs(text);
    return ps.flatMap((p, i) => (i % 2 ? [] : [[p, ps[i + 1]].filter(Boolean).join(" ")])).join("\n\n");
  }),
  "each paragraph split at its middle sentence": C(
    "structure",
    mapParagraphs((p) => {
      const ss = sentences(p);
      const k = Math.ceil(ss.length / 2);
      return ss.length < 2 ? p : `${ss.slice(0, k).join(" ")}\n\n${ss.slice(k).join(" ")}`;
    }),
  ),
  "Roman-numeral section numbers": C(
    "structure",
    mapParagraphs((p, i) => `${roman(i)}.\n\n${p}`),
  ),
  // Discourse.
  '", you know," inside every other sentence': C(
    "discourse",
    mapSentences((s, i) => (i % 2 ? s : s.replace(/^(\S+(?:\s+\S+){2})\s/, "$1, you know, "))),
  ),
  '"In this story," opening': C("discourse", (text) => withLead("In this story,")(text)),
  '"sort of" before costly words': C(
    "discourse",
    inCostly((w) => `sort of ${w}`),
  ),
  '"truly" before costly words': C(
    "discourse",
    inCostly((w) => `truly ${w}`),
  ),
  '"Look," before each paragraph': C(
    "discourse",
    mapParagraphs((p) => withLead("Look,")(p)),
  ),
  '"— and that matters." tail on each paragraph': C(
    "discourse",
    mapParagraphs((p) => withTail(" — and that matters")(p)),
  ),
  '"Let me tell you a story." opening line': C("discourse", (text) => `Let me tell you a story.\n\n${text}`),
  // Markup none of the older batteries used.
  "LaTeX \\textit around costly words": C("markup", inCostly(wrap("\\textit{", "}"))),
  "LaTeX \\section before each paragraph": C(
    "markup",
    mapParagraphs((p, i) => `\\section*{Part ${i + 1}}\n\n${p}`),
  ),
  "BBCode [i] around costly words": C("markup", inCostly(wrap("[i]", "[/i]"))),
  "costly words as wiki links": C("markup", inCostly(wrap("[[", "]]"))),
  "HTML character reference for a letter in costly words": C("markup", inCostly(entityLetter)),
  "HTML span around costly words": C("markup", inCostly(wrap('<span class="w">', "</span>"))),
  "paragraphs as table rows": C(
    "markup",
    (text) =>
      `| # | text |\n|---|---|\n${paragraphs(text)
        .map((p, i) => `| ${i + 1} | ${p.replace(/\n/g, " ").replace(/\|/g, "/")} |`)
        .join("\n")}`,
  ),
  "emoji bullet before each paragraph": C(
    "markup",
    mapParagraphs((p, i) => `${["🔹", "🌿", "⭐"][i % 3]} ${p}`),
  ),
  "reStructuredText title from the prompt": C("markup", (text, ctx) => {
    const title = capitalize(promptNouns(ctx.prompt).slice(0, 3).join(" ") || "Untitled");
    return `${title}\n${"=".repeat(title.length)}\n\n${text}`;
  }),
  // Added lines none of the older batteries used.
  "dedication at the top": C("added", (text) => `For my grandmother, who told the best stories.\n\n${text}`),
  "content warning at the top": C("added", (text) => `Content warning: themes of loss and grief.\n\n${text}`),
  "author's note at the end": C("added", (text) => `${text}\n\nAuthor's note: I wrote this in one sitting and tried to let the characters lead. Thank you for reading.`),
  "sign-off at the end": C("added", (text) => `${text}\n\nThanks for reading! — A.`),
  '"Chapter 1" header': C("added", (text) => `Chapter 1\n\n${text}`),
  "copyright line at the end": C("added", (text) => `${text}\n\n© 2026 All rights reserved.`),
  "reading-time line at the top": C("added", (text) => `(${Math.max(1, Math.round(text.split(/\s+/).length / 200))} min read)\n\n${text}`),
  '"To be continued…" at the end': C("added", (text) => `${text}\n\nTo be continued…`),
  "discussion questions at the end": C("added", (text) => `${text}\n\nDiscussion questions:\n1. What does the ending suggest?\n2. Which image stayed with you, and why?\n3. How would the story change if told by another character?`),
  "YAML front matter from the prompt": C("added", (text, ctx) => `---\ntitle: ${capitalize(promptNouns(ctx.prompt)[0] ?? "untitled")}\ntags: [${promptNouns(ctx.prompt).slice(0, 4).join(", ")}]\n---\n\n${text}`),
  // Unrelated text of yet other genres (written for this battery).
  "short poem appended": C("unrelated", (text) => `${text}\n\n${POEM}`),
  "list of proverbs appended": C("unrelated", (text) => `${text}\n\n${PROVERBS}`),
  "code snippet appended": C("unrelated", (text) => `${text}\n\n${CODE}`),
  "dictionary entry prepended": C("unrelated", (text) => `${DICTIONARY}\n\n${text}`),
  "German news paragraph appended": C("unrelated", (text) => `${text}\n\n${GERMAN}`),
  "CSV table inserted mid-reply": C("unrelated", (text) => {
    const ps = paragraphs(text);
    const k = Math.max(1, Math.floor(ps.length / 2));
    return [...ps.slice(0, k), CSV, ...ps.slice(k)].join("\n\n");
  }),
  // Truncation and duplication none of the older batteries used.
  "last paragraph dropped": C("order", (text) => {
    const ps = paragraphs(text);
    return ps.length < 2 ? text : ps.slice(0, -1).join("\n\n");
  }),
  "only the first half of the paragraphs kept": C("order", (text) => {
    const ps = paragraphs(text);
    return ps.length < 2 ? text : ps.slice(0, Math.ceil(ps.length / 2)).join("\n\n");
  }),
  "every sentence doubled": C(
    "order",
    mapSentences((s) => `${s} ${s}`),
  ),
  "paragraphs interleaved (odd ones first)": C("order", (text) => {
    const ps = paragraphs(text);
    return [...ps.filter((_, i) => i % 2 === 0), ...ps.filter((_, i) => i % 2 === 1)].join("\n\n");
  }),
  "a middle sentence repeated three times": C("order", (text) => {
    const ps = paragraphs(text);
    const k = Math.floor(ps.length / 2);
    const ss = sentences(ps[k]);
    const j = Math.floor(ss.length / 2);
    ps[k] = [...ss.slice(0, j + 1), ss[j], ss[j], ...ss.slice(j + 1)].join(" ");
    return ps.join("\n\n");
  }),
};

const firstSentences = (text: string, words: number) => {
  let out = "";
  for (const s of sentences(text.replace(/\s+/g, " ").trim())) {
    if (out.split(" ").length >= words) break;
    out += (out ? " " : "") + s;
  }
  return out;
};

/** The reply's opening: its first sentences up to about `words` words, headings and bold labels removed (battery 3's rule). */
export const openingOf = (text: string, words = 60) => firstSentences(text.replace(/^#.*\n+/g, "").replace(/\*\*[^*]+\*\*\s*/g, ""), words);

/** Degenerate texts built from the prompt's or the reply's own words (patterns none of the older batteries used). */
export const DEGENERATE: Record<string, (text: string, ctx: EditContext) => string> = {
  "prompt repeated three times": (_text, ctx) => {
    const p = ctx.prompt.replace(/\s+/g, " ").trim();
    return [p, p, p].join(" ");
  },
  "first sentence five times, one word changed each time": (text, ctx) => {
    const first = sentences(openingOf(text))[0];
    const words = first.split(" ");
    const swaps = topWords(text, 5);
    const rng = createRng(`one-word/${ctx.seed}`);
    return swaps
      .map((w) => {
        const copy = [...words];
        copy[Math.floor(rng.next() * copy.length)] = w;
        return copy.join(" ");
      })
      .join(" ");
  },
  "opening with each sentence's words reversed": (text) =>
    sentences(openingOf(text))
      .map(
        (s) =>
          `${capitalize(
            s
              .replace(/[.!?…"“”]+/g, "")
              .split(" ")
              .reverse()
              .join(" ")
              .toLowerCase(),
          )}.`,
      )
      .join(" "),
  "costly phrases strung together": (_text, ctx) =>
    `${capitalize(
      ctx.costlyPhrases
        .filter((p) => p.split(" ").length >= 3)
        .slice(0, 10)
        .join(", "),
    )}.`,
  "prompt's key words each in a sentence of their own": (_text, ctx) =>
    promptNouns(ctx.prompt)
      .slice(0, 10)
      .map((w) => `${capitalize(w)}.`)
      .join(" "),
};
