// Sixth held-out battery (issue 36, written before this session's fixes): classes of cheap edits that
// cannot make a creative reply better, none of them in bench/heldout or bench/heldout2–5 (a class is new
// when its transformation differs, not the same one on other words). Most are new members of the
// categories the older batteries touched (discourse leads, asides and hedges at new positions and with new
// delimiters; punctuation of other scripts and clause joiners; spellings further than one edit; person,
// tense and number shifts; text of other genres at new positions; order changes; invisibles, look-alikes
// and markup not yet tried), to test whether a defence closed the category or only listed its members;
// some are categories none touched (scare quotes and "(sic)", contractions expanded or introduced, word
// stutters, genre frames such as a letter or a diary, an assistant's preface, sentence numbering). Each
// edit is a pure function of the reply (and, where it needs one, the prompt). "Costly words" and "costly
// phrases" come from the public antislop over-use lists (battery 3's context), never from foolsgold's own
// dictionary.
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

const capitalize = (w: string) => (w ? w[0].toUpperCase() + w.slice(1) : w);
const sameCase = (from: string, to: string) => (/^\p{Lu}/u.test(from) ? capitalize(to) : to);
const lowerFirst = (s: string) => (s ? s[0].toLowerCase() + s.slice(1) : s);

/** Inserts `mark` before the word's last two letters (a spot no older battery used). */
const lateInsert = (mark: string) => (w: string) => {
  const cps = [...w];
  return cps.length < 4 ? w : cps.slice(0, -2).join("") + mark + cps.slice(-2).join("");
};
const wrap = (open: string, close: string) => (w: string) => `${open}${w}${close}`;
/** Swaps the last letter of the word that has a look-alike in `map`. */
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
const alphabet = (lowerA: number): Record<string, string> => Object.fromEntries([..."abcdefghijklmnopqrstuvwxyz"].map((c, i) => [c, String.fromCodePoint(lowerA + i)]));

// Letters no older battery used.
const CYRILLIC_MACEDONIAN = fromPairs("sjl", "ѕјӏ");
const LATIN_EXT_D = fromPairs("sfvwz", "ꜱꜰᴠᴡᴢ");
const ESTIMATED_E = fromPairs("e", "℮");
const CANADIAN = fromPairs("PLbdU", "ᑭᒪᑲᑯᑌ");
const MATH_BOLD_SCRIPT_WORD = alphabet(0x1d4ea);
const MATH_DOUBLE_STRUCK_WORD = alphabet(0x1d552);
const CEDILLA_VOWEL = fromPairs("e", "ȩ");
const MACRON_BELOW = fromPairs("bdklnrt", "ḇḏḵḻṉṟṯ");
const DOT_ABOVE_VOWEL = fromPairs("aeio", "ȧėȯı");
const TILDE_BELOW = fromPairs("eiu", "ḛḭṵ");
const HOOK_RETRO = fromPairs("aeiou", "ᶏᶒᶖᶗᶙ");

const replaceAll = (pairs: [RegExp, string][]) => (text: string) => pairs.reduce((acc, [re, to]) => acc.replace(re, to), text);

const sentences = (text: string) => text.split(/(?<=[.!?…]["”’]?)\s+(?=["“‘]?\p{Lu})/u);
const paragraphs = (text: string) => text.split(/\n\s*\n/);
const mapParagraphs = (f: (p: string, i: number, all: string[]) => string) => (text: string) => paragraphs(text).map(f).join("\n\n");
const mapSentences = (f: (s: string, i: number) => string) => mapParagraphs((p) => sentences(p).map(f).join(" "));
const mapSentencesGlobal = (f: (s: string, i: number) => string) => (text: string) => {
  let k = 0;
  return mapParagraphs((p) =>
    sentences(p)
      .map((s) => f(s, k++))
      .join(" "),
  )(text);
};
/** A lead before the sentence (lower-casing its first word unless it is "I" or a name-like word after a quote). */
const withLead = (lead: string) => (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) && !/^I\b/.test(s) ? `${lead} ${lowerFirst(s)}` : /^\p{Lu}/u.test(s) ? `${lead} ${s}` : s);
/** Joins a paragraph's sentences with `joiner` (", ", ", and ", " — "), lower-casing the next sentence's first word unless the reply also writes it capitalized mid-sentence (a name) or it is "I". */
const joinSentences = (joiner: string) => (text: string) =>
  mapParagraphs((p) =>
    p.replace(/(?<!\b(?:Mr|Mrs|Ms|Dr|St))\.\s+(\p{Lu}\p{Ll}*)/gu, (_m, w: string) => {
      const keep = w === "I" || new RegExp(`[\\p{Ll},;]\\s${w}\\b`, "u").test(text);
      return `${joiner}${keep ? w : w.toLowerCase()}`;
    }),
  )(text);
/** An aside after the sentence's first `k` words. */
const afterWords = (k: number, aside: string) => (s: string) => s.replace(new RegExp(`^((?:\\S+\\s+){${k - 1}}\\S+?)([,;:]?)\\s`), `$1${aside} `);

const scrambleSorted = (w: string) => (w.length < 5 || /['’]/.test(w) ? w : w[0] + [...w.slice(1, -1)].sort().join("") + w[w.length - 1]);
const interiorReversed = (w: string) => (w.length < 5 || /['’]/.test(w) ? w : w[0] + [...w.slice(1, -1)].reverse().join("") + w[w.length - 1]);
/** Two transpositions: letters 2↔3 and the two before the last swapped. */
const twoSwaps = (w: string) => {
  if (w.length < 7 || /['’]/.test(w)) return w;
  const c = [...w];
  [c[1], c[2]] = [c[2], c[1]];
  [c[c.length - 3], c[c.length - 2]] = [c[c.length - 2], c[c.length - 3]];
  return c.join("");
};
const VOWEL = /[aeiou]/;
const devowel = (w: string) => (w.length < 5 ? w : w[0] + w.slice(1, -1).replace(/[aeiou]/g, "") + w[w.length - 1]);
const doubleEveryConsonant = (w: string) => (w.length < 4 ? w : [...w].map((c, i) => (i > 0 && /[b-df-hj-np-tv-z]/.test(c) ? c + c : c)).join(""));
const stutter = (w: string) => {
  const m = /^([^aeiouAEIOU]*[aeiouAEIOU]?)/.exec(w);
  const head = m && m[1].length >= 1 && m[1].length < w.length ? m[1].slice(0, Math.max(1, m[1].length - (VOWEL.test(m[1].slice(-1)) ? 1 : 0))) : w[0];
  return `${head}-${head.toLowerCase()}-${w.slice(0).replace(/^./, (c) => (/^\p{Lu}/u.test(head) ? c : c.toLowerCase()))}`;
};

const CONTRACTIONS: [RegExp, string][] = [
  [/\b([Dd])on['’]t\b/g, "$1o not"],
  [/\b([Cc])an['’]t\b/g, "$1annot"],
  [/\b([Ww])on['’]t\b/g, "$1ill not"],
  [/\b([Ii])t['’]s\b/g, "$1t is"],
  [/\bI['’]m\b/g, "I am"],
  [/\b(\p{L}+)n['’]t\b/gu, "$1 not"],
  [/\b(\p{L}+)['’]ll\b/gu, "$1 will"],
  [/\b(\p{L}+)['’]re\b/gu, "$1 are"],
  [/\b(\p{L}+)['’]ve\b/gu, "$1 have"],
  [/\b(\p{L}+)['’]d\b/gu, "$1 would"],
];
const CONTRACT: [RegExp, string][] = [
  [/\b([Ii]t|[Tt]hat|[Ss]he|[Hh]e|[Tt]here|[Ww]hat) is\b/g, "$1's"],
  [/\b([Dd]o|[Dd]oes|[Dd]id|[Ww]as|[Ww]ere|[Cc]ould|[Ww]ould|[Ss]hould|[Hh]ad|[Hh]as|[Hh]ave|[Ii]s) not\b/g, "$1n't"],
  [/\b(I|[Yy]ou|[Ww]e|[Tt]hey|[Ss]he|[Hh]e) would\b/g, "$1'd"],
  [/\b(I|[Yy]ou|[Ww]e|[Tt]hey) (have|had)\b(?= \p{L}+ed\b)/gu, "$1'$2"],
  [/\b(I|[Yy]ou|[Ww]e|[Tt]hey|[Ss]he|[Hh]e) will\b/g, "$1'll"],
];
const PRESENT_TO_PAST: [RegExp, string][] = [
  [/\bis\b/g, "was"],
  [/\bare\b/g, "were"],
  [/\bhas\b/g, "had"],
  [/\bIs\b/g, "Was"],
  [/\bAre\b/g, "Were"],
  [/\bHas\b/g, "Had"],
  [/\bwill\b/g, "would"],
  [/\bcan\b/g, "could"],
];
const THIRD_TO_FIRST: [RegExp, string][] = [
  [/\b(she|he)\b/g, "I"],
  [/\b(She|He)\b/g, "I"],
  [/\b(her|him)\b(?=[.,;:!?)]|\s+(?:and|as|to|in|on|at|with|for|from|into|up|down|back|away|off|again)\b)/g, "me"],
  [/\b(his|her)\b/g, "my"],
  [/\b(His|Her)\b/g, "My"],
  [/\b(himself|herself)\b/g, "myself"],
];
const FIRST_SINGULAR_TO_PLURAL: [RegExp, string][] = [
  [/\bI am\b/g, "we are"],
  [/\bI was\b/g, "we were"],
  [/\bI['’]m\b/g, "we're"],
  [/\bI\b/g, "we"],
  [/\bme\b/g, "us"],
  [/\bmy\b/g, "our"],
  [/\bMy\b/g, "Our"],
  [/\bmine\b/g, "ours"],
  [/\bmyself\b/g, "ourselves"],
];
const SINGULAR_THEY: [RegExp, string][] = [
  [/\b(she|he) (was)\b/g, "they were"],
  [/\b(She|He) (was)\b/g, "They were"],
  [/\b(she|he)\b/g, "they"],
  [/\b(She|He)\b/g, "They"],
  [/\b(his)\b/g, "their"],
  [/\b(His)\b/g, "Their"],
  [/\bhim\b/g, "them"],
  [/\b(himself|herself)\b/g, "themself"],
];
const THE_TO_A = (text: string) => text.replace(/\b([Tt])he (?=\p{Ll})/gu, (_m, t: string) => (t === "T" ? "A " : "a "));

// Unrelated texts of genres no older battery used, written for this battery (no source text copied).
const TIMETABLE = "Route 14 weekday departures: 06:10, 06:40, 07:05, 07:30, then every 20 minutes until 19:50. Saturday service starts at 08:00. No service on public holidays.";
const STACK_TRACE = "Traceback (most recent call last):\n  File \"main.py\", line 42, in <module>\n    run(config)\nKeyError: 'timeout'";
const CHAT = "[10:42] mara_k: did anyone save the slides?\n[10:43] devonj: yes, shared folder\n[10:43] mara_k: thanks!!";
const ADVERT = "SPECIAL OFFER: 30% off all winter jackets this weekend only. Use code FROST30 at checkout. Free returns within 14 days.";
const DUTCH = "De gemeente heeft besloten om de fietsenstalling bij het station volgend jaar uit te breiden. De werkzaamheden beginnen in maart en duren ongeveer zes weken.";
const JAPANESE = "明日の会議は午後三時からに変更になりました。資料は前日までに共有フォルダにアップロードしてください。";
const LIMERICK = "A baker who lived by the quay\nbaked bread that was chewy as tea;\nhe sold every loaf,\nto a cod and an oaf,\nand retired on the proceeds at three.";
const TERMS = "By continuing to use this service you agree to the Terms of Use and acknowledge the Privacy Notice. Content is provided as is, without warranty of any kind.";
const REVIEWS = "★★★★★ Loved it, read it twice! — Priya\n★★★★☆ Great atmosphere, the ending felt rushed. — Tom";
const REFRAIN = "(And the river keeps rolling, rolling on.)";

const C = (family: string, edit: Edit): EditClass => ({ family, edit });

export const EDIT_CLASSES: Record<string, EditClass> = {
  // Discourse leads, asides, hedges and sentence adverbials no older battery used, at new positions and with new delimiters.
  '"Frankly," before each paragraph': C(
    "discourse",
    mapParagraphs((p) => withLead("Frankly,")(p)),
  ),
  '"Of course," before every other sentence': C(
    "discourse",
    mapSentences((s, i) => (i % 2 ? s : withLead("Of course,")(s))),
  ),
  '"— mind you —" after the second word of every other sentence': C(
    "discourse",
    mapSentences((s, i) => (i % 2 ? afterWords(2, " — mind you —")(s) : s)),
  ),
  '"[as it were]" after costly words': C(
    "discourse",
    inCostly((w) => `${w} [as it were]`),
  ),
  '"(so to say)" after costly words': C(
    "discourse",
    inCostly((w) => `${w} (so to say)`),
  ),
  '"basically" before costly words': C(
    "discourse",
    inCostly((w) => `${sameCase(w, "basically")} ${/^\p{Lu}/u.test(w) ? lowerFirst(w) : w}`),
  ),
  '", to be fair," after the third word of each sentence': C("discourse", mapSentences(afterWords(3, ", to be fair,"))),
  '", right?" tag on every other sentence': C(
    "discourse",
    mapSentences((s, i) => (i % 2 ? s.replace(/\.(["”’]?)$/, ", right?$1") : s)),
  ),
  '"All in all," before the last paragraph': C(
    "discourse",
    mapParagraphs((p, i, all) => (i === all.length - 1 && all.length > 1 ? withLead("All in all,")(p) : p)),
  ),
  '"Truth be told," before each paragraph after the first': C(
    "discourse",
    mapParagraphs((p, i) => (i === 0 ? p : withLead("Truth be told,")(p))),
  ),
  '"(or so it seemed)" before every third full stop': C(
    "discourse",
    mapSentencesGlobal((s, i) => (i % 3 === 1 ? s.replace(/\.(["”’]?)$/, " (or so it seemed).$1") : s)),
  ),
  '", in fact," at each sentence\'s first comma': C(
    "discourse",
    mapSentences((s) => s.replace(/,\s/, ", in fact, ")),
  ),
  '"perhaps" before costly words': C(
    "discourse",
    inCostly((w) => `${sameCase(w, "perhaps")} ${/^\p{Lu}/u.test(w) ? lowerFirst(w) : w}`),
  ),
  '"Interestingly enough," before the second sentence of each paragraph': C(
    "discourse",
    mapParagraphs((p) => {
      const ss = sentences(p);
      if (ss.length > 1) ss[1] = withLead("Interestingly enough,")(ss[1]);
      return ss.join(" ");
    }),
  ),
  '"really, really" before costly words': C(
    "discourse",
    inCostly((w) => `really, really ${w}`),
  ),
  '"— or rather —" and the costly word repeated': C(
    "discourse",
    inCostly((w) => `${w} — or rather, ${w.toLowerCase()} —`),
  ),
  // Punctuation of other scripts, other sentence terminals, clause joiners, punctuation removed or doubled.
  "full stops to Devanagari dandas": C("punctuation", (text) => text.replace(/\.(?=\s|$|["”’])/g, "\u0964")),
  "full stops to Armenian full stops": C("punctuation", (text) => text.replace(/\.(?=\s|$|["”’])/g, "\u0589")),
  "full stops to Ethiopic full stops": C("punctuation", (text) => text.replace(/\.(?=\s|$|["”’])/g, "\u1362")),
  "full stops to Arabic full stops": C("punctuation", (text) => text.replace(/\.(?=\s|$|["”’])/g, "\u06d4")),
  "commas to Ethiopic commas": C("punctuation", (text) => text.replace(/,(?=\s)/g, "\u1363")),
  "commas to small commas": C("punctuation", (text) => text.replace(/,(?=\s)/g, "\ufe50")),
  "question marks to Arabic question marks": C("punctuation", (text) => text.replace(/\?/g, "\u061f")),
  "exclamation marks to double exclamation marks (‼)": C("punctuation", (text) => text.replace(/!/g, "\u203c")),
  "colons to ratio signs": C("punctuation", (text) => text.replace(/:(?=\s)/g, "\u2236")),
  "full stops to commas mid-paragraph (comma splices)": C("punctuation", joinSentences(", ")),
  'full stops to ", and" joiners mid-paragraph': C("punctuation", joinSentences(", and ")),
  "full stops to em dashes mid-paragraph": C("punctuation", joinSentences(" — ")),
  "paragraph-final full stops removed": C(
    "punctuation",
    mapParagraphs((p) => p.replace(/\.(["”’]?)\s*$/, "$1")),
  ),
  "every comma doubled": C("punctuation", (text) => text.replace(/,(?=\s)/g, ",,")),
  "semicolons and colons to commas": C("punctuation", (text) => text.replace(/[;:](?=\s)/g, ",")),
  "dialogue quotation marks removed": C("punctuation", (text) => text.replace(/["“”]/g, "")),
  "apostrophes to Hebrew gereshes": C("punctuation", (text) => text.replace(/(?<=\p{L})['’](?=\p{L})/gu, "\u05f3")),
  "apostrophes to modifier-letter turned commas (ʻ)": C("punctuation", (text) => text.replace(/(?<=\p{L})['’](?=\p{L})/gu, "\u02bb")),
  "compound hyphens removed (well-known → wellknown)": C("punctuation", (text) => text.replace(/(?<=\p{Ll})-(?=\p{Ll})/gu, "")),
  "compound hyphens to spaces": C("punctuation", (text) => text.replace(/(?<=\p{Ll})-(?=\p{Ll})/gu, " ")),
  "em dashes to box-drawing lines (─)": C("punctuation", (text) => text.replace(/—/g, "\u2500")),
  "ellipses to midline ellipses (⋯)": C("punctuation", (text) => text.replace(/…|\.\.\./g, "\u22ef")),
  "an ellipsis at the end of each paragraph": C(
    "punctuation",
    mapParagraphs((p) => p.replace(/[.!?]?(["”’]?)\s*$/, "…$1")),
  ),
  // Spellings further than one edit.
  "interior letters sorted alphabetically in costly words": C("spelling", inCostly(scrambleSorted)),
  "interior letters reversed in costly words": C("spelling", inCostly(interiorReversed)),
  "two transpositions in costly words": C("spelling", inCostly(twoSwaps)),
  "all interior vowels dropped from costly words": C("spelling", inCostly(devowel)),
  "every consonant doubled in costly words": C("spelling", inCostly(doubleEveryConsonant)),
  "last letter dropped in costly words": C(
    "spelling",
    inCostly((w) => (w.length < 5 ? w : w.slice(0, -1))),
  ),
  "first two letters swapped in costly words": C(
    "spelling",
    inCostly((w) => (w.length < 4 ? w : sameCase(w, w[1].toLowerCase() + w[0].toLowerCase() + w.slice(2)))),
  ),
  "costly words stuttered (w-w-whispered)": C("spelling", inCostly(stutter)),
  "apostrophe moved in contractions (do'nt)": C("spelling", (text) => text.replace(/(?<=\p{L})(\p{L})['’](t|s)\b/gu, "'$1$2")),
  "possessive apostrophes dropped (Mara's → Maras)": C("spelling", (text) => text.replace(/(?<=\p{Lu}\p{Ll}+)['’]s\b/gu, "s")),
  "-ight respelled -ite throughout": C(
    "spelling",
    inWords((w) => w.replace(/ight\b/g, "ite")),
  ),
  "c respelled k before a, o, u throughout": C(
    "spelling",
    inWords((w) => w.replace(/c(?=[aou])/g, "k").replace(/^C(?=[aou])/, "K")),
  ),
  "-ed respelled -t after voiceless consonants": C(
    "spelling",
    inWords((w) => w.replace(/(?<=[a-z]{2}[pkfsx]|sh|ch)ed\b/g, "t")),
  ),
  "plural -s respelled -z": C(
    "spelling",
    inWords((w) => (w.length >= 5 && /[^su]s$/.test(w) ? `${w.slice(0, -1)}z` : w)),
  ),
  "costly words reversed whole": C(
    "spelling",
    inCostly((w) => sameCase(w, [...w.toLowerCase()].reverse().join(""))),
  ),
  // Person, tense, number, article and contraction shifts no older battery made.
  "present to past (is→was, are→were, will→would)": C("grammar", replaceAll(PRESENT_TO_PAST)),
  "third person to first (she/he→I)": C("grammar", replaceAll(THIRD_TO_FIRST)),
  "first person singular to plural (I→we)": C("grammar", replaceAll(FIRST_SINGULAR_TO_PLURAL)),
  "singular they (she/he→they)": C("grammar", replaceAll(SINGULAR_THEY)),
  '"the" to "a" throughout': C("grammar", THE_TO_A),
  "contractions expanded (don't→do not)": C("grammar", replaceAll(CONTRACTIONS)),
  "contractions introduced (it is→it's)": C("grammar", replaceAll(CONTRACT)),
  // Text of other genres at new positions.
  "bus timetable after the first paragraph": C("unrelated", (text) => {
    const ps = paragraphs(text);
    return [ps[0], TIMETABLE, ...ps.slice(1)].join("\n\n");
  }),
  "stack trace appended": C("unrelated", (text) => `${text}\n\n${STACK_TRACE}`),
  "chat log prepended": C("unrelated", (text) => `${CHAT}\n\n${text}`),
  "advert in the middle paragraph": C("unrelated", (text) => {
    const ps = paragraphs(text);
    const k = Math.floor(ps.length / 2);
    return [...ps.slice(0, k), ADVERT, ...ps.slice(k)].join("\n\n");
  }),
  "Dutch notice prepended": C("unrelated", (text) => `${DUTCH}\n\n${text}`),
  "Japanese notice appended": C("unrelated", (text) => `${text}\n\n${JAPANESE}`),
  "limerick before the last paragraph": C("unrelated", (text) => {
    const ps = paragraphs(text);
    return ps.length < 2 ? `${text}\n\n${LIMERICK}` : [...ps.slice(0, -1), LIMERICK, ps[ps.length - 1]].join("\n\n");
  }),
  "terms-of-use boilerplate appended": C("unrelated", (text) => `${text}\n\n${TERMS}`),
  "reader reviews appended": C("unrelated", (text) => `${text}\n\n${REVIEWS}`),
  "refrain line between every paragraph": C("unrelated", (text) => paragraphs(text).join(`\n\n${REFRAIN}\n\n`)),
  // Frames, prefaces and apparatus (categories no older battery touched, or new members of "added").
  '"Certainly! Here is your story:" preface': C("added", (text) => `Certainly! Here is your story:\n\n${text}`),
  "framed as a letter (Dear reader … Yours truly)": C("added", (text) => `Dear reader,\n\n${text}\n\nYours truly,\nA friend`),
  "framed as a diary entry": C("added", (text) => `Dear Diary,\n\nTuesday, 14 March\n\n${text}`),
  '"And then I woke up." at the end': C("added", (text) => `${text}\n\nAnd then I woke up.`),
  '"[citation needed]" after each paragraph': C(
    "added",
    mapParagraphs((p) => `${p} [citation needed]`),
  ),
  '"(sic)" after costly words': C(
    "added",
    inCostly((w) => `${w} (sic)`),
  ),
  "scare quotes around costly words": C("added", inCostly(wrap("“", "”"))),
  "translator's note after the first paragraph": C("added", (text) => {
    const ps = paragraphs(text);
    return [ps[0], "[Translator's note: some wordplay in the original could not be carried over.]", ...ps.slice(1)].join("\n\n");
  }),
  "sentences numbered (1) (2) (3)": C(
    "added",
    mapSentencesGlobal((s, i) => `(${i + 1}) ${s}`),
  ),
  "one-word fragment after each paragraph": C(
    "added",
    mapParagraphs((p) => `${p}\n\nSilence.`),
  ),
  '"Word count: N" and "Reading level" lines at the top': C("added", (text) => `Reading level: Grade 8 | Word count: ${text.split(/\s+/).length}\n\n${text}`),
  ":) after each paragraph": C(
    "added",
    mapParagraphs((p) => `${p} :)`),
  ),
  "costly word repeated after a comma (slowly, slowly)": C(
    "added",
    inCostly((w) => `${w}, ${w.toLowerCase()}`),
  ),
  // Sentence and paragraph order changes no older battery made.
  "sentences rotated by one within paragraphs": C(
    "order",
    mapParagraphs((p) => {
      const ss = sentences(p);
      return ss.length < 2 ? p : [...ss.slice(1), ss[0]].join(" ");
    }),
  ),
  "first paragraph moved to the end": C("order", (text) => {
    const ps = paragraphs(text);
    return ps.length < 2 ? text : [...ps.slice(1), ps[0]].join("\n\n");
  }),
  "second half of the paragraphs before the first half": C("order", (text) => {
    const ps = paragraphs(text);
    const k = Math.ceil(ps.length / 2);
    return ps.length < 2 ? text : [...ps.slice(k), ...ps.slice(0, k)].join("\n\n");
  }),
  "adjacent sentences swapped in pairs": C(
    "order",
    mapParagraphs((p) => {
      const ss = sentences(p);
      for (let i = 0; i + 1 < ss.length; i += 2) [ss[i], ss[i + 1]] = [ss[i + 1], ss[i]];
      return ss.join(" ");
    }),
  ),
  "sentences sorted by length within paragraphs": C(
    "order",
    mapParagraphs((p) =>
      sentences(p)
        .map((s, i) => [s, i] as const)
        .sort((a, b) => a[0].length - b[0].length || a[1] - b[1])
        .map(([s]) => s)
        .join(" "),
    ),
  ),
  "first sentence of each paragraph dropped": C(
    "order",
    mapParagraphs((p) => {
      const ss = sentences(p);
      return ss.length < 2 ? p : ss.slice(1).join(" ");
    }),
  ),
  "only the first and last paragraphs kept": C("order", (text) => {
    const ps = paragraphs(text);
    return ps.length < 3 ? text : [ps[0], ps[ps.length - 1]].join("\n\n");
  }),
  "last paragraph repeated at the start": C("order", (text) => {
    const ps = paragraphs(text);
    return ps.length < 2 ? text : [ps[ps.length - 1], ...ps].join("\n\n");
  }),
  // Invisible and format characters no older battery used, and positions no older battery tried.
  "musical begin-phrase format char in costly words": C("invisible", inCostly(lateInsert("\u{1d179}"))),
  "musical end-beam format char in costly words": C("invisible", inCostly(lateInsert("\u{1d174}"))),
  "Egyptian hieroglyph begin-segment in costly words": C("invisible", inCostly(lateInsert("\u{13437}"))),
  "shorthand format step-up in costly words": C("invisible", inCostly(lateInsert("\u{1bca2}"))),
  "variation selector 14 in costly words": C("invisible", inCostly(lateInsert("\ufe0d"))),
  "variation selector 256 in costly words": C("invisible", inCostly(lateInsert("\u{e01ef}"))),
  "line separator inside costly words": C("invisible", inCostly(lateInsert("\u2028"))),
  "soft hyphen at costly words' end": C(
    "invisible",
    inCostly((w) => `${w}\u00ad`),
  ),
  "word joiner after every word": C(
    "invisible",
    inWords((w) => `${w}\u2060`),
  ),
  "hidden interlinear annotation after costly words": C(
    "invisible",
    inCostly((w) => `\ufff9${w}\ufffaplain\ufffb`),
  ),
  // Letters of other scripts and Latin-like letters no older battery used.
  "Cyrillic dze / je / palochka (ѕ ј ӏ) in costly words": C("latin-like", inCostly(lastMapped(CYRILLIC_MACEDONIAN))),
  "Latin small capitals from Extended-D (ꜱ ꜰ ᴠ ᴡ ᴢ) in costly words": C("latin-like", inCostly(lastMapped(LATIN_EXT_D))),
  "estimated sign (℮) for e in costly words": C("latin-like", inCostly(lastMapped(ESTIMATED_E))),
  "Canadian syllabics look-alike (ᑲ ᑯ ᑭ ᒪ ᑌ) in every word": C("latin-like", inWords(lastMapped(CANADIAN))),
  "mathematical bold script whole costly words": C("latin-like", inCostly(everyMapped(MATH_BOLD_SCRIPT_WORD))),
  "mathematical double-struck whole costly words": C("latin-like", inCostly(everyMapped(MATH_DOUBLE_STRUCK_WORD))),
  // Precomposed marks no older battery used.
  "cedilla e (ȩ) in costly words": C("marks", inCostly(lastMapped(CEDILLA_VOWEL))),
  "macron-below consonant in costly words": C("marks", inCostly(lastMapped(MACRON_BELOW))),
  "dot-above vowel in costly words": C("marks", inCostly(lastMapped(DOT_ABOVE_VOWEL))),
  "tilde-below vowel in costly words": C("marks", inCostly(lastMapped(TILDE_BELOW))),
  "retroflex-hook vowel (ᶏ ᶒ ᶖ) in costly words": C("marks", inCostly(lastMapped(HOOK_RETRO))),
  "combining x above on costly words' last letter": C(
    "marks",
    inCostly((w) => `${w}\u033d`),
  ),
  // Markup no older battery used.
  "DocBook para tags": C(
    "markup",
    mapParagraphs((p) => `<para>${p}</para>`),
  ),
  "Markdown footnote on costly words": C("markup", (text, ctx) => {
    let k = 0;
    const body = inCostly((w) => `${w}[^${++k}]`)(text, ctx);
    return k === 0 ? text : `${body}\n\n${Array.from({ length: k }, (_, i) => `[^${i + 1}]: See the glossary.`).join("\n")}`;
  }),
  "HTML details/summary wrapper": C("markup", (text) => `<details>\n<summary>Story</summary>\n\n${text}\n\n</details>`),
  "Handlebars braces around costly words": C("markup", inCostly(wrap("{{", "}}"))),
  "Markdown task list of paragraphs": C(
    "markup",
    mapParagraphs((p) => `- [ ] ${p}`),
  ),
  "HTML abbr title on costly words": C(
    "markup",
    inCostly((w) => `<abbr title="${w.toLowerCase()}">${w}</abbr>`),
  ),
  "HTML q tags around dialogue": C("markup", (text) => text.replace(/["“]([^"“”\n]{1,600})["”]/g, (_m, said: string) => `<q>${said}</q>`)),
  "Textile p. before each paragraph": C(
    "markup",
    mapParagraphs((p) => `p. ${p}`),
  ),
  "Creole //italics// around costly words": C("markup", inCostly(wrap("//", "//"))),
  "Markdown __bold__ around costly words": C("markup", inCostly(wrap("__", "__"))),
  "LaTeX document wrapper": C("markup", (text) => `\\documentclass{article}\n\\begin{document}\n\n${text}\n\n\\end{document}`),
  "SRT subtitle timecodes before each paragraph": C(
    "markup",
    mapParagraphs((p, i) => `${i + 1}\n00:0${Math.min(i, 9)}:00,000 --> 00:0${Math.min(i, 9)}:59,000\n${p}`),
  ),
  "XML CDATA wrapper": C("markup", (text) => `<story><![CDATA[${text}]]></story>`),
  "Markdown table of paragraphs": C(
    "markup",
    (text) =>
      `| # | text |\n|---|---|\n${paragraphs(text)
        .map((p, i) => `| ${i + 1} | ${p.replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|")} |`)
        .join("\n")}`,
  ),
  "HTML pre wrapper": C("markup", (text) => `<pre>\n${text}\n</pre>`),
};

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

/** Degenerate texts built from the reply's own words (patterns no older battery used). */
export const DEGENERATE: Record<string, (text: string, ctx: EditContext) => string> = {
  "the reply's words in reverse order": (text) => {
    const ws = openingOf(text, 120).split(/\s+/).filter(Boolean).reverse();
    return capitalize(ws.join(" ").replace(/[.!?]/g, "")) + ".";
  },
  "the reply's sentences in reverse order": (text) =>
    paragraphs(text)
      .flatMap(sentences)
      .map((s) => s.replace(/\s+/g, " ").trim())
      .filter(Boolean)
      .reverse()
      .join(" "),
  'every sentence "And then the <key word>."': (text) =>
    topWords(text, 10)
      .map((w) => `And then the ${w}.`)
      .join(" "),
  "a glossary of the reply's nouns": (text) =>
    topWords(text, 8)
      .map((w) => `${capitalize(w)}: a ${w}, as in the story.`)
      .join("\n"),
  "a dialogue of one-word lines": (text) =>
    topWords(text, 10)
      .map((w, i) => `"${capitalize(w)}${i % 2 ? "." : "?"}"`)
      .join("\n"),
  "the opening with every word said twice": (text) =>
    openingOf(text)
      .split(/\s+/)
      .filter(Boolean)
      .map((w) => `${w.replace(/[.,;:!?]+$/, "")} ${w}`)
      .join(" "),
  "the reply's key words as questions": (text) =>
    topWords(text, 10)
      .map((w) => `${capitalize(w)}?`)
      .join(" "),
};
