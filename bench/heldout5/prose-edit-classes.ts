// Fifth held-out battery (issue 36, written before this session's fixes): classes of cheap edits that
// cannot make a creative reply better, none of them in bench/heldout, bench/heldout2, bench/heldout3 or
// bench/heldout4 (a class is new when its transformation differs, not the same one on other words). Most
// are new members of categories the older batteries touched, to test whether a defence closed the
// category or only listed its members; some are categories none touched (tense and person shifts,
// dialogue tags, hard wrapping, markup languages not tried, truncation mid-sentence). Each edit is a pure
// function of the reply (and, where it needs one, the prompt or a seeded choice). "Costly words" and
// "costly phrases" come from the public antislop over-use lists (battery 3's context), never from
// foolsgold's own dictionary.
import { createRng } from "../../src/core/random.js";
import type { EditContext } from "../heldout3/prose-edit-classes.js";
import { openingOf } from "../heldout4/prose-edit-classes.js";

export type { EditContext };
export { openingOf };

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

/** Inserts `mark` after the word's second letter (a spot battery 4 did not use; battery 2 and 3 used the middle and a third). */
const earlyInsert = (mark: string) => (w: string) => {
  const cps = [...w];
  return cps.length < 4 ? w : cps.slice(0, 2).join("") + mark + cps.slice(2).join("");
};
/** Inserts `mark` at the word's middle. */
const midInsert = (mark: string) => (w: string) => {
  const cps = [...w];
  const k = Math.floor(cps.length / 2);
  return cps.length < 4 ? w : cps.slice(0, k).join("") + mark + cps.slice(k).join("");
};
const wrap = (open: string, close: string) => (w: string) => `${open}${w}${close}`;
const afterEachLetter = (mark: string) => (w: string) => [...w].map((c) => c + mark).join("");

const nthMapped = (map: Record<string, string>, which: "first" | "second" | "last") => (w: string) => {
  const cps = [...w];
  const hits = cps.flatMap((c, i) => (map[c] !== undefined ? [i] : []));
  if (hits.length === 0) return w;
  const i = which === "first" ? hits[0] : which === "last" ? hits[hits.length - 1] : hits[Math.min(1, hits.length - 1)];
  cps[i] = map[cps[i]];
  return cps.join("");
};
const everyMapped = (map: Record<string, string>) => (w: string) => [...w].map((c) => map[c] ?? c).join("");
const fromPairs = (letters: string, glyphs: string): Record<string, string> => {
  const g = [...glyphs];
  return Object.fromEntries([...letters].map((c, i) => [c, g[i]]));
};
const alphabet = (lowerA: number, letters = "abcdefghijklmnopqrstuvwxyz"): Record<string, string> => Object.fromEntries([...letters].map((c, i) => [c, String.fromCodePoint(lowerA + i)]));

// Letters none of the older batteries used.
const CYRILLIC_SUPPLEMENT = fromPairs("dqwh", "ԁԛԝһ");
const GREEK_EXTRA = fromPairs("cjv", "ϲϳν");
const RETROFLEX = fromPairs("dtlnz", "ɖʈɭɳʐ");
const R_ROTUNDA = fromPairs("r", "ꝛ");
const SCHWA = fromPairs("e", "ə");
const TURNED = fromPairs("aehkmrtvwy", "ɐǝɥʞɯɹʇʌʍʎ");
const MATH_BOLD_SERIF_WORD = alphabet(0x1d41a);
const SMALL_CAPITAL_MISC = fromPairs("aeiou", "ᴀᴇɪᴏᴜ");
const ACUTE = fromPairs("aeiou", "áéíóú");
const INVERTED_BREVE = fromPairs("aeiou", "ȃȇȋȏȗ");
const CIRCUMFLEX_BELOW = fromPairs("delnt", "ḓḙḽṋṱ");
const COMMA_BELOW = fromPairs("st", "șț");
const CARON_CONSONANT = fromPairs("csznr", "čšžňř");

const replaceAll = (pairs: [RegExp, string][]) => (text: string) => pairs.reduce((acc, [re, to]) => acc.replace(re, to), text);
const capitalize = (w: string) => (w ? w[0].toUpperCase() + w.slice(1) : w);
const sameCase = (from: string, to: string) => (/^\p{Lu}/u.test(from) ? capitalize(to) : to);

const sentences = (text: string) => text.split(/(?<=[.!?…]["”’]?)\s+(?=["“‘]?\p{Lu})/u);
const paragraphs = (text: string) => text.split(/\n\s*\n/);
const mapParagraphs = (f: (p: string, i: number, all: string[]) => string) => (text: string) => paragraphs(text).map(f).join("\n\n");
const mapSentences = (f: (s: string, i: number) => string) => mapParagraphs((p) => sentences(p).map(f).join(" "));
const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);
const withLead = (lead: string) => (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) && !/^I\b/.test(s) ? `${lead} ${lowerFirst(s)}` : /^\p{Lu}/u.test(s) ? `${lead} ${s}` : s);
const withTail = (tail: string) => (s: string) => s.replace(/([.!?])(["”’]?)$/, `${tail}$1$2`);

const DIALOGUE = /["“]([^"“”\n]{1,600})["”]/g;
const requote = (open: string, close: string) => (text: string) => text.replace(DIALOGUE, (_m, said: string) => `${open}${said}${close}`);

/** Interior letters of a word shuffled, first and last kept (seeded by the word). */
const scrambleInterior = (w: string) => {
  if (w.length < 5 || /['’]/.test(w)) return w;
  const inner = createRng(`scramble/${w}`)
    .shuffle([...w.slice(1, -1)])
    .join("");
  return w[0] + inner + w[w.length - 1];
};

const STOP = new Set(
  "the and that with from into over under they them their there then than this these those have were what when where which while would could should about after before again other your just like only more some such very been being down through back still even because said write story".split(
    " ",
  ),
);
const promptNouns = (prompt: string) => [...new Set((prompt.toLowerCase().match(/\p{L}{5,}/gu) ?? []).filter((w) => !STOP.has(w)))];
const topWords = (text: string, n: number) => {
  const counts = new Map<string, number>();
  for (const w of text.toLowerCase().match(/\p{L}{5,}/gu) ?? []) if (!STOP.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([w]) => w);
};
/** Capitalized words that do not start a sentence: the reply's names, most frequent first. */
const names = (text: string) => {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/(?<=[\p{Ll},;]\s)(\p{Lu}\p{Ll}{2,})/gu)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
};

/** Lines hard-wrapped at `width` characters, as in a plain-text e-mail. */
const hardWrap = (width: number) =>
  mapParagraphs((p) => {
    const lines: string[] = [];
    let line = "";
    for (const w of p.split(/\s+/)) {
      if (line && line.length + 1 + w.length > width) {
        lines.push(line);
        line = w;
      } else line = line ? `${line} ${w}` : w;
    }
    if (line) lines.push(line);
    return lines.join("\n");
  });

const SAID = /\b(said|says)\b/g;
const TENSE: [RegExp, string][] = [
  [/\bwas\b/g, "is"],
  [/\bwere\b/g, "are"],
  [/\bhad\b/g, "has"],
  [/\bWas\b/g, "Is"],
  [/\bWere\b/g, "Are"],
  [/\bHad\b/g, "Has"],
];
const FIRST_TO_THIRD: [RegExp, string][] = [
  [/\bI am\b/g, "she is"],
  [/\bI'm\b/g, "she's"],
  [/\bI\b/g, "she"],
  [/\bme\b/g, "her"],
  [/\bmy\b/g, "her"],
  [/\bMy\b/g, "Her"],
  [/\bmyself\b/g, "herself"],
];
const THIRD_TO_SECOND: [RegExp, string][] = [
  [/\b(he|she)\b/g, "you"],
  [/\b(He|She)\b/g, "You"],
  [/\b(him)\b/g, "you"],
  [/\bhis\b/g, "your"],
  [/\bHis\b/g, "Your"],
];
const EYE_DIALECT: [RegExp, string][] = [
  [/\bwas\b/g, "wuz"],
  [/\bsays\b/g, "sez"],
  [/\benough\b/g, "enuf"],
  [/\bbecause\b/g, "cuz"],
  [/\bwhat\b/g, "wot"],
  [/\bof\b/g, "uv"],
];
const COULD_OF: [RegExp, string][] = [
  [/\b(could|would|should|must|might)(n't)? have\b/gi, "$1$2 of"],
  [/\b(could|would|should|must|might)'ve\b/gi, "$1 of"],
];
const A_AN = (text: string) => text.replace(/\b([Aa])n? (?=(\p{L}))/gu, (_m: string, a: string, next: string) => (/[aeiou]/i.test(next) ? `${a} ` : `${a}n `));
const ADVERB_LY = (text: string) => text.replace(/\b([a-z]{4,})ly\b/g, (m: string, stem: string) => (/(al|ful|ous|ive|ent|ant|ic)$/.test(stem) || /^(on|fami|ear|app|rea|mere|hol|jol|sil|ug|bul|ral|sure)/.test(stem) ? m : stem));

// Unrelated texts of other genres, written for this battery (no source text copied).
const SPORTS = "Final score: Riverside 3, Harbor City 1. Okafor opened the scoring in the 12th minute, and a late double from Lindqvist sealed it. Riverside move to second in the table with two games left.";
const SIGNATURE = "--\nJamie Ortega\nSenior Account Manager | Northwind Logistics\nPhone: +1 555 0142 | Office hours Mon–Thu 9–5";
const HAIKU = "Cold rain on the step;\nthe cat decides not to go.\nThe kettle agrees.";
const JOKE = "Why did the scarecrow win an award? Because he was outstanding in his field.";
const ASSEMBLY = "Assembly: 1. Attach side panel A to base B with four M6 screws. 2. Insert shelf pins at the desired height. 3. Slide shelves into place. 4. Tighten all screws; do not overtighten.";
const SHOPPING = "Shopping list: eggs, oat milk, two lemons, basil, rice, dish soap, batteries (AA).";
const ITALIAN = "La biblioteca comunale resterà chiusa lunedì per lavori di manutenzione. Il servizio di prestito riprenderà martedì mattina con orario continuato fino alle diciannove.";
const SQL = "```sql\nSELECT city, AVG(temp_c) AS mean_temp\nFROM readings\nWHERE taken_on >= '2024-01-01'\nGROUP BY city\nORDER BY mean_temp DESC;\n```";
const HOROSCOPE = "Today's horoscope (Libra): a conversation you have been avoiding goes better than expected. Lucky number: 7. Lucky colour: teal.";

const C = (family: string, edit: Edit): EditClass => ({ family, edit });

export const EDIT_CLASSES: Record<string, EditClass> = {
  // Invisible and format characters none of the older batteries used (and spots in the word they did not).
  "right-to-left isolate around costly words": C("invisible", inCostly(wrap("\u2067", "\u2069"))),
  "right-to-left embedding around costly words": C("invisible", inCostly(wrap("\u202b", "\u202c"))),
  "right-to-left override doubled around costly words": C("invisible", inCostly(wrap("\u202e\u202e", "\u202c\u202c"))),
  "activate Arabic form shaping in costly words": C("invisible", inCostly(earlyInsert("\u206d"))),
  "nominal digit shapes in costly words": C("invisible", inCostly(earlyInsert("\u206f"))),
  "variation selector 8 in costly words": C("invisible", inCostly(earlyInsert("\ufe07"))),
  "Mongolian free variation selector 3 in costly words": C("invisible", inCostly(earlyInsert("\u180d"))),
  "shorthand continuing overlap in costly words": C("invisible", inCostly(earlyInsert("\u{1bca1}"))),
  "musical begin-slur format char in costly words": C("invisible", inCostly(earlyInsert("\u{1d177}"))),
  "Egyptian hieroglyph joiner in costly words": C("invisible", inCostly(earlyInsert("\u{13430}"))),
  "unassigned tag-block default-ignorable in costly words": C("invisible", inCostly(earlyInsert("\u{e0080}"))),
  "zero-width joiner at costly words' start": C(
    "invisible",
    inCostly((w) => `\u200d${w}`),
  ),
  "byte-order mark at the reply's start and each paragraph": C(
    "invisible",
    mapParagraphs((p) => `\ufeff${p}`),
  ),
  // Letters of other scripts and Latin-like letters none of the older batteries used.
  "Cyrillic Supplement look-alike (ԁ ԛ ԝ һ) in costly words": C("latin-like", inCostly(nthMapped(CYRILLIC_SUPPLEMENT, "first"))),
  "Greek lunate sigma / yot / nu (ϲ ϳ ν) in costly words": C("latin-like", inCostly(nthMapped(GREEK_EXTRA, "first"))),
  "retroflex-hook letter (ɖ ʈ ɭ ɳ) in costly words": C("latin-like", inCostly(nthMapped(RETROFLEX, "first"))),
  "r rotunda (ꝛ) in costly words": C("latin-like", inCostly(nthMapped(R_ROTUNDA, "first"))),
  "schwa letter (ə) for e in costly words": C("latin-like", inCostly(nthMapped(SCHWA, "last"))),
  "turned letter (ɐ ǝ ɹ ʇ) in costly words": C("latin-like", inCostly(nthMapped(TURNED, "second"))),
  "mathematical bold (serif) whole costly words": C("latin-like", inCostly(everyMapped(MATH_BOLD_SERIF_WORD))),
  "small-capital vowels (ᴀ ᴇ ɪ ᴏ ᴜ) throughout": C("latin-like", inWords(everyMapped(SMALL_CAPITAL_MISC))),
  // Precomposed and combining marks none of the older batteries used.
  "precomposed acute vowel in costly words": C("marks", inCostly(nthMapped(ACUTE, "second"))),
  "inverted-breve vowel in costly words": C("marks", inCostly(nthMapped(INVERTED_BREVE, "first"))),
  "circumflex-below letter in costly words": C("marks", inCostly(nthMapped(CIRCUMFLEX_BELOW, "first"))),
  "comma-below consonant (ș ț) in costly words": C("marks", inCostly(nthMapped(COMMA_BELOW, "first"))),
  "caron consonant (č š ž ř) in costly words": C("marks", inCostly(nthMapped(CARON_CONSONANT, "first"))),
  "combining long solidus overlay in costly words": C("marks", inCostly(midInsert("\u0338"))),
  "combining tilde overlay on every letter of costly words": C("marks", inCostly(afterEachLetter("\u0334"))),
  "Cyrillic titlo over a Latin letter in costly words": C("marks", inCostly(midInsert("\u0483"))),
  "Hebrew sheva under a Latin letter in costly words": C("marks", inCostly(midInsert("\u05b0"))),
  "Devanagari nukta under a Latin letter in costly words": C("marks", inCostly(midInsert("\u093c"))),
  "enclosing square on costly words' last letter": C(
    "marks",
    inCostly((w) => `${w}\u20de`),
  ),
  // Spelling: new error types, real-word errors, eye dialect and phonetic spellings.
  "interior letters scrambled in costly words": C("spelling", inCostly(scrambleInterior)),
  "first letter doubled in costly words": C(
    "spelling",
    inCostly((w) => (w.length < 4 ? w : w[0] + w[0].toLowerCase() + w.slice(1))),
  ),
  "first letter dropped in costly words": C(
    "spelling",
    inCostly((w) => (w.length < 5 ? w : sameCase(w, w.slice(1)))),
  ),
  '"could of" for "could have"': C("spelling", replaceAll(COULD_OF)),
  "a/an swapped": C("spelling", A_AN),
  "-ly dropped from adverbs": C("spelling", ADVERB_LY),
  "eye dialect (wuz, sez, enuf, cuz)": C("spelling", replaceAll(EYE_DIALECT)),
  "ph→f and ck→k throughout": C(
    "spelling",
    inWords((w) => w.replace(/ph/g, "f").replace(/ck/g, "k")),
  ),
  "-tion spelled -shun throughout": C(
    "spelling",
    inWords((w) => w.replace(/tion\b/g, "shun")),
  ),
  "prefixes hyphenated (un-, re-, dis-)": C(
    "spelling",
    inWords((w) => (w.length >= 7 ? w.replace(/^(un|re|dis|mis)(?=[a-z]{4})/, "$1-") : w)),
  ),
  "apostrophes dropped from contractions (dont, cant)": C("spelling", (text) => text.replace(/(?<=\p{L})['’](?=(t|s|d|ll|re|ve|m)\b)/gu, "")),
  // Words split and phrases joined with characters none of the older batteries used.
  "Armenian hyphen inside costly words": C("split", inCostly(midInsert("\u058a"))),
  "Hebrew maqaf inside costly words": C("split", inCostly(midInsert("\u05be"))),
  "Mongolian todo soft hyphen inside costly words": C("split", inCostly(midInsert("\u1806"))),
  "double oblique hyphen inside costly words": C("split", inCostly(midInsert("\u2e17"))),
  "fullwidth hyphen-minus inside costly words": C("split", inCostly(midInsert("\uff0d"))),
  "fraction slash inside costly words": C("split", inCostly(midInsert("\u2044"))),
  "wave dash inside costly words": C("split", inCostly(midInsert("\u301c"))),
  "Ethiopic wordspace inside costly words": C("split", inCostly(midInsert("\u1361"))),
  "bullet inside costly words": C("split", inCostly(midInsert("\u2022"))),
  "backslash inside costly words": C("split", inCostly(midInsert("\\"))),
  "costly phrases joined by slashes": C(
    "split",
    inCostlyPhrases((p) => p.replace(/\s+/g, "/")),
  ),
  "costly phrases joined by full stops": C(
    "split",
    inCostlyPhrases((p) => p.replace(/\s+/g, ".")),
  ),
  // Spaces and layout none of the older batteries used.
  "em quad for every space": C("whitespace", (text) => text.replace(/ /g, "\u2001")),
  "every space doubled": C("whitespace", (text) => text.replace(/ /g, "  ")),
  "tab for every space": C("whitespace", (text) => text.replace(/ /g, "\t")),
  "hard-wrapped at 60 columns": C("whitespace", hardWrap(60)),
  "hard-wrapped at 40 columns, centred with leading spaces": C("whitespace", (text) =>
    hardWrap(40)(text)
      .split("\n")
      .map((l) => " ".repeat(Math.max(0, Math.floor((40 - l.length) / 2))) + l)
      .join("\n"),
  ),
  "HTML &nbsp; for every space": C("whitespace", (text) => text.replace(/ /g, "&nbsp;")),
  // Case.
  "names lower-cased": C("case", (text) => {
    const ns = new Set(names(text).slice(0, 5));
    return text.replace(WORD, (w) => (ns.has(w) ? w.toLowerCase() : w));
  }),
  "every other sentence in capitals": C(
    "case",
    mapSentences((s, i) => (i % 2 ? s.toUpperCase() : s)),
  ),
  "last word of each paragraph in capitals": C(
    "case",
    mapParagraphs((p) => p.replace(/(\p{L}+)(?=[^\p{L}]*$)/u, (w) => w.toUpperCase())),
  ),
  // Punctuation: look-alikes of other scripts and new substitutions.
  "exclamation marks to Latin letter click (ǃ)": C("punctuation", (text) => text.replace(/!/g, "\u01c3")),
  "semicolons to Greek question marks (;)": C("punctuation", (text) => text.replace(/;/g, "\u037e")),
  "full stops to ideographic full stops": C("punctuation", (text) => text.replace(/\.(?=\s|$)/g, "\u3002")),
  "commas to Arabic commas": C("punctuation", (text) => text.replace(/,(?=\s)/g, "\u060c")),
  "em dashes to swung dashes": C("punctuation", (text) => text.replace(/\s*—\s*/g, " \u2053 ")),
  "em dashes to unspaced hyphens": C("punctuation", (text) => text.replace(/\s*—\s*/g, "-")),
  "full stops to semicolons mid-paragraph": C(
    "punctuation",
    mapParagraphs((p) => p.replace(/\.(?=\s+\p{Lu})/gu, ";")),
  ),
  "apostrophes to fullwidth apostrophes": C("punctuation", (text) => text.replace(/(?<=\p{L})['’](?=\p{L})/gu, "\uff07")),
  "apostrophes to Armenian apostrophes": C("punctuation", (text) => text.replace(/(?<=\p{L})['’](?=\p{L})/gu, "\u055a")),
  "question marks doubled": C("punctuation", (text) => text.replace(/\?/g, "??")),
  // Dialogue: quotation styles and restructurings none of the older batteries used.
  "dialogue in curly single quotes": C("dialogue", requote("‘", "’")),
  "dialogue in French guillemets with no-break spaces": C("dialogue", requote("«\u00a0", "\u00a0»")),
  "dialogue in backticks": C("dialogue", requote("`", "`")),
  "dialogue introduced by an em dash, unquoted": C("dialogue", (text) => text.replace(DIALOGUE, (_m, said: string) => `— ${said}`)),
  "dialogue in parentheses": C("dialogue", requote("(", ")")),
  '"said" to "exclaimed"': C("dialogue", (text) => text.replace(SAID, (w) => (w === "said" ? "exclaimed" : "exclaims"))),
  "dialogue tags removed": C("dialogue", (text) => text.replace(/,(["”])\s+(?:he|she|they|I|\p{Lu}\p{Ll}+)\s+(?:said|says|asked|asks|replied|whispered)\b[^.!?]*\./gu, ".$1")),
  // Tense and person shifts (no older battery touched these).
  "past to present (was→is, were→are, had→has)": C("tense/person", replaceAll(TENSE)),
  "first person to third (I→she)": C("tense/person", replaceAll(FIRST_TO_THIRD)),
  "third person to second (she/he→you)": C("tense/person", replaceAll(THIRD_TO_SECOND)),
  // Discourse fillers, hedges and intensifiers none of the older batteries used.
  '"if you will" after costly words': C(
    "discourse",
    inCostly((w) => `${w}, if you will,`),
  ),
  '"so to speak" at the end of every other sentence': C(
    "discourse",
    mapSentences((s, i) => (i % 2 ? withTail(", so to speak")(s) : s)),
  ),
  '"quite literally" before costly words': C(
    "discourse",
    inCostly((w) => `quite literally ${w}`),
  ),
  '"somewhat" before costly words': C(
    "discourse",
    inCostly((w) => `somewhat ${w}`),
  ),
  '"Needless to say," before each paragraph': C(
    "discourse",
    mapParagraphs((p) => withLead("Needless to say,")(p)),
  ),
  '"(I think)" after each paragraph\'s first sentence': C(
    "discourse",
    mapParagraphs((p) => {
      const ss = sentences(p);
      ss[0] = withTail(" (I think)")(ss[0]);
      return ss.join(" ");
    }),
  ),
  '"in a sense" inside every other sentence': C(
    "discourse",
    mapSentences((s, i) => (i % 2 ? s : s.replace(/^(\S+(?:\s+\S+){2})\s/, "$1, in a sense, "))),
  ),
  '"Anyway," before each paragraph after the first': C(
    "discourse",
    mapParagraphs((p, i) => (i === 0 ? p : withLead("Anyway,")(p))),
  ),
  // Markup languages and variants none of the older batteries used.
  "AsciiDoc section titles before paragraphs": C(
    "markup",
    mapParagraphs((p, i) => `== Part ${i + 1}\n\n${p}`),
  ),
  "AsciiDoc/Textile underscores around costly words": C("markup", inCostly(wrap("_", "_"))),
  "org-mode title and slashes around costly words": C("markup", (text, ctx) => `#+TITLE: ${capitalize(promptNouns(ctx.prompt).slice(0, 3).join(" ") || "Untitled")}\n\n${inCostly(wrap("/", "/"))(text, ctx)}`),
  "troff .PP before paragraphs and \\fI around costly words": C("markup", (text, ctx) => mapParagraphs((p) => `.PP\n${p}`)(inCostly(wrap("\\fI", "\\fR"))(text, ctx))),
  "RTF wrapper with \\par": C("markup", (text) => `{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times New Roman;}}\n\\f0\\fs24 ${paragraphs(text).join("\\par\n\\par\n")}\n}`),
  "MediaWiki ''italics'' around costly words": C("markup", inCostly(wrap("''", "''"))),
  "MediaWiki == heading == from the prompt": C("markup", (text, ctx) => `== ${capitalize(promptNouns(ctx.prompt).slice(0, 3).join(" ") || "Untitled")} ==\n\n${text}`),
  "Markdown ==highlight== around costly words": C("markup", inCostly(wrap("==", "=="))),
  "Markdown ~~strikethrough~~ on costly words then a replacement": C(
    "markup",
    inCostly((w) => `~~${w}~~ ${w}`),
  ),
  "Markdown setext heading from the reply's key words": C("markup", (text) => {
    const title = capitalize(topWords(text, 3).join(" ") || "Untitled");
    return `${title}\n${"-".repeat(title.length)}\n\n${text}`;
  }),
  "HTML mark tags around costly words": C("markup", inCostly(wrap("<mark>", "</mark>"))),
  "HTML comment appended": C("markup", (text) => `${text}\n\n<!-- draft 3, revised for pacing and voice -->`),
  "SSML speak and break tags": C("markup", (text) => `<speak>\n${paragraphs(text).join('\n<break time="700ms"/>\n')}\n</speak>`),
  "reply as a JSON string": C("markup", (text) => JSON.stringify({ story: text })),
  "HTML hex references for apostrophes and quotes": C("markup", (text) => text.replace(/’/g, "&#x2019;").replace(/'/g, "&#x27;").replace(/[“”"]/g, "&#x22;")),
  // Front and end matter none of the older batteries used.
  '"The End." at the end': C("added", (text) => `${text}\n\nThe End.`),
  '"Prologue" header': C("added", (text) => `Prologue\n\n${text}`),
  "place-and-year line at the top": C("added", (text) => `Lisbon, 1962.\n\n${text}`),
  "dramatis personae from the reply's names": C("added", (text) => {
    const ns = names(text).slice(0, 4);
    return ns.length === 0 ? text : `Characters: ${ns.join(", ")}.\n\n${text}`;
  }),
  "P.S. at the end": C("added", (text) => `${text}\n\nP.S. I hope this captures what you had in mind.`),
  "glossary of the reply's key words at the end": C("added", (text) => `${text}\n\nGlossary: ${topWords(text, 4).join(", ")}.`),
  "fan-fiction disclaimer at the top": C("added", (text) => `Disclaimer: I don't own any of these characters; this is just for fun.\n\n${text}`),
  '"Based on a true story." at the top': C("added", (text) => `Based on a true story.\n\n${text}`),
  "prompt quoted as the first line": C("added", (text, ctx) => `Prompt: "${ctx.prompt.replace(/\s+/g, " ").trim()}"\n\n${text}`),
  '"Edit: fixed typos" at the end': C("added", (text) => `${text}\n\nEdit: fixed a few typos, thanks for the kind words!`),
  "rating line at the top": C("added", (text) => `Rated: T. Genre: Drama/Hurt-Comfort. Words: ${text.split(/\s+/).length}.\n\n${text}`),
  "table of contents at the top": C(
    "added",
    (text) =>
      `Contents\n${paragraphs(text)
        .map((_, i) => `${i + 1}. Part ${i + 1}`)
        .join("\n")}\n\n${text}`,
  ),
  // Unrelated text of genres none of the older batteries used, at new positions.
  "sports result appended": C("unrelated", (text) => `${text}\n\n${SPORTS}`),
  "e-mail signature appended": C("unrelated", (text) => `${text}\n\n${SIGNATURE}`),
  "haiku prepended": C("unrelated", (text) => `${HAIKU}\n\n${text}`),
  "joke after the first paragraph": C("unrelated", (text) => {
    const ps = paragraphs(text);
    return [ps[0], JOKE, ...ps.slice(1)].join("\n\n");
  }),
  "assembly instructions appended": C("unrelated", (text) => `${text}\n\n${ASSEMBLY}`),
  "shopping list prepended": C("unrelated", (text) => `${SHOPPING}\n\n${text}`),
  "Italian notice appended": C("unrelated", (text) => `${text}\n\n${ITALIAN}`),
  "SQL query appended": C("unrelated", (text) => `${text}\n\n${SQL}`),
  "horoscope before the last paragraph": C("unrelated", (text) => {
    const ps = paragraphs(text);
    return ps.length < 2 ? `${HOROSCOPE}\n\n${text}` : [...ps.slice(0, -1), HOROSCOPE, ps[ps.length - 1]].join("\n\n");
  }),
  // Truncation, duplication and order changes none of the older batteries used.
  "first paragraph dropped": C("order", (text) => {
    const ps = paragraphs(text);
    return ps.length < 2 ? text : ps.slice(1).join("\n\n");
  }),
  "every other sentence dropped": C(
    "order",
    mapParagraphs((p) => {
      const ss = sentences(p);
      return ss.length < 2 ? p : ss.filter((_, i) => i % 2 === 0).join(" ");
    }),
  ),
  "last sentence of each paragraph dropped": C(
    "order",
    mapParagraphs((p) => {
      const ss = sentences(p);
      return ss.length < 2 ? p : ss.slice(0, -1).join(" ");
    }),
  ),
  "cut mid-sentence at two thirds of its words": C("order", (text) => {
    const words = text.split(/(?<=\S)(?=\s)/);
    return words.slice(0, Math.ceil((words.length * 2) / 3)).join("");
  }),
  "whole reply twice": C("order", (text) => `${text}\n\n${text}`),
  "first paragraph repeated at the end": C("order", (text) => `${text}\n\n${paragraphs(text)[0]}`),
  "paragraphs sorted by length (shortest first)": C("order", (text) =>
    paragraphs(text)
      .map((p, i) => [p, i] as const)
      .sort((a, b) => a[0].length - b[0].length || a[1] - b[1])
      .map(([p]) => p)
      .join("\n\n"),
  ),
  "first and last sentence swapped in each paragraph": C(
    "order",
    mapParagraphs((p) => {
      const ss = sentences(p);
      if (ss.length < 2) return p;
      [ss[0], ss[ss.length - 1]] = [ss[ss.length - 1], ss[0]];
      return ss.join(" ");
    }),
  ),
  "reply's last sentence moved to the start": C("order", (text) => {
    const ps = paragraphs(text);
    const last = sentences(ps[ps.length - 1]);
    if (last.length < 2 && ps.length < 2) return text;
    const moved = last.pop()!;
    const rest = last.length > 0 ? [...ps.slice(0, -1), last.join(" ")] : ps.slice(0, -1);
    return [moved, ...rest].join("\n\n");
  }),
  "middle paragraph dropped": C("order", (text) => {
    const ps = paragraphs(text);
    if (ps.length < 3) return text;
    const k = Math.floor(ps.length / 2);
    return [...ps.slice(0, k), ...ps.slice(k + 1)].join("\n\n");
  }),
};

/** Degenerate texts built from the prompt's or the reply's own words (patterns none of the older batteries used). */
export const DEGENERATE: Record<string, (text: string, ctx: EditContext) => string> = {
  "bullet list of the prompt's words": (_text, ctx) =>
    promptNouns(ctx.prompt)
      .slice(0, 12)
      .map((w) => `- ${capitalize(w)}`)
      .join("\n"),
  "thesaurus entry from the reply's key words": (text) => {
    const [head, ...rest] = topWords(text, 9);
    return `${head ?? "word"} (n.): ${rest.slice(0, 4).join("; ")}. See also: ${rest.slice(4).join(", ")}.`;
  },
  "the reply's first two sentences alternating four times": (text) => {
    const [a, b] = sentences(openingOf(text));
    return Array.from({ length: 4 }, () => [a, b ?? a].join(" ")).join(" ");
  },
  "the reply's sentences sorted alphabetically": (text) =>
    paragraphs(text)
      .flatMap(sentences)
      .map((s) => s.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .sort()
      .join(" "),
  "every sentence cut to its first four words": (text) =>
    paragraphs(text)
      .flatMap(sentences)
      .map(
        (s) =>
          `${s
            .split(/\s+/)
            .slice(0, 4)
            .join(" ")
            .replace(/[,;:.!?]+$/, "")}.`,
      )
      .join(" "),
  "the reply's names and key words as a tag cloud": (text) => [...names(text).slice(0, 4), ...topWords(text, 12)].map((w) => `#${w.replace(/\W/g, "")}`).join(" "),
};
