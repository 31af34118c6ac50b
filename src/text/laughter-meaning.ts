// Laughter and amusement recognized by meaning (issue 36): one detector that the humor strip, the
// screens and the certify guards all use. Its members come from data (laughter/meaning-table.json, built
// by scripts/build-laughter-meaning.ts from WordNet 3.1 and Unicode's CLDR emoji annotations), not a
// hand list, and it finds them wherever a reply can put them:
//  - "word": an unambiguous laughter word in any inflection ("chuckles", "Giggling", "LAUGHTER");
//  - "action": any laughter or amusement word ("roars", "cracks up", "amused") between delimiters of any
//    kind — every Unicode punctuation or symbol that is not a quotation mark or sentence punctuation, so
//    "*", "∗" (U+2217), "⁎", "✱", "~", "()", "[]", "<>", "【】" alike — with a few other words inside;
//  - "emoji" and "emoticon": every emoji whose annotation is about laughing or smiling, and the emoticons
//    the annotations give for them (":D", "xD"), elongated or with a nose;
//  - "report": a clause in the first person that reports amusement ("That made me laugh.", "I'd laugh,
//    but …", "You crack me up.", "I'm amused");
//  - "vocab": the internet laughter of the v3 vocabulary (haha, lol, lmao, jaja, 草, …), which no
//    dictionary lists, read through the reader's view as the text is (so "ㅋㅋ" and Cyrillic "хаха" still
//    match after the view folds them);
//  - "reaction": laughter in other languages from CLDR's emoji keywords in every locale ("mdr", "risa",
//    "ㅋㅋㅋ", "хохот", "あはは", "555"), and a short clause of an adjective that causes laughter with
//    function words only ("That's hilarious!", "So funny");
//  - any of these spelled out ("h a h a", "L.O.L.", "he he he", "tee hee") or backwards ("ahah");
//  - "form": laughter by its shape in any script (laughter/form.ts): a non-word whose romanization is a
//    breath syllable repeated ("kekeke", "χαχαχα", "ههههه", "하하하", "bwahaha"), a run of one breath
//    letter, a consonant pair typed again and again ("wkwk", "hjhj"), or digits for letters ("h4h4");
//  - narrated laughter: a short clause of a subject and a laughter word of the category ("She laughs.",
//    "The whole room cracks up.").
// The strip (what the terms read) also removes decorations that are not laughter but carry no answer:
// faces of punctuation and symbols, every emoji, emoticons of ordinary punctuation (":-]", "x)"),
// non-word vocalizations ("pfft", "hmph", "lalala"), and the hyperbole of being overcome ("I'm dead",
// "I'm dying", "*wheezes*": WordNet's senses of dying, weeping, screaming and breathing hard in a terse
// first-person clause or between delimiters; ability given up with its verb left out, "I can't even";
// and the bare plea "Stop it.").
// Callers read the reader's view of a text (src/text/reader-view.ts) before detecting, so invisible
// characters and look-alike letters cannot split a word.
import { readFileSync } from "node:fs";
import { hashOf } from "../core/hash.js";
import { findLaughter, stripSpans, type StrippedLaughter } from "./laughter/match.js";
import { compileLaughterVocab, loadLaughterVocab, type LaughterEntry, type LaughterVocab } from "./laughter/vocab.js";
import { readerView } from "./reader-view.js";
import { isStopword } from "./stopwords.js";
import { isCommonEnglish } from "./english.js";
import { isEnglishWord } from "./spelling.js";
import { lemma } from "./lemma.js";
import { once } from "../core/once.js";
import { isLaughterForm, isVocalization, leadIsWord, unleet } from "./laughter/form.js";

export const LAUGHTER_MEANING_VERSION = "laughter-meaning-5";

export type LaughterCueKind = "word" | "action" | "emoji" | "emoticon" | "report" | "vocab" | "reaction" | "form" | "decoration";

export interface LaughterCue {
  /** UTF-16 offsets into the text. */
  start: number;
  end: number;
  text: string;
  kind: LaughterCueKind;
}

export interface LaughterMeaningTable {
  version: string;
  bare: string[];
  delimited: string[];
  /** Words that make a first-person clause a report of amusement. */
  report: string[];
  emoji: string[];
  emoticons: string[];
  /** Laughter keywords of CLDR's emoji annotations in every locale (not English words). */
  reactions: string[];
  /** Adjectives whose first WordNet sense causes laughter ("funny", "hilarious"). */
  amusing: string[];
  /** Verbs with a WordNet sense of overwhelming with hilarity or evoking an emotion ("kill", "get"). */
  overwhelm: string[];
  /** Words whose first WordNet sense is dying, being dead, weeping, screaming or breathing hard: the hyperbole of laughter. */
  overcome: string[];
}

export const MEANING_TABLE_URL = new URL("./laughter/meaning-table.json", import.meta.url);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const alternation = (forms: readonly string[]) =>
  [...forms]
    .sort((a, b) => b.length - a.length)
    .map((f) => escape(f).replace(/ /g, "\\s+"))
    .join("|");

/** One pictograph of an emoji sequence, with its variation selector and skin tone. */
const PICTOGRAPH = "\\p{Extended_Pictographic}\\uFE0F?[\\u{1F3FB}-\\u{1F3FF}]?";
const NOT_WORD_BEFORE = "(?<![\\p{L}\\p{N}_])";
const NOT_WORD_AFTER = "(?![\\p{L}\\p{N}_])";
/** A delimiter: any punctuation or symbol but quotation marks, apostrophes and sentence punctuation. */
export const DELIMITER = "[[\\p{P}\\p{S}]--[\\p{Quotation_Mark}.,!?;:\\-…'’]]";
/** Other words allowed inside the delimiters beside the laughter word ("*laughs softly*", "[audience laughter]"). */
const INSIDE = "[\\p{L}\\p{M}'’ \\-]{0,30}?";
const FIRST_PERSON = /(?<![\p{L}'’])(?:i|i['’](?:m|d|ve|ll)|me|my|mine|myself|we|we['’](?:re|d|ve|ll)|us|our|ours|ourselves)(?![\p{L}'’])/iu;
/** "crack(s) me up", "break(s) us up": the phrasal verbs of the category with their object inside. */
const PHRASAL_REPORT = /(?<![\p{L}])(?:crack|cracks|cracked|cracking|break|breaks|broke|breaking)\s+(?:me|us)\s+up(?![\p{L}])/iu;
/** Clause boundaries inside a sentence: commas, semicolons, colons, dashes (a double hyphen too), quotation marks and brackets. */
const CLAUSE = /(?:[^.!?…\n,;:—–\-"“”«»()[\]{}]|-(?!-))+|(?:[.!?…\n,;:—–"“”«»()[\]{}]|--+)+/gu;

interface Compiled {
  table: LaughterMeaningTable;
  word: RegExp;
  action: RegExp;
  reported: RegExp;
  emoji: RegExp;
  emoticon: RegExp;
  reaction: RegExp;
  amusing: ReadonlySet<string>;
  /** Any laughter or amusement word of the category, hyponyms included ("snorted", "howl", "cracks up"). */
  anyLaugh: RegExp;
  overwhelm: ReadonlySet<string>;
  overcome: ReadonlySet<string>;
  /** An overcome word between delimiters ("*dies*", "[wheezes]"). */
  overcomeAction: RegExp;
  /** v3 with each entry's strings also as the reader's view writes them. */
  vocab: LaughterVocab;
}

function emoticonSource(e: string): string {
  // A nose may stand between eyes and mouth (":-D"), and the mouth may repeat (":DDD", "xDD").
  const withNose = /^[:;=8][^-]/.test(e) ? `${escape(e[0])}-?${escape(e.slice(1, -1))}` : escape(e.slice(0, -1));
  return `${withNose}${escape(e.slice(-1))}+`;
}

/** The ASCII characters of Unicode's Bidi_Mirrored property, each beside its Bidi_Mirroring_Glyph. */
export const MIRROR_GLYPH: ReadonlyMap<string, string> = new Map([..."()<>[]{}"].map((ch, i, all) => [ch, all[i ^ 1]]));

/**
 * An emoticon written the other way round, its mouth first (":)" → "(:", ":')" → "(':", ">:)" → "(:<"):
 * faces read in either direction are the same face. Only an emoticon whose mouth has a mirror glyph turns
 * ("D:" is a different face), and none with a digit ("(8" opens a list item).
 */
export function mirroredEmoticon(e: string): string | null {
  if (!MIRROR_GLYPH.has(e.slice(-1)) || /\p{N}/u.test(e)) return null;
  return [...e]
    .reverse()
    .map((ch) => MIRROR_GLYPH.get(ch) ?? ch)
    .join("");
}

/** The mirrored emoticon's pattern: the mouth may repeat ("((:") and a nose stand before the eyes ("(-:"). */
function mirroredSource(m: string): string {
  const eyes = m.slice(-1);
  const nose = /[:;=]/.test(eyes) && !m.slice(0, -1).endsWith("-") ? "-?" : "";
  return `${escape(m[0])}+${escape(m.slice(1, -1))}${nose}${escape(eyes)}`;
}

/** The mirrored emoticons' patterns, longest first ("(:<" before "(:"). */
const mirroredSources = (emoticons: readonly string[]) =>
  emoticons
    .flatMap((e) => mirroredEmoticon(e) ?? [])
    .sort((a, b) => b.length - a.length)
    .map(mirroredSource);

/**
 * Each reaction in three casings as the reader's view writes it (a Cyrillic word in capitals can be all
 * look-alikes: "УМОРА" reads "YMOPA"), its last letter free to repeat ("mdrrr", "ㅋㅋㅋㅋ").
 * Keywords without a letter ("555") are left to the vocabulary, whose boundary tells them from numbers.
 */
function reactionAlternation(reactions: readonly string[]): string {
  const casings = (r: string) => [r, r.toUpperCase(), r.charAt(0).toUpperCase() + r.slice(1)];
  const forms = [...new Set(reactions.flatMap((r) => casings(r).flatMap((c) => [c, readerView(c)])))].filter((f) => /\p{L}/u.test(f)).sort((a, b) => b.length - a.length);
  return forms
    .map((f) => {
      // the last letter with its marks repeats as one ("ć" in the view is "c" + U+0301)
      const last = /\P{M}\p{M}*$/u.exec(f)![0];
      return `${escape(f.slice(0, -last.length)).replace(/ /g, "\\s+")}(?:${escape(last)})+`;
    })
    .join("|");
}

/**
 * The vocabulary with every entry also in the reader's view's spelling (ㅋ → ᄏ, Cyrillic ха → xa). An
 * entry the view writes in ASCII needs word boundaries there, and no "." after it ("ｗｗ" matches
 * anywhere; "ww" inside "aww" or "www.example.com" is not laughter).
 */
function readerViewVocab(vocab: LaughterVocab): LaughterVocab {
  const view = (x: string) => readerView(x);
  const ascii = (e: LaughterEntry) => !/[^\x00-\x7f]/.test(JSON.stringify(e.kind === "action" ? e.stems : e.kind === "repeat" ? e.unit : e.text));
  const viewed = vocab.data.entries.flatMap((e): LaughterEntry[] => {
    const v: LaughterEntry =
      e.kind === "action"
        ? { ...e, brackets: e.brackets.map(([a, b]) => [view(a), view(b)] as [string, string]), stems: e.stems.map(view) }
        : e.kind === "repeat"
          ? { ...e, unit: view(e.unit), ...(e.prefixes ? { prefixes: e.prefixes.map(view) } : {}), ...(e.tail ? { tail: view(e.tail) } : {}) }
          : { ...e, text: view(e.text) };
    if (JSON.stringify(v) === JSON.stringify(e)) return [];
    return [{ ...v, id: `${e.id}@reader-view`, ...(ascii(v) && e.boundary !== undefined && e.boundary !== "word" ? { boundary: "url-safe" as const } : {}) }];
  });
  return compileLaughterVocab({ ...vocab.data, version: `${vocab.data.version}+reader-view`, entries: [...vocab.data.entries, ...viewed] });
}

const compile = once((): Compiled => {
  const table = JSON.parse(readFileSync(MEANING_TABLE_URL, "utf8")) as LaughterMeaningTable;
  const bare = alternation(table.bare);
  const all = alternation(table.delimited);
  const emoji = [...table.emoji].sort((a, b) => b.length - a.length).map((e) => escape(e.replace(/\uFE0F/g, "")));
  return {
    table,
    word: new RegExp(`${NOT_WORD_BEFORE}(?:${bare})${NOT_WORD_AFTER}`, "giv"),
    action: new RegExp(`${DELIMITER}+${INSIDE}${NOT_WORD_BEFORE}(?:${all})${NOT_WORD_AFTER}${INSIDE}${DELIMITER}+`, "giv"),
    reported: new RegExp(`${NOT_WORD_BEFORE}(?:${alternation(table.report)})${NOT_WORD_AFTER}`, "iv"),
    // the whole ZWJ sequence a laughing emoji stands in ("😂‍🔥" goes as one), with selectors and skin tones
    emoji: new RegExp(`(?:${PICTOGRAPH}\\u200D)*(?:${emoji.join("|")})\\uFE0F?[\\u{1F3FB}-\\u{1F3FF}]?(?:\\u200D${PICTOGRAPH})*`, "gu"),
    emoticon: new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...table.emoticons.map(emoticonSource), ...mirroredSources(table.emoticons)].join("|")})(?![\\p{L}\\p{N}])`, "gu"),
    reaction: new RegExp(`${NOT_WORD_BEFORE}(?:${reactionAlternation(table.reactions)})${NOT_WORD_AFTER}`, "giv"),
    amusing: new Set(table.amusing),
    anyLaugh: new RegExp(`${NOT_WORD_BEFORE}(?:${all})${NOT_WORD_AFTER}`, "giv"),
    overwhelm: new Set(table.overwhelm),
    overcome: new Set(table.overcome),
    overcomeAction: new RegExp(`${DELIMITER}+${INSIDE}${NOT_WORD_BEFORE}(?:${alternation(table.overcome)})${NOT_WORD_AFTER}${INSIDE}${DELIMITER}+`, "giv"),
    vocab: readerViewVocab(loadLaughterVocab("v3")),
  };
});

/** The detector's data: the table it was built from (for tests and instruments). */
export function laughterMeaningTable(): LaughterMeaningTable {
  return compile().table;
}

/** sha256 of the canonical JSON of the table: what an instrument records. */
export function laughterMeaningHash(): string {
  return hashOf(compile().table);
}

function matches(re: RegExp, text: string, kind: LaughterCueKind): LaughterCue[] {
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: m[0], kind }));
}

/** A capitalized word (not "I") right after a word with no punctuation between: a sentence whose end mark is missing. */
const RUN_ON = /(?<=[\p{Ll}\p{N}]\s+)(?=\p{Lu}(?!['’]?\P{L})(?<!\bI(?=['’\s])))/u;
/** Words between two offsets of a clause. */
const wordsBetween = (clause: string, from: number, to: number) => (clause.slice(from, to).match(/[\p{L}\p{N}'’]+/gu) ?? []).length;
/** At most this many words between the first person and the laughter word ("made me laugh", "I literally chuckled"). */
const REPORT_REACH = 3;

/** "Not funny" is no reaction of amusement. */
const NEGATION = /^(?:not|no|never|nothing|\p{L}+n['’]t|cannot)$/u;
/** At most this many words in a reaction clause ("This is so funny"). */
const REACTION_WORDS = 5;

/** A clause of an adjective that causes laughter and function words only: "That's hilarious", "So funny". */
function isAmusedReaction(clause: string, amusing: ReadonlySet<string>): boolean {
  const words = clause.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  if (words.length > REACTION_WORDS || words.some((w) => NEGATION.test(w))) return false;
  return words.some((w) => amusing.has(w)) && words.every((w) => amusing.has(w) || isStopword(w));
}

/** At most this many words in a terse report ("I actually snorted", "Okay, that got me"). */
const TERSE_WORDS = 6;
const OBJECT_PERSON = /^(?:me|us)$/u;
const isFirstPerson = (w: string) => new RegExp(`^(?:${FIRST_PERSON.source})$`, "iu").test(w);
/** A word a terse report may hold beside its verb: function words and -ly adverbs ("I literally snorted"). */
const isFiller = (w: string) => isStopword(w) || /^\p{L}{3,}ly$/u.test(w);

/**
 * A short first-person clause of any laughter word of the category, the hyponyms whose first sense is
 * something else included, with function words only: "I snorted.", "We howled.", "I actually cackled."
 * (not "We'll howl at the moon", which holds a content word).
 */
function isTerseReport(clause: string, c: Compiled): boolean {
  const rest = clause.replace(new RegExp(c.anyLaugh.source, "giv"), " \u0000 ");
  if (rest === clause) return false;
  const words = rest.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  if (words.length + 1 > TERSE_WORDS || words.some((w) => NEGATION.test(w))) return false;
  return words.some(isFirstPerson) && words.every((w) => isFirstPerson(w) || isFiller(w));
}

/** A short clause of a verb that overwhelms with hilarity, its object "me" or "us", with function words only: "Okay, that got me.", "You're killing me". */
function isOverwhelmedReport(clause: string, c: Compiled): boolean {
  const words = clause.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  if (words.length > TERSE_WORDS || words.some((w) => NEGATION.test(w))) return false;
  const verb = words.findIndex((w, i) => c.overwhelm.has(lemma(w)) && OBJECT_PERSON.test(words[i + 1] ?? ""));
  return verb >= 0 && words.every((w, i) => i === verb || isFiller(w));
}

/** Words before a laughter verb that make the clause a question, an order, a modal or the partner's laughter, not narration. */
const NOT_NARRATION = /^(?:you|you['’](?:re|ll|d|ve)|are|is|am|do|does|did|why|what|how|can|could|will|would|gonna|makes?|made|let|stop|don['’]t)$/u;
/** "crack(s) up" narrated ("break up" is as often the end of a relationship or a phone line). */
const PHRASAL_NARRATED = /(?<![\p{L}])(?:crack|cracks|cracked|cracking)\s+up(?![\p{L}])/iu;
/** At most this many words before the laughter word of a narrated clause ("The whole room cracks up"). */
const SUBJECT_WORDS = 3;

/**
 * A short clause narrating laughter: a subject of at most three words, a word of laughter itself (the
 * roots' words and derivations, not the hyponyms whose first sense is something else: "The wolves howled"
 * is no laughter), and function words or -ly adverbs only after it: "She laughs.", "Everyone laughed.",
 * "The whole room cracks up."
 */
function isNarrated(clause: string, c: Compiled): boolean {
  const m = new RegExp(c.reported.source, "iv").exec(clause) ?? new RegExp(PHRASAL_NARRATED.source, "iu").exec(clause);
  if (!m) return false;
  const before =
    clause
      .slice(0, m.index)
      .toLowerCase()
      .match(/[\p{L}\p{N}'’]+/gu) ?? [];
  const after =
    clause
      .slice(m.index + m[0].length)
      .toLowerCase()
      .match(/[\p{L}\p{N}'’]+/gu) ?? [];
  // a subject and a finite verb ("laughs", "laughed", "cracks up"); not "Stop giggling", "Why are you giggling", "makes her laugh"
  if (before.length === 0 || !/(?:s|ed)$/u.test(m[0].split(/\s/u)[0]) || before.some((w) => NOT_NARRATION.test(w))) return false;
  if (before.length > SUBJECT_WORDS || before.length + after.length + 1 > TERSE_WORDS) return false;
  return ![...before, ...after].some((w) => NEGATION.test(w)) && after.every(isFiller);
}

/**
 * The hyperbole of being overcome by laughter: a terse clause of an overcome word (dying, dead, crying,
 * wheezing) with a first-person pronoun, function words and -ly adverbs only ("I'm dead.", "I can't
 * breathe.", "Literally dying."); negation is part of the idiom here.
 */
function isOvercome(clause: string, c: Compiled): boolean {
  const words = clause.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
  if (words.length === 0 || words.length > TERSE_WORDS - 1) return false;
  // a form in -s is no first-person verb ("I like your pants")
  const at = words.findIndex((w) => c.overcome.has(w) && !/[^s]s$/u.test(w));
  // the first person as subject, now ("I'm dead", "I died"; not "I was screaming", "You yelled at me"), or
  // the bare progressive ("Dying.", "Literally crying."); not "You're dead."
  const subject = words.some((w) => FIRST_SUBJECT.test(w)) && !words.some((w) => PAST_AUXILIARY.test(w));
  if (at < 0 || !(subject || (words[at].endsWith("ing") && words.every((w, i) => i === at || /^\p{L}{3,}ly$/u.test(w))))) return false;
  if (BREATH.test(words[at]) !== words.some((w) => NEGATION.test(w))) return false;
  return words.every((w, i) => i === at || isFirstPerson(w) || isFiller(w) || NEGATION.test(w));
}

/** Negated ability ("can't", "cannot", "can not", "cant"), as one word or two. */
const NEGATED_ABILITY = /^(?:can['’]?t|cannot)$/u;
/** Function words that are verbs (auxiliaries, copulas, light verbs): after a negated modal they are the verb it governs ("I can't do it"). */
const FUNCTION_VERB = /^(?:am|are|is|was|were|be|been|being|do|does|did|doing|done|have|has|had|having|get|got|go|going|gonna|wanna|let['’]s|like|will|would|shall|should|may|might|must|ought|can|could)$/u;

/**
 * The other half of being overcome: ability given up with its verb left out, a terse first-person clause
 * of a negated modal and no verb after it ("I can't even.", "I literally cannot.", "We can't with you.",
 * "Can't even."). Plain "I can't." stays an answer (to "Can you come Friday?"): the clause needs words
 * after the modal that are not verbs ("even", "with you", "right now") or an -ly intensifier before it.
 */
function isAbilityGivenUp(words: readonly string[]): boolean {
  if (words.length === 0 || words.length > TERSE_WORDS - 1) return false;
  let at = words.findIndex((w) => NEGATED_ABILITY.test(w));
  let width = 1;
  if (at < 0) {
    at = words.findIndex((w, i) => w === "can" && words[i + 1] === "not");
    width = 2;
  }
  if (at < 0) return false;
  const before = words.slice(0, at);
  const after = words.slice(at + width);
  if (!before.every((w) => FIRST_SUBJECT.test(w) || /^\p{L}{3,}ly$/u.test(w) || w === "just")) return false;
  if (before.length > 0 && !before.some((w) => FIRST_SUBJECT.test(w))) return false;
  if (!after.every((w) => isFiller(w) && !FUNCTION_VERB.test(w) && !NEGATION.test(w))) return false;
  return after.length > 0 || before.some((w) => /^\p{L}{3,}ly$/u.test(w));
}

/** Whether a clause at `start` opens a sentence (nothing but spaces and quotation marks after the last sentence end). */
const opensSentence = (text: string, start: number): boolean => /(?:^|[.!?…\n])[\s"“”'‘’]*$/u.test(text.slice(Math.max(0, start - 40), start));

/** A bare plea to stop, the amused "Stop it." / "Oh stop.", as a sentence of its own: "stop" with function words only, at most three words. */
function isStopPlea(words: readonly string[]): boolean {
  return words.length <= 3 && words.includes("stop") && words.every((w) => w === "stop" || (isStopword(w) && !FUNCTION_VERB.test(w) && !NEGATION.test(w) && !isFirstPerson(w)));
}

const FIRST_SUBJECT = /^(?:i|i['’](?:m|d|ve|ll)|we|we['’](?:re|d|ve|ll))$/u;
/** Narration of the past ("I was screaming", "we were dying to know") is no reaction. */
const PAST_AUXILIARY = /^(?:was|were|had|been|and|when|then|about|going|gonna|would|will|i['’]ll|we['’]ll|i['’]d|we['’]d|how|like|love|your)$/u;
/** Breathing is hyperbole only when it fails ("I can't breathe"); the others only when it does not ("I'm not crying"). */
const BREATH = /^breath/u;

/** Each clause of the text (split at clause punctuation and run-on capitals) with its offset. */
function clauses(text: string): { start: number; part: string }[] {
  const out: { start: number; part: string }[] = [];
  for (const m of text.matchAll(CLAUSE)) {
    let offset = m.index;
    for (const part of m[0].split(RUN_ON)) {
      out.push({ start: offset, part });
      offset += part.length;
    }
  }
  return out;
}

/** A clause as a cue: from its first letter or digit to its last (a quotation mark or bracket beside it stays). */
const clauseCue = (start: number, part: string, kind: LaughterCueKind): LaughterCue => {
  const lead = part.search(/[\p{L}\p{N}]/u);
  const end = part.length - (/[^\p{L}\p{N}'’]*$/u.exec(part)?.[0].length ?? 0);
  return { start: start + lead, end: start + end, text: part.slice(lead, end), kind };
};

/** First-person clauses that report amusement ("That made me laugh", "I'd laugh"), span = the clause. */
function reports(text: string, reported: RegExp, amusing: ReadonlySet<string>, c: Compiled): LaughterCue[] {
  const out: LaughterCue[] = [];
  for (const m of text.matchAll(CLAUSE)) {
    let offset = m.index;
    for (const part of m[0].split(RUN_ON)) {
      const start = offset;
      offset += part.length;
      if (!/\p{L}/u.test(part)) continue;
      if (isAmusedReaction(part, amusing) || isTerseReport(part, c) || isOverwhelmedReport(part, c) || isNarrated(part, c)) {
        out.push(clauseCue(start, part, "report"));
        continue;
      }
      const persons = [...part.matchAll(new RegExp(FIRST_PERSON.source, "giu"))];
      const laughs = [...part.matchAll(new RegExp(reported.source, "giv")), ...part.matchAll(new RegExp(PHRASAL_REPORT.source, "giu"))];
      const near = persons.some((p) =>
        laughs.some((l) => {
          const [a, b] = p.index < l.index ? [p.index + p[0].length, l.index] : [l.index + l[0].length, p.index];
          return wordsBetween(part, a, b) <= REPORT_REACH || (l.index <= p.index && p.index < l.index + l[0].length);
        }),
      );
      if (near) out.push(clauseCue(start, part, "report"));
    }
  }
  return out;
}

/**
 * Every laughter or amusement cue in the text, left to right, non-overlapping (where two overlap, the
 * one that starts first, then the longer, is kept): detectLaughter("Sure. ∗chuckles∗") →
 * [{ start: 6, end: 16, text: "∗chuckles∗", kind: "action" }].
 */
export function detectLaughter(text: string): LaughterCue[] {
  const c = compile();
  const found = [...cuesIn(text, c), ...spelledOut(text, c), ...reversed(text, c)].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: LaughterCue[] = [];
  for (const cue of found) if (kept.length === 0 || cue.start >= kept[kept.length - 1].end) kept.push(cue);
  return kept;
}

/** The cues of every kind as written (before spelled-out and reversed forms are read). */
function cuesIn(text: string, c: Compiled): LaughterCue[] {
  const actions = matches(c.action, text, "action");
  return [
    ...actions,
    // an action is one cue: its laughter word does not make the clause around it a report ("*laughs* Could I …")
    ...reports(masked(text, actions), c.reported, c.amusing, c),
    ...matches(c.word, text, "word"),
    ...matches(c.emoji, text, "emoji"),
    ...matches(c.emoticon, text, "emoticon"),
    ...matches(c.reaction, text, "reaction"),
    ...findLaughter(text, c.vocab).map((s) => ({ start: s.start, end: s.end, text: s.text, kind: "vocab" as const })),
    ...formCues(text, c),
  ];
}

/** The text with the spans blanked (same length, so offsets hold). */
const masked = (text: string, spans: readonly LaughterCue[]) => spans.reduce((t, s) => t.slice(0, s.start) + " ".repeat(s.end - s.start) + t.slice(s.end), text);

/** A token: letters with their marks and digits (leetspeak), not inside a longer word. */
const TOKEN = /(?<![\p{L}\p{M}\p{N}_'’])[\p{L}\p{M}\p{N}]+(?![\p{L}\p{M}\p{N}_'’])/gu;

/** Laughter by its form (laughter/form.ts), and laughter of the other kinds written with digits for letters ("l0l", "h4h4"). */
function formCues(text: string, c: Compiled): LaughterCue[] {
  const out: LaughterCue[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0];
    const leet = /\p{L}/u.test(token) && /\p{N}/u.test(token);
    if (isLaughterForm(token) || (leet && isLaughterWord(unleet(token), c))) out.push({ start: m.index, end: m.index + token.length, text: token, kind: "form" });
  }
  return out;
}

/**
 * Decorations the strip removes beside laughter (not counted as laughter by the guards): every emoji
 * (Extended_Pictographic with its selectors, skin tones and ZWJ joins), emoticons of ordinary
 * punctuation, non-word vocalizations, and the hyperbole of being overcome, as a terse clause or between
 * delimiters.
 */
export function decorations(text: string): LaughterCue[] {
  const c = compile();
  const out = [...matches(EMOJI_SEQUENCE, text, "decoration"), ...matches(PLAIN_EMOTICON, text, "decoration"), ...matches(c.overcomeAction, text, "decoration")];
  for (const m of text.matchAll(TOKEN)) if (isVocalization(m[0])) out.push({ start: m.index, end: m.index + m[0].length, text: m[0], kind: "decoration" });
  for (const { start, part } of clauses(text)) {
    if (!/\p{L}/u.test(part)) continue;
    const words = part.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
    if (isOvercome(part, c) || isAbilityGivenUp(words) || (isStopPlea(words) && opensSentence(text, start))) out.push(clauseCue(start, part, "decoration"));
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Any emoji: a pictograph, a regional indicator pair or a keycap, with selectors, skin tones and ZWJ joins, repeated. */
const EMOJI_SEQUENCE = /(?:(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3)[\uFE0E\uFE0F]?[\u{1F3FB}-\u{1F3FF}]?(?:\u200D\p{Extended_Pictographic}[\uFE0E\uFE0F]?[\u{1F3FB}-\u{1F3FF}]?)*)+/gu;

/**
 * An emoticon of ordinary punctuation, which the faces' rule leaves to prose (":-]", "=]", "x)", "B)",
 * ";P", ":b", "c:", ":3c"): a whitespace-delimited token of eyes (a colon, semicolon or equals sign, or
 * one letter before a bracket), an optional nose, and a mouth of at most two characters, or such a face
 * mirrored. Not at a line's start (a list marker, "b)"), and not between digits (a time or ratio).
 */
const PLAIN_EMOTICON = /(?:(?<=^|\s)[>}\]]?[:;=][-^'o~]?[\p{L}\p{N}()[\]{}|\\/<>*@$&]{1,2}|(?<=\S[^\S\n]+)(?:[xXB8][-^]?[)(\][]{1,2}|[\p{L}()[\]<>][-^]?[:;=]<?))(?=\s|$)/gu;

/** Whether the whole of `word` is one laughter cue ("lol", "hahaha", "teehee"). */
function isLaughterWord(word: string, c: Compiled): boolean {
  return cuesIn(word, c).some((cue) => cue.start === 0 && cue.end === word.length);
}

/** Letters spaced or dotted apart ("h a h a", "L.O.L.", "h-a-h-a"), or short syllables spaced apart ("he he he", "tee hee"). */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:[ .\-·•_*~]+\p{L}(?![\p{L}\p{N}])){2,}\.?/gu;
const SPACED_SYLLABLES = /(?<![\p{L}\p{N}])\p{L}{1,4}(?:[ \-‐‑–]+\p{L}{1,4}(?![\p{L}\p{N}]))+/gu;
/** Longest run of spaced pieces tried as one word. */
const MAX_PIECES = 12;

/** Pieces written as one word would be: all in capitals, or none but the first capitalized ("HA HA", "Hue hue"; not "haha Ah"). */
const oneCaseStyle = (pieces: readonly string[]) => pieces.every((p) => p === p.toUpperCase()) || pieces.slice(1).every((p) => p === p.toLowerCase());

/** One common-English word of three letters or more said again ("Hey hey", "bye bye") is that word, not laughter. */
const repeatedWord = (pieces: readonly string[], c: Compiled) =>
  pieces.length > 1 &&
  pieces.every((p) => p.toLowerCase() === pieces[0].toLowerCase()) &&
  (isCommonEnglish(pieces[0]) || isEnglishWord(pieces[0].toLowerCase())) &&
  // unless the internet vocabulary spells laughter so ("he he" → "hehe")
  !findLaughter(pieces[0] + pieces[0], c.vocab).some((s) => s.start === 0 && s.end === 2 * pieces[0].length);

/** Laughter written with its letters or syllables apart: the pieces, joined, are one laughter word. */
function spelledOut(text: string, c: Compiled): LaughterCue[] {
  const out: LaughterCue[] = [];
  for (const re of [SPACED_LETTERS, SPACED_SYLLABLES]) {
    for (const m of text.matchAll(re)) {
      const pieces = [...m[0].matchAll(/\p{L}+/gu)].map((p) => ({ start: m.index + p.index, end: m.index + p.index + p[0].length, text: p[0] }));
      // the longest run of whole pieces that reads as one laughter word, left to right
      for (let i = 0; i < pieces.length; ) {
        let end = -1;
        for (let j = Math.min(pieces.length, i + MAX_PIECES) - 1; j > i && end < 0; j--) {
          if (
            oneCaseStyle(pieces.slice(i, j + 1).map((p) => p.text)) &&
            !leadIsWord(pieces.slice(i, j + 1).map((p) => p.text)) &&
            !repeatedWord(
              pieces.slice(i, j + 1).map((p) => p.text),
              c,
            ) &&
            isLaughterWord(
              pieces
                .slice(i, j + 1)
                .map((p) => p.text)
                .join(""),
              c,
            )
          )
            end = j;
        }
        if (end < 0) {
          i++;
          continue;
        }
        out.push({ start: pieces[i].start, end: pieces[end].end, text: text.slice(pieces[i].start, pieces[end].end), kind: "vocab" });
        i = end + 1;
      }
    }
  }
  return out;
}

/**
 * Laughter written backwards ("ahah", "ahahah"): a word of four letters or more that changes letter at
 * least three times and holds each letter at least twice (a repeated syllable, not "Aaaahh"), whose
 * reversal is laughter.
 */
function reversed(text: string, c: Compiled): LaughterCue[] {
  const out: LaughterCue[] = [];
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])\p{L}{4,}(?![\p{L}\p{N}])/gu)) {
    const letters = [...m[0].toLowerCase()];
    if (letters.some((l) => letters.indexOf(l) === letters.lastIndexOf(l))) continue;
    if (letters.filter((l, i) => i > 0 && l !== letters[i - 1]).length < 3) continue;
    const backwards = [...m[0]].reverse().join("");
    if (backwards !== m[0] && isLaughterWord(backwards, c)) out.push({ start: m.index, end: m.index + m[0].length, text: m[0], kind: "vocab" });
  }
  return out;
}

export function hasLaughter(text: string): boolean {
  return detectLaughter(text).length > 0;
}

/**
 * The text without its laughter cues, tidied as the vocabulary strip tidies (empty delimiters go too,
 * and so does the punctuation of a cue that ends the text: "Done by 11 chuckles." → "Done by 11").
 */
export function stripLaughterByMeaning(text: string): StrippedLaughter {
  const cues = mergeSpans(mergeSpans(detectLaughter(text), symbolRuns(text)), decorations(text));
  const last = cues[cues.length - 1];
  if (last) {
    const rest = /^[\s.!?…,;:]*$/u.exec(text.slice(last.end));
    if (rest) cues[cues.length - 1] = { ...last, end: text.length };
  }
  return stripSpans(text, cues, true);
}

/** Sentence punctuation, quotation marks, dashes and brackets: the punctuation prose is written with. */
const ORDINARY_PUNCTUATION = new Set([..."., !?;:…'\"‘’“”«»‹›-‐‑‒–—―()[]{}/"]);

/** A character of Unicode's punctuation (P*) or symbol (S*) categories that prose is not written with. */
const isFaceMark = (ch: string): boolean => /[\p{P}\p{S}]/u.test(ch) && !ORDINARY_PUNCTUATION.has(ch);

/**
 * Faces and marks made of punctuation and symbols (issue 36, third round): kaomoji and emoticons that no
 * annotation lists ("^_^", "^^", "-_-", "o_O", "(＾▽＾)", "¯\_(ツ)_/¯") raised C by up to +0.010. Closed by
 * Unicode general category, not a list: a whitespace-delimited token with no digit and no two letters
 * in a row that holds a punctuation or symbol character other than ordinary sentence punctuation
 * (ORDINARY_PUNCTUATION), and, inside a longer token, a run of punctuation and symbol characters
 * holding two such ("great^_^"; not "10%."). The strip removes them like laughter; the screens do not read them.
 */
export function symbolRuns(text: string): LaughterCue[] {
  const out: LaughterCue[] = [];
  for (const m of text.matchAll(/\S+/gu)) {
    const token = m[0];
    if (!/\p{N}|\p{L}\p{M}*\p{L}/u.test(token) && [...token].some(isFaceMark)) {
      out.push({ start: m.index, end: m.index + token.length, text: token, kind: "emoticon" });
      continue;
    }
    for (const r of token.matchAll(/[\p{P}\p{S}]{2,}/gu)) {
      if ([...r[0]].filter(isFaceMark).length >= 2) out.push({ start: m.index + r.index, end: m.index + r.index + r[0].length, text: r[0], kind: "emoticon" });
    }
  }
  return out;
}

/** Two sorted lists of spans as one, a span overlapping an earlier one dropped. */
function mergeSpans(a: readonly LaughterCue[], b: readonly LaughterCue[]): LaughterCue[] {
  const all = [...a, ...b].sort((x, y) => x.start - y.start || y.end - x.end);
  const kept: LaughterCue[] = [];
  for (const cue of all) if (kept.length === 0 || cue.start >= kept[kept.length - 1].end) kept.push(cue);
  return kept;
}
