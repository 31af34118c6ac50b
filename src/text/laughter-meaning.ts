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
//    dictionary lists.
// Callers read the reader's view of a text (src/text/reader-view.ts) before detecting, so invisible
// characters and look-alike letters cannot split a word.
import { readFileSync } from "node:fs";
import { hashOf } from "../core/hash.js";
import { findLaughter, stripSpans, type StrippedLaughter } from "./laughter/match.js";
import { loadLaughterVocab } from "./laughter/vocab.js";
import { once } from "../core/once.js";

export const LAUGHTER_MEANING_VERSION = "laughter-meaning-1";

export type LaughterCueKind = "word" | "action" | "emoji" | "emoticon" | "report" | "vocab";

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
}

export const MEANING_TABLE_URL = new URL("./laughter/meaning-table.json", import.meta.url);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const alternation = (forms: readonly string[]) =>
  [...forms]
    .sort((a, b) => b.length - a.length)
    .map((f) => escape(f).replace(/ /g, "\\s+"))
    .join("|");

const NOT_WORD_BEFORE = "(?<![\\p{L}\\p{N}_])";
const NOT_WORD_AFTER = "(?![\\p{L}\\p{N}_])";
/** A delimiter: any punctuation or symbol but quotation marks, apostrophes and sentence punctuation. */
export const DELIMITER = "[[\\p{P}\\p{S}]--[\\p{Quotation_Mark}.,!?;:\\-…'’]]";
/** Other words allowed inside the delimiters beside the laughter word ("*laughs softly*", "[audience laughter]"). */
const INSIDE = "[\\p{L}\\p{M}'’ \\-]{0,30}?";
const FIRST_PERSON = /(?<![\p{L}'’])(?:i|i['’](?:m|d|ve|ll)|me|my|mine|myself|we|we['’](?:re|d|ve|ll)|us|our|ours|ourselves)(?![\p{L}'’])/iu;
/** "crack(s) me up", "break(s) us up": the phrasal verbs of the category with their object inside. */
const PHRASAL_REPORT = /(?<![\p{L}])(?:crack|cracks|cracked|cracking|break|breaks|broke|breaking)\s+(?:me|us)\s+up(?![\p{L}])/iu;
/** Clause boundaries inside a sentence: commas, semicolons, colons, dashes, and "but". */
const CLAUSE = /[^.!?…\n,;:—–]+|[.!?…\n,;:—–]+/gu;

interface Compiled {
  table: LaughterMeaningTable;
  word: RegExp;
  action: RegExp;
  reported: RegExp;
  emoji: RegExp;
  emoticon: RegExp;
}

function emoticonSource(e: string): string {
  // A nose may stand between eyes and mouth (":-D"), and the mouth may repeat (":DDD", "xDD").
  const withNose = /^[:;=8][^-]/.test(e) ? `${escape(e[0])}-?${escape(e.slice(1, -1))}` : escape(e.slice(0, -1));
  return `${withNose}${escape(e.slice(-1))}+`;
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
    emoji: new RegExp(`(?:${emoji.join("|")})\\uFE0F?[\\u{1F3FB}-\\u{1F3FF}]?`, "gu"),
    emoticon: new RegExp(`(?<![\\p{L}\\p{N}])(?:${table.emoticons.map(emoticonSource).join("|")})(?![\\p{L}\\p{N}])`, "gu"),
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

/** First-person clauses that report amusement ("That made me laugh", "I'd laugh"), span = the clause. */
function reports(text: string, reported: RegExp): LaughterCue[] {
  const out: LaughterCue[] = [];
  for (const m of text.matchAll(CLAUSE)) {
    let offset = m.index;
    for (const part of m[0].split(RUN_ON)) {
      const start = offset;
      offset += part.length;
      if (!/\p{L}/u.test(part)) continue;
      const persons = [...part.matchAll(new RegExp(FIRST_PERSON.source, "giu"))];
      const laughs = [...part.matchAll(new RegExp(reported.source, "giv")), ...part.matchAll(new RegExp(PHRASAL_REPORT.source, "giu"))];
      const near = persons.some((p) => laughs.some((l) => {
        const [a, b] = p.index < l.index ? [p.index + p[0].length, l.index] : [l.index + l[0].length, p.index];
        return wordsBetween(part, a, b) <= REPORT_REACH || (l.index <= p.index && p.index < l.index + l[0].length);
      }));
      if (!near) continue;
      const lead = part.length - part.trimStart().length;
      const body = part.trim();
      out.push({ start: start + lead, end: start + lead + body.length, text: body, kind: "report" });
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
  const vocab = findLaughter(text, loadLaughterVocab("v3")).map((s) => ({ start: s.start, end: s.end, text: s.text, kind: "vocab" as const }));
  const found = [
    ...matches(c.action, text, "action"),
    ...reports(text, c.reported),
    ...matches(c.word, text, "word"),
    ...matches(c.emoji, text, "emoji"),
    ...matches(c.emoticon, text, "emoticon"),
    ...vocab,
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: LaughterCue[] = [];
  for (const cue of found) if (kept.length === 0 || cue.start >= kept[kept.length - 1].end) kept.push(cue);
  return kept;
}

export function hasLaughter(text: string): boolean {
  return detectLaughter(text).length > 0;
}

const INVISIBLE = /(?!\u200D)\p{Default_Ignorable_Code_Point}/gu;
const ZWJ_OUTSIDE_EMOJI = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/**
 * What the detector reads until every caller reads the reader's view (src/text/reader-view.ts): NFC,
 * without default-ignorable characters (a ZWJ stays only inside an emoji sequence), so "chu\u200Dckles"
 * is "chuckles".
 */
export function laughterView(text: string): string {
  return text.normalize("NFC").replace(INVISIBLE, "").replace(ZWJ_OUTSIDE_EMOJI, "");
}

/**
 * The text without its laughter cues, tidied as the vocabulary strip tidies (empty delimiters go too,
 * and so does the punctuation of a cue that ends the text: "Done by 11 chuckles." → "Done by 11").
 */
export function stripLaughterByMeaning(text: string): StrippedLaughter {
  const cues = detectLaughter(text);
  const last = cues[cues.length - 1];
  if (last) {
    const rest = /^[\s.!?…,;:]*$/u.exec(text.slice(last.end));
    if (rest) cues[cues.length - 1] = { ...last, end: text.length };
  }
  return stripSpans(text, cues, true);
}
