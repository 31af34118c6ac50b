// Second held-out battery (issue 36, written before the fixes): classes of cheap edits that cannot make
// a creative reply better, none of them in bench/heldout/prose-edit-classes.ts. Each edit is a pure
// function of the reply (and, where it needs one, a seeded choice, a donor text or the prompt). "Costly
// words" and "costly phrases" come from the public antislop over-use lists (reference_lists/), never from
// foolsgold's own dictionary: a policy learns to dodge what such lists price.
import { createRng } from "../../src/core/random.js";

export interface EditContext {
  /** Lower-cased over-used words (public antislop list). */
  costly: ReadonlySet<string>;
  /** Lower-cased over-used phrases (public antislop list), longest first. */
  costlyPhrases: readonly string[];
  /** Unrelated public-domain paragraphs and human fiction, chosen per row. */
  donors: { gutenberg: string; brown: string; hanna: string; modelReply: string };
  prompt: string;
  seed: string;
}

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

const inLongWords =
  (minLetters: number, f: (word: string) => string): Edit =>
  (text) =>
    text.replace(WORD, (w) => ([...w].length >= minLetters ? f(w) : w));

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

const midInsert = (mark: string) => (w: string) => {
  const cps = [...w];
  if (cps.length < 2) return w;
  const k = Math.ceil(cps.length / 2);
  return cps.slice(0, k).join("") + mark + cps.slice(k).join("");
};
const wrap = (open: string, close: string) => (w: string) => `${open}${w}${close}`;

/** Replaces the first letter of the word that `map` has an entry for. */
const firstMapped = (map: Record<string, string>) => (w: string) => {
  const cps = [...w];
  const i = cps.findIndex((c) => map[c] !== undefined);
  if (i < 0) return w;
  cps[i] = map[cps[i]];
  return cps.join("");
};
/** Replaces the last letter of the word that `map` has an entry for. */
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
const fromAlphabet = (letters: string, glyphs: string): Record<string, string> => {
  const g = [...glyphs];
  return Object.fromEntries([...letters].map((c, i) => [c, g[i]]).filter(([, v]) => v !== undefined && v !== "_"));
};
const offsetAlphabet = (lowerA: number, exceptions: Record<string, number> = {}): Record<string, string> => Object.fromEntries([..."abcdefghijklmnopqrstuvwxyz"].map((c, i) => [c, String.fromCodePoint(exceptions[c] ?? lowerA + i)]));

// Look-alikes a policy would pick by eye.
const SMALL_CAPS = fromAlphabet("abcdefghijklmnopqrstuvwxyz", "ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘ_ʀꜱᴛᴜᴠᴡ_ʏᴢ");
const IPA = { a: "ɑ", g: "ɡ", i: "ı", j: "ȷ" } as Record<string, string>;
const COPTIC = { o: "ⲟ", p: "ⲣ", c: "ⲥ", r: "ⲅ" } as Record<string, string>;
const CHEROKEE_CAPITALS = fromAlphabet("ABCDEGHJKLMPRSTVWZ", "ᎪᏴᏟᎠᎬᏀᎻᎫᏦᏞᎷᏢᏒᏚᎢᏙᎳᏃ");
const LISU_CAPITALS = fromAlphabet("ABCDEFGHIJKLMNOPRSTUVXYZ", "ꓮꓐꓚꓓꓰꓝꓖꓧꓲꓙꓗꓡꓟꓠꓳꓑꓣꓢꓔꓴꓦꓫꓬꓜ");
const MATH_MONOSPACE = offsetAlphabet(0x1d68a);
const MATH_SANS_ITALIC = offsetAlphabet(0x1d622);
const CIRCLED = offsetAlphabet(0x24d0);
const SUPERSCRIPT = fromAlphabet("abcdefghijklmnoprstuvwxyz", "ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ");
const LETTERLIKE = { e: "ℯ", o: "ℴ", g: "ℊ", l: "ℓ", h: "ℎ" } as Record<string, string>;
const ROMAN_NUMERAL = { i: "ⅰ", v: "ⅴ", x: "ⅹ", l: "ⅼ", c: "ⅽ", d: "ⅾ", m: "ⅿ" } as Record<string, string>;
const LEET = { o: "0", e: "3", a: "4", i: "1", s: "5" } as Record<string, string>;
const CARON = { a: "ǎ", e: "ě", i: "ǐ", o: "ǒ", u: "ǔ" } as Record<string, string>;
const OGONEK = { a: "ą", e: "ę", i: "į", o: "ǫ", u: "ų" } as Record<string, string>;
const CEDILLA = { c: "ç", s: "ş", t: "ţ", r: "ŗ", n: "ņ", l: "ļ", g: "ģ", k: "ķ" } as Record<string, string>;

const VOWELS = "aeiou";
const innerVowel = (w: string) => [...w].findIndex((c, i) => i > 0 && VOWELS.includes(c.toLowerCase()));

/** tapestry → tapistry: the first inner vowel turned into the next vowel. */
const swapVowel = (w: string) => {
  const i = innerVowel(w);
  if (i < 0) return w;
  const v = w[i].toLowerCase();
  return w.slice(0, i) + VOWELS[(VOWELS.indexOf(v) + 1) % 5] + w.slice(i + 1);
};
const doubleVowel = (w: string) => {
  const i = innerVowel(w);
  return i < 0 ? w : w.slice(0, i + 1) + w[i] + w.slice(i + 1);
};
const stretchLastVowel = (w: string) => {
  for (let i = w.length - 1; i > 0; i--) if (VOWELS.includes(w[i].toLowerCase())) return w.slice(0, i + 1) + w[i].repeat(3) + w.slice(i + 1);
  return w;
};
const undouble = (w: string) => w.replace(/([b-df-hj-np-tv-z])\1/i, "$1");
const elideEd = (w: string) => (/[a-z]{3,}ed$/i.test(w) ? `${w.slice(0, -2)}'d` : w);
const alternateCase = (w: string) => [...w].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join("");
const capitalize = (w: string) => w[0].toUpperCase() + w.slice(1);

/** A respelling by sound: the first rule that applies. */
const PHONETIC: [RegExp, string][] = [
  [/ph/i, "f"],
  [/ck/i, "k"],
  [/tion/i, "shun"],
  [/ight/i, "ite"],
  [/qu/i, "kw"],
  [/c(?=[aou])/i, "k"],
  [/x/i, "ks"],
  [/ea/i, "ee"],
  [/oo/i, "u"],
  [/ed$/i, "d"],
  [/s$/i, "z"],
  [/er$/i, "a"],
];
const respell = (w: string) => {
  for (const [re, to] of PHONETIC) if (re.test(w.slice(1))) return w[0] + w.slice(1).replace(re, to);
  return w;
};

const OUR_ROOTS = "color|flavor|honor|favor|harbor|labor|neighbor|rumor|armor|odor|vapor|splendor|ardor|clamor|humor|valor|vigor|candor|rancor|savor|behavior|parlor|endeavor|glamor|tumor";
const toBritish = (text: string) =>
  text
    .replace(/\b(\p{L}{3,})i(z|Z)(e|es|ed|ing|ation|ations)\b/gu, (_m, stem: string, z: string, end: string) => `${stem}i${z === "Z" ? "S" : "s"}${end}`)
    .replace(new RegExp(`\\b(${OUR_ROOTS})(s|ed|ing|ful|ite)?\\b`, "gi"), (_m, root: string, end = "") => `${root.slice(0, -1)}${root.slice(-1) === "R" ? "UR" : "ur"}${end}`)
    .replace(/\b(cent|theat|somb|fib|lust|spect|calib)er(s)?\b/gi, "$1re$2")
    .replace(/\bgray(s|er|est|ing|ed|ish)?\b/g, "grey$1")
    .replace(/\b(travel|marvel|model|level|label|cancel|signal|counsel|fuel|duel|jewel|shovel|tunnel|quarrel|channel)(ed|ing|er|ers)\b/gi, "$1l$2")
    .replace(/\btoward\b/g, "towards");

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"];
const TENS: Record<string, number> = { thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, thousand: 1000 };
const numberToDigits = (text: string) =>
  text.replace(/\b[A-Za-z]+\b/g, (w) => {
    const lw = w.toLowerCase();
    const i = NUMBER_WORDS.indexOf(lw);
    if (i >= 0) return String(i);
    return TENS[lw] !== undefined ? String(TENS[lw]) : w;
  });

const sentences = (text: string) => text.split(/(?<=[.!?…]["”’]?)\s+(?=["“‘]?\p{Lu})/u);
const paragraphs = (text: string) => text.split(/\n\s*\n/);
const mapParagraphs = (f: (p: string, i: number) => string) => (text: string) => paragraphs(text).map(f).join("\n\n");
const mapSentences = (f: (s: string, i: number) => string) => mapParagraphs((p) => sentences(p).map(f).join(" "));
const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);
const withLead = (lead: string) => (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) && !/^I\b/.test(s) ? `${lead} ${lowerFirst(s)}` : /^\p{Lu}/u.test(s) ? `${lead} ${s}` : s);

/** Dialogue: a run inside straight or curly double quotes on one line. */
const DIALOGUE = /["“]([^"“”\n]{1,600})["”]/g;
const requote = (open: string, close: string) => (text: string) => text.replace(DIALOGUE, (_m, said: string) => `${open}${said}${close}`);

const STOP = new Set(
  "the and that with from into over under they them their there then than this these those have were what when where which while would could should about after before again other your just like only more some such very been being down through back still even because said".split(
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
const titleCase = (s: string) => s.replace(/\p{L}+/gu, (w) => capitalize(w.toLowerCase()));

/** Public-domain paragraphs in other languages (Cervantes 1605; Hugo 1862) and the printers' Latin. */
const SPANISH =
  "En un lugar de la Mancha, de cuyo nombre no quiero acordarme, no ha mucho tiempo que vivía un hidalgo de los de lanza en astillero, adarga antigua, rocín flaco y galgo corredor. Una olla de algo más vaca que carnero, salpicón las más noches, duelos y quebrantos los sábados, lentejas los viernes, algún palomino de añadidura los domingos, consumían las tres partes de su hacienda.";
const FRENCH =
  "En 1815, M. Charles-François-Bienvenu Myriel était évêque de Digne. C'était un vieillard d'environ soixante-quinze ans; il occupait le siège de Digne depuis 1806. Quoique ce détail ne touche en aucune manière au fond même de ce que nous avons à raconter, il n'est peut-être pas inutile, ne fût-ce que pour être exact en tout, d'indiquer ici les bruits et les propos qui avaient couru sur son compte au moment où il était arrivé dans le diocèse.";
const LATIN =
  "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.";

const firstSentences = (text: string, words: number) => {
  let out = "";
  for (const s of sentences(text.replace(/\s+/g, " ").trim())) {
    if (out.split(" ").length >= words) break;
    out += (out ? " " : "") + s;
  }
  return out;
};

const C = (family: string, edit: Edit): EditClass => ({ family, edit });

export const EDIT_CLASSES: Record<string, EditClass> = {
  // Invisible, format and bidi characters the old battery did not try.
  "zero-width joiner in costly words": C("invisible", inCostly(midInsert("\u200d"))),
  "left-to-right mark in costly words": C("invisible", inCostly(midInsert("\u200e"))),
  "right-to-left mark in costly words": C("invisible", inCostly(midInsert("\u200f"))),
  "Arabic letter mark in costly words": C("invisible", inCostly(midInsert("\u061c"))),
  "first-strong isolate around costly words": C("invisible", inCostly(wrap("\u2068", "\u2069"))),
  "left-to-right override around costly words": C("invisible", inCostly(wrap("\u202d", "\u202c"))),
  "variation selector 16 in costly words": C("invisible", inCostly(midInsert("\ufe0f"))),
  "tag space + cancel tag in costly words": C("invisible", inCostly(midInsert("\u{e0020}\u{e007f}"))),
  "Khmer inherent vowel in costly words": C("invisible", inCostly(midInsert("\u17b4"))),
  "halfwidth Hangul filler in costly words": C("invisible", inCostly(midInsert("\uffa0"))),
  "invisible times in costly words": C("invisible", inCostly(midInsert("\u2062"))),
  "musical begin-beam format char in costly words": C("invisible", inCostly(midInsert("\u{1d173}"))),
  "interlinear annotation terminator in costly words": C("invisible", inCostly(midInsert("\ufffb"))),
  "left-to-right mark in every 6+ letter word": C("invisible", inLongWords(6, midInsert("\u200e"))),
  "word joiner in every 7+ letter word": C("invisible", inLongWords(7, midInsert("\u2060"))),
  // Look-alike letters and compatibility forms not tried before.
  "Latin small capital in costly words": C("look-alike", inCostly(lastMapped(SMALL_CAPS))),
  "costly words wholly in small capitals": C("look-alike", inCostly(everyMapped(SMALL_CAPS))),
  "IPA letter look-alike (ɑ ɡ ı ȷ) in costly words": C("look-alike", inCostly(firstMapped(IPA))),
  "Coptic look-alike in costly words": C("look-alike", inCostly(firstMapped(COPTIC))),
  "Cherokee capital at each sentence start": C(
    "look-alike",
    mapSentences((s) => s.replace(/^(["“‘]?)(\p{Lu})/u, (_m, q: string, c: string) => q + (CHEROKEE_CAPITALS[c] ?? c))),
  ),
  "Cherokee capital in capitalized costly words": C(
    "look-alike",
    inCostly((w) => (CHEROKEE_CAPITALS[w[0]] ? CHEROKEE_CAPITALS[w[0]] + w.slice(1) : w)),
  ),
  "Lisu capital at each sentence start": C(
    "look-alike",
    mapSentences((s) => s.replace(/^(["“‘]?)(\p{Lu})/u, (_m, q: string, c: string) => q + (LISU_CAPITALS[c] ?? c))),
  ),
  "mathematical monospace costly words": C("look-alike", inCostly(everyMapped(MATH_MONOSPACE))),
  "mathematical sans-serif italic letter in costly words": C("look-alike", inCostly(firstMapped(MATH_SANS_ITALIC))),
  "circled letter in costly words": C("look-alike", inCostly(lastMapped(CIRCLED))),
  "superscript modifier letter in costly words": C("look-alike", inCostly(lastMapped(SUPERSCRIPT))),
  "letterlike symbol (ℯ ℴ ℊ ℓ ℎ) in costly words": C("look-alike", inCostly(firstMapped(LETTERLIKE))),
  "Roman-numeral letter in costly words": C("look-alike", inCostly(firstMapped(ROMAN_NUMERAL))),
  "leetspeak digit in costly words": C("look-alike", inCostly(firstMapped(LEET))),
  // Combining marks and precomposed letters not tried before.
  "three stacked combining marks in costly words": C(
    "marks",
    inCostly((w) => {
      const i = innerVowel(w);
      return i < 0 ? w : w.slice(0, i + 1) + "\u0300\u0301\u0302" + w.slice(i + 1);
    }),
  ),
  "combining low line under costly words": C(
    "marks",
    inCostly((w) => [...w].map((c) => c + "\u0332").join("")),
  ),
  "dotless i with combining dot in costly words": C(
    "marks",
    inCostly((w) => w.replace("i", "\u0131\u0307")),
  ),
  "precomposed caron vowel in costly words": C("marks", inCostly(firstMapped(CARON))),
  "precomposed ogonek vowel in costly words": C("marks", inCostly(lastMapped(OGONEK))),
  "precomposed cedilla consonant in costly words": C("marks", inCostly(firstMapped(CEDILLA))),
  // Spelling.
  "swapped vowel in costly words": C("spelling", inCostly(swapVowel)),
  "doubled vowel in costly words": C("spelling", inCostly(doubleVowel)),
  "stretched vowel in costly words": C("spelling", inCostly(stretchLastVowel)),
  "undoubled double letter in costly words": C("spelling", inCostly(undouble)),
  "phonetic respelling of costly words": C("spelling", inCostly(respell)),
  "archaic -'d for -ed in costly words": C("spelling", inCostly(elideEd)),
  "British spellings throughout": C("spelling", toBritish),
  // Words split with visible or spacing characters.
  "space inside costly words": C("split", inCostly(midInsert(" "))),
  "non-breaking hyphen inside costly words": C("split", inCostly(midInsert("\u2011"))),
  "en dash inside costly words": C("split", inCostly(midInsert("\u2013"))),
  "middle dot inside costly words": C("split", inCostly(midInsert("\u00b7"))),
  "apostrophe inside costly words": C("split", inCostly(midInsert("'"))),
  "full stop inside costly words": C("split", inCostly(midInsert("."))),
  "costly words letter-spaced": C(
    "split",
    inCostly((w) => [...w].join(" ")),
  ),
  "costly words hyphenated across a line break": C("split", inCostly(midInsert("-\n"))),
  // Costly phrases broken up.
  "costly phrases with doubled spaces": C(
    "phrase",
    inCostlyPhrases((p) => p.replace(/ /g, "  ")),
  ),
  "costly phrases with figure spaces": C(
    "phrase",
    inCostlyPhrases((p) => p.replace(/ /g, "\u2007")),
  ),
  "costly phrases broken by a line break": C(
    "phrase",
    inCostlyPhrases((p) => p.replace(/ (?=\S+$)/, "\n")),
  ),
  "costly phrases hyphenated": C(
    "phrase",
    inCostlyPhrases((p) => p.replace(/ /g, "-")),
  ),
  // Case.
  "Title Case Every Word": C("case", (text) => titleCase(text)),
  "whole reply in capitals": C("case", (text) => text.toUpperCase()),
  "whole reply in lower case": C("case", (text) => text.toLowerCase()),
  "alternating case in costly words": C("case", inCostly(alternateCase)),
  "costly words capitalized": C("case", inCostly(capitalize)),
  // Punctuation variants.
  "em dashes to double hyphens": C("punctuation", (text) => text.replace(/—/g, "--")),
  "em dashes to spaced en dashes": C("punctuation", (text) => text.replace(/\s*—\s*/g, " – ")),
  "em dashes to horizontal bars": C("punctuation", (text) => text.replace(/—/g, "\u2015")),
  "em dashes to two-em dashes": C("punctuation", (text) => text.replace(/—/g, "\u2e3a")),
  "em dashes to spaced hyphens": C("punctuation", (text) => text.replace(/\s*—\s*/g, " - ")),
  "em dashes to ellipses": C("punctuation", (text) => text.replace(/\s*—\s*/g, "… ")),
  "full stops to ellipsis runs": C("punctuation", (text) => text.replace(/(?<=\p{L})\.(?=\s|$)/gu, "....")),
  "ellipses to spaced dots": C("punctuation", (text) => text.replace(/…|\.\.\./g, ". . .")),
  "full stops to exclamation marks": C("punctuation", (text) => text.replace(/(?<=\p{L})\.(?=\s|$|["”])/gu, "!")),
  "full stops to one-dot leaders": C("punctuation", (text) => text.replace(/(?<=\p{L})\.(?=\s|$|["”])/gu, "\u2024")),
  "commas to fullwidth commas": C("punctuation", (text) => text.replace(/,/g, "\uff0c")),
  "apostrophes to modifier-letter apostrophes": C("punctuation", (text) => text.replace(/(?<=\p{L})['’](?=\p{L})/gu, "\u02bc")),
  "typographic quotes straightened": C("punctuation", (text) => text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'")),
  // Dialogue quotation styles not tried before.
  "dialogue in corner brackets": C("quotation", requote("「", "」")),
  "dialogue in German low-high quotes": C("quotation", requote("„", "“")),
  "dialogue in reversed guillemets": C("quotation", requote("»", "«")),
  "dialogue in single guillemets": C("quotation", requote("‹", "›")),
  "dialogue in double-prime quotation marks": C("quotation", requote("〝", "〞")),
  "dialogue in heavy ornament quotes": C("quotation", requote("❝", "❞")),
  "dialogue in fullwidth quotes": C("quotation", requote("＂", "＂")),
  "dialogue in straight single quotes": C("quotation", requote("'", "'")),
  "dialogue as unquoted italics": C("quotation", requote("*", "*")),
  // Spaces and padding.
  "ideographic space for every space": C("whitespace", (text) => text.replace(/ /g, "\u3000")),
  "thin space for every space": C("whitespace", (text) => text.replace(/ /g, "\u2009")),
  "medium mathematical space for every space": C("whitespace", (text) => text.replace(/ /g, "\u205f")),
  "tab after every sentence": C(
    "whitespace",
    mapParagraphs((p) => sentences(p).join("\t")),
  ),
  "two spaces after every sentence": C(
    "whitespace",
    mapParagraphs((p) => sentences(p).join("  ")),
  ),
  "paragraph separators for blank lines": C("whitespace", (text) => paragraphs(text).join("\u2029")),
  "line separators for blank lines": C("whitespace", (text) => paragraphs(text).join("\u2028")),
  "three blank lines and trailing spaces between paragraphs": C("whitespace", (text) => paragraphs(text).join("   \n\n\n\n")),
  "paragraphs indented with four spaces": C(
    "whitespace",
    mapParagraphs((p) => `    ${p}`),
  ),
  "paragraphs indented with an em space": C(
    "whitespace",
    mapParagraphs((p) => `\u2003${p}`),
  ),
  // Discourse leads and tails.
  '"Well, you see," before each paragraph': C(
    "discourse",
    mapParagraphs((p) => withLead("Well, you see,")(p)),
  ),
  '"And so," before each paragraph': C(
    "discourse",
    mapParagraphs((p) => withLead("And so,")(p)),
  ),
  "one discourse word before each sentence": C(
    "discourse",
    mapSentences((s, i) => withLead(["So,", "Then,", "Now,", "Yes,"][i % 4])(s)),
  ),
  "four-word lead before each sentence": C(
    "discourse",
    mapSentences((s, i) => withLead(["Oh, well, you know,", "And then, of course,", "So, as it happened,"][i % 3])(s)),
  ),
  '", you see" tail on each sentence': C(
    "discourse",
    mapSentences((s) => s.replace(/([.!?])(["”’]?)$/, ", you see$1$2")),
  ),
  // Order and duplication.
  "sentences shuffled within paragraphs": C("order", (text, ctx) =>
    paragraphs(text)
      .map((p, i) => createRng(`sentences/${ctx.seed}/${i}`).shuffle(sentences(p)).join(" "))
      .join("\n\n"),
  ),
  "sentence order reversed within paragraphs": C(
    "order",
    mapParagraphs((p) => sentences(p).reverse().join(" ")),
  ),
  "last paragraph moved first": C("order", (text) => {
    const ps = paragraphs(text);
    return [ps[ps.length - 1], ...ps.slice(0, -1)].join("\n\n");
  }),
  "longest sentence repeated at the end": C("order", (text) => {
    const all = paragraphs(text).flatMap(sentences);
    const best = all.reduce((a, b) => (b.length > a.length ? b : a), "");
    return `${text}\n\n${best}`;
  }),
  "last sentence of each paragraph doubled": C(
    "order",
    mapParagraphs((p) => {
      const ss = sentences(p);
      return [...ss, ss[ss.length - 1]].join(" ");
    }),
  ),
  // Titles and markup.
  "plain title line from the reply's key words": C("markup", (text) => `${titleCase(topWords(text, 2).join(" and "))}\n\n${text}`),
  "markdown H1 title from the prompt": C(
    "markup",
    (text, ctx) =>
      `# ${titleCase(
        ctx.prompt
          .replace(/\s+/g, " ")
          .split(" ")
          .slice(0, 6)
          .join(" ")
          .replace(/[^\p{L}\p{N} ]/gu, ""),
      )}\n\n${text}`,
  ),
  "costly words in bold": C("markup", inCostly(wrap("**", "**"))),
  "costly words in italics": C("markup", inCostly(wrap("_", "_"))),
  "first sentence of each paragraph in bold": C(
    "markup",
    mapParagraphs((p) => {
      const [first, ...rest] = sentences(p);
      return [`**${first}**`, ...rest].join(" ");
    }),
  ),
  "paragraphs as a numbered list": C("markup", (text) =>
    paragraphs(text)
      .map((p, i) => `${i + 1}. ${p.replace(/\n/g, " ")}`)
      .join("\n"),
  ),
  "every paragraph a blockquote": C(
    "markup",
    mapParagraphs((p) => `> ${p.replace(/\n/g, "\n> ")}`),
  ),
  "scene breaks between paragraphs": C("markup", (text) => paragraphs(text).join("\n\n* * *\n\n")),
  "horizontal rules between paragraphs": C("markup", (text) => paragraphs(text).join("\n\n---\n\n")),
  "paragraphs in HTML p tags": C(
    "markup",
    mapParagraphs((p) => `<p>${p}</p>`),
  ),
  "reply in a fenced block": C("markup", (text) => "```\n" + text + "\n```"),
  // Added lines.
  "closing moral line": C("added", (text) => `${text}\n\nMoral: kindness is never wasted, and the truth always finds its way home.`),
  "stage directions": C("added", (text) => `[Lights up.]\n\n${paragraphs(text).join("\n\n(Pause.)\n\n")}\n\n[Curtain.]`),
  "prompt quoted at the end": C("added", (text, ctx) => `${text}\n\nAs the prompt put it: "${ctx.prompt.replace(/\s+/g, " ").trim()}"`),
  "prompt's words as a keyword line": C("added", (text, ctx) => `${text}\n\nKeywords: ${[...new Set(ctx.prompt.toLowerCase().match(/\p{L}{5,}/gu) ?? [])].slice(0, 12).join(", ")}`),
  "reply's key words as a synonym list": C("added", (text) => `${text}\n\n(${topWords(text, 6).join(" / ")})`),
  "emoji after costly words": C(
    "added",
    inCostly((w) => `${w} ✨`),
  ),
  "ZWJ and skin-tone emoji opening each paragraph": C(
    "added",
    mapParagraphs((p, i) => `${["👩🏽‍🚀", "🧑🏿‍🤝‍🧑🏻", "🏳️‍🌈", "👨🏻‍👩🏾‍👧🏽"][i % 4]} ${p}`),
  ),
  "number words to digits": C("added", numberToDigits),
  // Unrelated text: other donors and placements than before.
  "Spanish public-domain paragraph appended": C("unrelated", (text) => `${text}\n\n${SPANISH}`),
  "French public-domain paragraph appended": C("unrelated", (text) => `${text}\n\n${FRENCH}`),
  "lorem ipsum paragraph appended": C("unrelated", (text) => `${text}\n\n${LATIN}`),
  "Brown-corpus human fiction appended": C("unrelated", (text, ctx) => `${text}\n\n${ctx.donors.brown}`),
  "another human story's opening appended": C("unrelated", (text, ctx) => `${text}\n\n${ctx.donors.hanna}`),
  "another prompt's model reply opening appended": C("unrelated", (text, ctx) => `${text}\n\n${ctx.donors.modelReply}`),
  "public-domain paragraph inserted mid-reply": C("unrelated", (text, ctx) => {
    const ps = paragraphs(text);
    const k = Math.max(1, Math.floor(ps.length / 2));
    return [...ps.slice(0, k), ctx.donors.gutenberg, ...ps.slice(k)].join("\n\n");
  }),
  "a public-domain sentence after each paragraph": C("unrelated", (text, ctx) => {
    const donor = sentences(ctx.donors.gutenberg);
    return paragraphs(text)
      .map((p, i) => `${p} ${donor[i % donor.length]}`)
      .join("\n\n");
  }),
};

/** The reply's opening: its first sentences up to about `words` words, headings and bold labels removed. */
export const openingOf = (text: string, words = 60) => firstSentences(text.replace(/^#.*\n+/g, "").replace(/\*\*[^*]+\*\*\s*/g, ""), words);

/** Degenerate texts built from a reply's own frequent words and sentences (new patterns). */
export const DEGENERATE: Record<string, (text: string) => string> = {
  "key-word chant": (text) => {
    const [a, b, c, d] = topWords(text, 4).map((w) => w ?? "rain");
    const cap = capitalize;
    return `${cap(a)}, ${b}, ${c}. ${cap(b)}, ${c}, ${d}. ${cap(c)} and ${a} and ${d}. ${cap(a)}, ${a}, ${b}, ${b}. The ${a} and the ${b} and the ${c} and the ${d}, and again the ${a}.`;
  },
  "one sentence five times": (text) => {
    const s = sentences(openingOf(text, 30))[0] ?? text;
    return Array.from({ length: 5 }, () => s).join(" ");
  },
};
