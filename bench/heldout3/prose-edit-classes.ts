// Third held-out battery (issue 36, written before the fixes): classes of cheap edits that cannot make a
// creative reply better, none of them in bench/heldout/prose-edit-classes.ts or
// bench/heldout2/prose-edit-classes.ts (a class is new when its transformation differs, not the same one
// on other words). Each edit is a pure function of the reply (and, where it needs one, a seeded choice or
// the prompt). "Costly words" and "costly phrases" come from the public antislop over-use lists
// (reference_lists/), never from foolsgold's own dictionary: a policy learns to dodge what such lists price.
import { createRng } from "../../src/core/random.js";

export interface EditContext {
  /** Lower-cased over-used words (public antislop list). */
  costly: ReadonlySet<string>;
  /** Lower-cased over-used phrases (public antislop list), longest first. */
  costlyPhrases: readonly string[];
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

/** Inserts `mark` after the word's first third (a different spot than the older batteries' middle). */
const thirdInsert = (mark: string) => (w: string) => {
  const cps = [...w];
  if (cps.length < 3) return w;
  const k = Math.max(1, Math.floor(cps.length / 3));
  return cps.slice(0, k).join("") + mark + cps.slice(k).join("");
};
const wrap = (open: string, close: string) => (w: string) => `${open}${w}${close}`;
const afterEachLetter = (mark: string) => (w: string) => [...w].join(mark);

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
const lowerToUpper = (map: Record<string, string>) => (w: string) => [...w].map((c) => map[c.toUpperCase()] ?? c).join("");

// Look-alike alphabets the older batteries did not use.
const MATH_ITALIC = alphabet(0x1d44e, { h: 0x210e });
const MATH_FRAKTUR = alphabet(0x1d51e);
const MATH_DOUBLE_STRUCK = alphabet(0x1d552);
const MATH_BOLD_SCRIPT = alphabet(0x1d4ea);
const MATH_SANS_BOLD = alphabet(0x1d5ee);
const MATH_BOLD_ITALIC = alphabet(0x1d482);
const PARENTHESIZED = alphabet(0x249c);
const REGIONAL_INDICATOR = upperAlphabet(0x1f1e6);
const SQUARED = upperAlphabet(0x1f130);
const NEGATIVE_CIRCLED = upperAlphabet(0x1f150);
const SUBSCRIPT = fromPairs("aeoxhklmnpstijruv", "ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ");
const GREEK_CAPITALS = fromPairs("ABEZHIKMNOPTXY", "ΑΒΕΖΗΙΚΜΝΟΡΤΧΥ");
const CYRILLIC_CAPITALS = fromPairs("ABCEHKMOPTXSIJ", "АВСЕНКМОРТХЅІЈ");
/** Cherokee small letters (U+AB70 block), the lower-case forms of capitals that look like Latin ones. */
const CHEROKEE_SMALL = Object.fromEntries(Object.entries(fromPairs("acehmprstvwz", "ᎪᏟᎬᎻᎷᏢᏒᏚᎢᏙᎳᏃ")).map(([c, cap]) => [c, String.fromCodePoint(cap.codePointAt(0)! - 0x13a0 + 0xab70)]));
const DIAERESIS = fromPairs("aeiou", "äëïöü");
const DOT_BELOW = fromPairs("aeiou", "ạẹịọụ");
const GRAVE = fromPairs("aeiou", "àèìòù");
const TILDE = fromPairs("aeiou", "ãẽĩõũ");
const BREVE = fromPairs("aeiou", "ăĕĭŏŭ");
/** Long s (ſ) for every s that is not the word's last letter. */
const longS = (w: string) => w.replace(/s(?=\p{L})/gu, "ſ");

// Spelling.
const QWERTY = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const neighbour = (c: string) => {
  const lc = c.toLowerCase();
  const row = QWERTY.find((r) => r.includes(lc));
  if (!row) return c;
  const i = row.indexOf(lc);
  const n = row[i + 1] ?? row[i - 1];
  return c === lc ? n : n.toUpperCase();
};
/** One inner letter replaced by its right-hand keyboard neighbour. */
const keyboardTypo = (w: string) => (w.length < 4 ? w : w.slice(0, 2) + neighbour(w[2]) + w.slice(3));
/** The last two letters swapped (tapestry → tapestyr). */
const swapEnd = (w: string) => (w.length < 4 ? w : w.slice(0, -2) + w[w.length - 1] + w[w.length - 2]);
/** The final letter doubled. */
const doubleLast = (w: string) => (w.length < 3 ? w : w + w[w.length - 1]);
/** An inner consonant dropped. */
const dropConsonant = (w: string) => {
  const i = [...w].findIndex((c, k) => k > 0 && k < w.length - 1 && /[b-df-hj-np-tv-z]/i.test(c));
  return i < 0 ? w : w.slice(0, i) + w.slice(i + 1);
};
/** A silent letter dropped: final e after a consonant, or kn/wr/mb/gh. */
const dropSilent = (w: string) => {
  for (const [re, to] of [
    [/^kn/i, "n"],
    [/^wr/i, "r"],
    [/mb$/i, "m"],
    [/(?<=[aeiou])gh(?=t)/i, ""],
    [/(?<=[b-df-hj-np-tv-z])e$/i, ""],
  ] as [RegExp, string][])
    if (re.test(w) && w.length > 3) return w.replace(re, (m) => (m === m.toUpperCase() ? to.toUpperCase() : to));
  return w;
};
const gDrop = (w: string) => (/[a-z]{3,}ing$/i.test(w) ? `${w.slice(0, -1)}'` : w);
/** Text-speak and informal respellings of common words. */
const TEXTSPEAK: Record<string, string> = {
  you: "u",
  your: "ur",
  are: "r",
  through: "thru",
  though: "tho",
  night: "nite",
  light: "lite",
  tonight: "tonite",
  because: "cuz",
  before: "b4",
  great: "gr8",
  people: "ppl",
  with: "w/",
  and: "&",
  probably: "prolly",
  something: "smth",
};
const textSpeak = (text: string) => text.replace(WORD, (w) => TEXTSPEAK[w] ?? w);
/** A stray h inserted after the word's first letter (ghost → ghhost). */
const addLetterH = (w: string) => (w.length < 4 ? w : w.replace(/^(\p{L})/u, "$1h"));

// Case.
const inverseCase = (w: string) => [...w].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");
const lastUpper = (w: string) => w.slice(0, -1) + w.slice(-1).toUpperCase();
const alternateWholeText = (text: string) => {
  let k = 0;
  return [...text].map((c) => (/\p{L}/u.test(c) ? (k++ % 2 ? c.toUpperCase() : c.toLowerCase()) : c)).join("");
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

// Unrelated texts of other genres, written for this battery (no source text copied).
const NEWS =
  "WASHINGTON (Wire) — The city council voted 7-2 on Tuesday to approve a revised transit budget that adds two bus routes and delays a planned fare increase until next spring, officials said. The measure now goes to the mayor, who is expected to sign it later this week.";
const RECIPE =
  "Ingredients: 2 cups flour, 1 teaspoon baking soda, 1/2 teaspoon salt, 1 cup butter (softened), 3/4 cup sugar, 2 eggs. Preheat the oven to 375°F. Whisk the dry ingredients, cream the butter and sugar, beat in the eggs, then combine and bake for 9 to 11 minutes until golden.";
const LEGAL =
  'THIS CONTENT IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED. IN NO EVENT SHALL THE AUTHORS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY ARISING FROM, OUT OF OR IN CONNECTION WITH THE CONTENT OR ITS USE. All rights reserved.';
const WEATHER = "Forecast for tomorrow: partly cloudy in the morning, becoming sunny by afternoon. High of 68°F, low of 52°F. Winds from the northwest at 5 to 10 mph. Chance of rain 10 percent.";
const ENCYCLOPEDIA =
  "The common starling (Sturnus vulgaris) is a medium-sized passerine bird in the family Sturnidae. It is about 20 cm long and has glossy black plumage with a metallic sheen, which is speckled with white at some times of year. It is native to Europe and western Asia.";
const REVIEW = "★★★★☆ Great product, arrived on time and works exactly as described. The battery lasts all day and the case feels sturdy. Only complaint is the charger cable is a bit short. Would buy again.";
const EPIGRAPH = "“All that is gold does not glitter, / Not all those who wander are lost.”";

const C = (family: string, edit: Edit): EditClass => ({ family, edit });

export const EDIT_CLASSES: Record<string, EditClass> = {
  // Invisible and format characters not tried before.
  "variation selector 1 in costly words": C("invisible", inCostly(thirdInsert("\ufe00"))),
  "text presentation selector (VS15) in costly words": C("invisible", inCostly(thirdInsert("\ufe0e"))),
  "variation selector 200 in costly words": C("invisible", inCostly(thirdInsert("\u{e01c7}"))),
  "Mongolian free variation selector 1 in costly words": C("invisible", inCostly(thirdInsert("\u180b"))),
  "Mongolian free variation selector 4 in costly words": C("invisible", inCostly(thirdInsert("\u180f"))),
  "interlinear annotation anchor in costly words": C("invisible", inCostly(thirdInsert("\ufff9"))),
  "left-to-right isolate around costly words": C("invisible", inCostly(wrap("\u2066", "\u2069"))),
  "left-to-right embedding around costly words": C("invisible", inCostly(wrap("\u202a", "\u202c"))),
  "Hangul choseong filler in costly words": C("invisible", inCostly(thirdInsert("\u115f"))),
  "Hangul jungseong filler in costly words": C("invisible", inCostly(thirdInsert("\u1160"))),
  "function application in costly words": C("invisible", inCostly(thirdInsert("\u2061"))),
  "invisible plus in costly words": C("invisible", inCostly(thirdInsert("\u2064"))),
  "shorthand format letter overlap in costly words": C("invisible", inCostly(thirdInsert("\u{1bca0}"))),
  "inhibit symmetric swapping in costly words": C("invisible", inCostly(thirdInsert("\u206a"))),
  "Khmer vowel inherent AA in costly words": C("invisible", inCostly(thirdInsert("\u17b5"))),
  "tag letters after costly words": C("invisible", inCostly(wrap("", "\u{e0078}\u{e0079}"))),
  "zero-width space before every space": C("invisible", (text) => text.replace(/ /g, "\u200b ")),
  // Look-alike letters from alphabets and blocks not used before.
  "mathematical italic costly words": C("look-alike", inCostly(everyMapped(MATH_ITALIC))),
  "mathematical fraktur letter in costly words": C("look-alike", inCostly(lastMapped(MATH_FRAKTUR))),
  "mathematical double-struck letter in costly words": C("look-alike", inCostly(firstMapped(MATH_DOUBLE_STRUCK))),
  "mathematical bold script letter in costly words": C("look-alike", inCostly(lastMapped(MATH_BOLD_SCRIPT))),
  "mathematical sans-serif bold costly words": C("look-alike", inCostly(everyMapped(MATH_SANS_BOLD))),
  "mathematical bold italic letter in costly words": C("look-alike", inCostly(firstMapped(MATH_BOLD_ITALIC))),
  "parenthesized letter in costly words": C("look-alike", inCostly(lastMapped(PARENTHESIZED))),
  "regional indicator letters for costly words": C("look-alike", inCostly(lowerToUpper(REGIONAL_INDICATOR))),
  "squared capital letters for costly words": C("look-alike", inCostly(lowerToUpper(SQUARED))),
  "negative circled capital in costly words": C(
    "look-alike",
    inCostly((w) => {
      const cps = [...w];
      const last = cps.length - 1;
      const g = NEGATIVE_CIRCLED[cps[last].toUpperCase()];
      return g ? cps.slice(0, last).join("") + g : w;
    }),
  ),
  "subscript letter in costly words": C("look-alike", inCostly(lastMapped(SUBSCRIPT))),
  "Greek capital at each sentence start": C(
    "look-alike",
    mapSentences((s) => s.replace(/^(["“‘]?)(\p{Lu})/u, (_m, q: string, c: string) => q + (GREEK_CAPITALS[c] ?? c))),
  ),
  "Cyrillic capital at each sentence start": C(
    "look-alike",
    mapSentences((s) => s.replace(/^(["“‘]?)(\p{Lu})/u, (_m, q: string, c: string) => q + (CYRILLIC_CAPITALS[c] ?? c))),
  ),
  "Cherokee small letter in costly words": C("look-alike", inCostly(lastMapped(CHEROKEE_SMALL))),
  "long s in costly words": C("look-alike", inCostly(longS)),
  // Precomposed and combining marks not tried before.
  "diaeresis vowel in costly words": C("marks", inCostly(firstMapped(DIAERESIS))),
  "dot-below vowel in costly words": C("marks", inCostly(lastMapped(DOT_BELOW))),
  "grave vowel in costly words": C("marks", inCostly(firstMapped(GRAVE))),
  "tilde vowel in costly words": C("marks", inCostly(lastMapped(TILDE))),
  "breve vowel in costly words": C("marks", inCostly(firstMapped(BREVE))),
  "combining dot below after costly words' first letter": C(
    "marks",
    inCostly((w) => w.replace(/^(\p{L})/u, "$1\u0323")),
  ),
  "combining overline on costly words": C(
    "marks",
    inCostly((w) => `${w}\u0305`),
  ),
  // Spelling.
  "keyboard-neighbour typo in costly words": C("spelling", inCostly(keyboardTypo)),
  "last two letters swapped in costly words": C("spelling", inCostly(swapEnd)),
  "last letter doubled in costly words": C("spelling", inCostly(doubleLast)),
  "inner consonant dropped in costly words": C("spelling", inCostly(dropConsonant)),
  "silent letter dropped in costly words": C("spelling", inCostly(dropSilent)),
  "g dropped from -ing (-in') throughout": C("spelling", inWords(gDrop)),
  "text-speak respellings throughout": C("spelling", textSpeak),
  "h inserted after costly words' first letter": C("spelling", inCostly(addLetterH)),
  // Words split with visible characters not tried before.
  "slash inside costly words": C("split", inCostly(thirdInsert("/"))),
  "plain line break inside costly words": C("split", inCostly(thirdInsert("\n"))),
  "underscore inside costly words": C("split", inCostly(thirdInsert("_"))),
  "hyphenation point inside costly words": C("split", inCostly(thirdInsert("\u2027"))),
  "asterisk inside costly words": C("split", inCostly(thirdInsert("*"))),
  "Braille blank inside costly words": C("split", inCostly(thirdInsert("\u2800"))),
  "costly words letter-spaced with thin spaces": C("split", inCostly(afterEachLetter("\u2009"))),
  "costly phrases joined by underscores": C(
    "split",
    inCostlyPhrases((p) => p.replace(/ /g, "_")),
  ),
  "costly phrases with no-break spaces": C(
    "split",
    inCostlyPhrases((p) => p.replace(/ /g, "\u00a0")),
  ),
  // Case.
  "aLtErNaTiNg case throughout": C("case", alternateWholeText),
  "first sentence of each paragraph in capitals": C(
    "case",
    mapParagraphs((p) => {
      const [first, ...rest] = sentences(p);
      return [first.toUpperCase(), ...rest].join(" ");
    }),
  ),
  "sentence starts lower-cased": C(
    "case",
    mapSentences((s) => s.replace(/^(["“‘]?)(\p{Lu})(?=\p{Ll})/u, (_m, q: string, c: string) => q + c.toLowerCase())),
  ),
  "pronoun I lower-cased": C("case", (text) => text.replace(/\bI\b/g, "i")),
  "inverted case in costly words": C("case", inCostly(inverseCase)),
  "last letter capitalized in costly words": C("case", inCostly(lastUpper)),
  // Punctuation not tried before.
  "full stops to ellipsis characters": C("punctuation", (text) => text.replace(/(?<=\p{L})\.(?=\s|$)/gu, "…")),
  "question marks to interrobangs": C("punctuation", (text) => text.replace(/\?/g, "‽")),
  "em dashes to commas": C("punctuation", (text) => text.replace(/\s*—\s*/g, ", ")),
  "em-dash asides to parentheses": C("punctuation", (text) => text.replace(/—([^—\n]{1,120})—/g, "($1)").replace(/\s*—\s*/g, ", ")),
  "commas to em dashes": C("punctuation", (text) => text.replace(/,\s/g, " — ")),
  "full stops to fullwidth full stops": C("punctuation", (text) => text.replace(/(?<=\p{L})\.(?=\s|$|["”])/gu, "\uff0e")),
  "apostrophes to primes": C("punctuation", (text) => text.replace(/(?<=\p{L})['’](?=\p{L})/gu, "\u2032")),
  "hyphens to Unicode hyphens": C("punctuation", (text) => text.replace(/(?<=\p{L})-(?=\p{L})/gu, "\u2010")),
  "exclamation marks tripled": C("punctuation", (text) => text.replace(/!/g, "!!!")),
  "em dashes as HTML entities": C("punctuation", (text) => text.replace(/—/g, "&mdash;")),
  // Dialogue quotation styles not tried before.
  "dialogue in white corner brackets": C("quotation", requote("『", "』")),
  "dialogue in double angle brackets": C("quotation", requote("《", "》")),
  "dialogue in reversed high quotes": C("quotation", requote("‟", "”")),
  "dialogue in Swedish right-right quotes": C("quotation", requote("”", "”")),
  "dialogue in double primes": C("quotation", requote("″", "″")),
  "dialogue in low double quotes both sides": C("quotation", requote("„", "„")),
  // Spaces not tried before.
  "hair space for every space": C("whitespace", (text) => text.replace(/ /g, "\u200a")),
  "narrow no-break space for every space": C("whitespace", (text) => text.replace(/ /g, "\u202f")),
  "punctuation space for every space": C("whitespace", (text) => text.replace(/ /g, "\u2008")),
  "en quad for every space": C("whitespace", (text) => text.replace(/ /g, "\u2000")),
  "CRLF line endings": C("whitespace", (text) => text.replace(/\r?\n/g, "\r\n")),
  "single line breaks between paragraphs": C("whitespace", (text) => paragraphs(text).join("\n")),
  "one paragraph (breaks removed)": C("whitespace", (text) => paragraphs(text).join(" ")),
  "form feed between paragraphs": C("whitespace", (text) => paragraphs(text).join("\n\f\n")),
  "trailing spaces on every line": C("whitespace", (text) => text.replace(/\n/g, "   \n") + "   "),
  // Discourse leads and tails not tried before.
  '"Honestly," before each paragraph': C(
    "discourse",
    mapParagraphs((p) => withLead("Honestly,")(p)),
  ),
  '"Indeed," before every other sentence': C(
    "discourse",
    mapSentences((s, i) => (i % 2 ? withLead("Indeed,")(s) : s)),
  ),
  "rhetorical question after each paragraph": C(
    "discourse",
    mapParagraphs((p, i) => `${p} ${["Isn't that something?", "And who could blame them?", "What else could it be?"][i % 3]}`),
  ),
  '", right?" tail on each paragraph\'s last sentence': C(
    "discourse",
    mapParagraphs((p) => {
      const ss = sentences(p);
      ss[ss.length - 1] = ss[ss.length - 1].replace(/[.!](["”’]?)$/, ", right?$1");
      return ss.join(" ");
    }),
  ),
  '", in a way" tail on each sentence': C("discourse", mapSentences(withTail(", in a way"))),
  '"Once upon a time," opening': C("discourse", (text) => withLead("Once upon a time,")(text)),
  // Markup not tried before.
  "markdown H2 part heading before each paragraph": C(
    "markup",
    mapParagraphs((p, i) => `## Part ${i + 1}\n\n${p}`),
  ),
  "asterisms between paragraphs": C("markup", (text) => paragraphs(text).join("\n\n⁂\n\n")),
  "HTML em tags around costly words": C("markup", inCostly(wrap("<em>", "</em>"))),
  "dialogue in HTML i tags": C("markup", requote("<i>“", "”</i>")),
  "br tags at paragraph ends": C(
    "markup",
    mapParagraphs((p) => `${p}<br><br>`),
  ),
  "costly words in inline code": C("markup", inCostly(wrap("`", "`"))),
  "costly words as markdown links": C(
    "markup",
    inCostly((w) => `[${w}](#)`),
  ),
  "sentences as a bullet list": C("markup", (text) =>
    paragraphs(text)
      .flatMap(sentences)
      .map((s) => `- ${s.replace(/\n/g, " ")}`)
      .join("\n"),
  ),
  "whole paragraphs in italics": C(
    "markup",
    mapParagraphs((p) => `*${p}*`),
  ),
  "bold title line from the reply's key words": C("markup", (text) => `**${topWords(text, 3).map(capitalize).join(", ")}**\n\n${text}`),
  "footnote marker after each paragraph": C(
    "markup",
    (text) =>
      `${paragraphs(text)
        .map((p, i) => `${p}[^${i + 1}]`)
        .join("\n\n")}\n\n[^1]: See above.`,
  ),
  // Added lines not tried before.
  "hashtag line at the end": C(
    "added",
    (text, ctx) =>
      `${text}\n\n${[
        "#amwriting",
        "#shortstory",
        ...promptNouns(ctx.prompt)
          .slice(0, 4)
          .map((w) => `#${w}`),
      ].join(" ")}`,
  ),
  "emoji decoration lines at top and bottom": C("added", (text) => `✨🌙✨\n\n${text}\n\n✨🌙✨`),
  '"The End." at the end': C("added", (text) => `${text}\n\nThe End.`),
  "TL;DR line repeating the first sentence": C("added", (text) => `${text}\n\nTL;DR: ${sentences(paragraphs(text)[0])[0]}`),
  "word-count line at the end": C("added", (text) => `${text}\n\n(${text.split(/\s+/).filter(Boolean).length} words)`),
  "title and byline at the top": C("added", (text, ctx) => `Title: ${capitalize(promptNouns(ctx.prompt)[0] ?? "untitled")}\nby Anonymous\n\n${text}`),
  "epigraph at the top": C("added", (text) => `${EPIGRAPH}\n\n${text}`),
  "genre and tone tags at the top": C("added", (text) => `Genre: literary fiction | Tone: bittersweet | Rating: PG\n\n${text}`),
  "prompt's nouns as a closing list": C("added", (text, ctx) => `${text}\n\nThemes: ${promptNouns(ctx.prompt).slice(0, 8).map(capitalize).join(" · ")}`),
  "summary/moral line from the reply's key words": C("added", (text) => `${text}\n\nIn the end, it was a story about ${topWords(text, 3).join(", ")}, and about what we keep.`),
  // Unrelated text of other genres.
  "news wire paragraph appended": C("unrelated", (text) => `${text}\n\n${NEWS}`),
  "recipe prepended": C("unrelated", (text) => `${RECIPE}\n\n${text}`),
  "legal disclaimer appended": C("unrelated", (text) => `${text}\n\n${LEGAL}`),
  "weather forecast inserted mid-reply": C("unrelated", (text) => {
    const ps = paragraphs(text);
    const k = Math.max(1, Math.floor(ps.length / 2));
    return [...ps.slice(0, k), WEATHER, ...ps.slice(k)].join("\n\n");
  }),
  "encyclopedia paragraph appended": C("unrelated", (text) => `${text}\n\n${ENCYCLOPEDIA}`),
  "product review appended": C("unrelated", (text) => `${text}\n\n${REVIEW}`),
  // Order and duplication not tried before.
  "first sentence repeated at the end": C("order", (text) => `${text}\n\n${sentences(paragraphs(text)[0])[0]}`),
  "paragraph order reversed": C("order", (text) => paragraphs(text).reverse().join("\n\n")),
  "each paragraph's first sentence repeated at its end": C(
    "order",
    mapParagraphs((p) => {
      const ss = sentences(p);
      return ss.length < 2 ? p : [...ss, ss[0]].join(" ");
    }),
  ),
  "second paragraph duplicated": C("order", (text) => {
    const ps = paragraphs(text);
    return ps.length < 2 ? text : [ps[0], ps[1], ps[1], ...ps.slice(2)].join("\n\n");
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

/** The reply's opening: its first sentences up to about `words` words, headings and bold labels removed. */
export const openingOf = (text: string, words = 60) => firstSentences(text.replace(/^#.*\n+/g, "").replace(/\*\*[^*]+\*\*\s*/g, ""), words);

/** Degenerate texts built from the prompt's or the reply's own words (new patterns). */
export const DEGENERATE: Record<string, (text: string, ctx: EditContext) => string> = {
  "prompt's words shuffled": (_text, ctx) => {
    const words = ctx.prompt.replace(/\s+/g, " ").trim().split(" ");
    const shuffled = createRng(`prompt-shuffle/${ctx.seed}`).shuffle(words);
    return `${capitalize(shuffled.join(" ").replace(/[.!?]+/g, ""))}.`;
  },
  "opening's words in alphabetical order": (text) => {
    const words = openingOf(text).match(WORD) ?? [];
    return `${capitalize(
      words
        .map((w) => w.toLowerCase())
        .sort()
        .join(" "),
    )}.`;
  },
  "costly-word chant": (text, ctx) => {
    const found = [...new Set((text.match(WORD) ?? []).map((w) => w.toLowerCase()).filter((w) => ctx.costly.has(w)))];
    const [a, b, c] = [...found, ...topWords(text, 3)];
    return `${capitalize(a)}, ${b}, ${c}. ${capitalize(b)}, ${c}, ${a}. ${capitalize(c)}, ${a}, ${b}. ${capitalize(a)} and ${b} and ${c}, ${a}, ${a}.`;
  },
};
