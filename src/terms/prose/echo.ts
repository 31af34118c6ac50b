// Echo detection (SPEC §7, seed 002): does the reply's dialogue, or a short italic thought, copy the
// user's last message? Before matching, stutters ("I-I") and stretched letters ("sooo") collapse,
// contractions expand, and "I"/"you" (me/my/your, am/are) are treated alike, so "You're crazy" echoed
// as "I'm crazy?" still counts. Character names, titles, lines the user asked for and stock replies
// ("I love you too") are ignored. Each hit is typed so only the types a model overuses are penalized.
// Hardened (the default; the seed preset turns both off): the content word that makes a partial echo
// distinctive may not be one of the everyday verbs of stock phrases ("I don't know either" does not
// echo "I don't know what to do"), and an inverted question is read in statement order, so the
// thought *Am I a coward?* echoes "You're a coward."
import { splitDialogue } from "../../text/dialogue.js";
import { isStopword } from "../../text/stopwords.js";
import { buildEchoIndex, mayEcho, mayEchoNamed, type EchoIndex } from "./echo-index.js";
import { droppedNameEnd, mayStartName, tokensOf, type Tokens } from "./echo-tokens.js";

export const ECHO_TYPES = ["verbatim", "question_back", "pronoun_flipped", "partial", "italic_thought"] as const;
export type EchoType = (typeof ECHO_TYPES)[number];

/** Italic spans longer than this are narration in italics, not a thought. */
export const MAX_THOUGHT_WORDS = 15;
const MIN_PARTIAL_RUN = 3;

export interface EchoOptions {
  /** A partial echo needs a content word other than a stock-phrase verb (seed: any content word). */
  distinctivePartial: boolean;
  /** Read "Am I …?" as "I am …" before matching (seed: off). */
  inverted: boolean;
}

export const HARDENED_ECHO_OPTIONS: EchoOptions = { distinctivePartial: true, inverted: true };
export const SEED_ECHO_OPTIONS: EchoOptions = { distinctivePartial: false, inverted: false };

/** Verbs of everyday stock phrases ("I don't know", "I want to go", "I mean"): sharing one is not an echo. */
const STOCK_VERBS = new Set("know knew think thought want wanted mean meant see saw go went get got say said like feel felt need guess care believe remember understand let look come take make tell".split(" "));

const SUBJECTS = new Set(["P", "he", "she", "it", "we", "they"]);
/** Auxiliaries that open an inverted question ("Am I", "Are you", "Did I"), as they read after unifying. */
const INVERTING = new Set(["BE", "is", "was", "were", "do", "does", "did", "can", "could", "will", "would", "shall", "should", "have", "has", "had"]);

export interface EchoHit {
  type: EchoType;
  /** The reply's line that echoes. */
  line: string;
}

const STOCK_REPLIES = [
  "i love you too",
  "i love you",
  "me too",
  "you too",
  "thank you",
  "thanks",
  "good night",
  "good morning",
  "goodbye",
  "hello",
  "hi",
  "yes",
  "no",
  "okay",
  "ok",
  "sure",
  "of course",
  "i know",
  "i am sorry",
  "sorry",
  "i miss you too",
  "i miss you",
  "what",
  "really",
  "why",
  "how",
  "please",
  "wait",
  "stop",
  "come here",
];

/** Lower-case, drop names and titles, collapse stutters and stretched letters, expand contractions. */
export function normalizeLine(line: string, extraNames: ReadonlySet<string> = new Set()): Tokens {
  return tokensOf(normalizedText(line), extraNames);
}

/** The line lower-cased, names dropped, stutters and stretched letters collapsed: what tokensOf reads. */
function normalizedText(line: string): string {
  let s = line.includes("’") || line.includes("‘") ? line.replace(/[’‘]/g, "'") : line;
  // Names: capitalized words that do not start a sentence, and a sentence-initial one addressed with
  // a comma ("Elena, go home") unless it is a common word ("Well, …"); "I" is never a name.
  s = dropNames(s).toLowerCase();
  // Each rewrite below needs its mark in the line: skipping it when absent changes nothing.
  if (s.includes("-")) s = s.replace(/\b([a-z]{1,3})-(?=\1)/g, "");
  if (hasTripleLetter(s)) s = s.replace(/([a-z])\1{2,}/g, "$1");
  return s;
}

/** `s.replace(/\b[A-Z][a-z]+\b/g, …)` dropping names (echo-tokens.ts droppedNameEnd), each replaced by a space. */
export function dropNames(s: string): string {
  let out = "";
  let last = 0;
  const len = s.length;
  for (let p = 0; p < len; p++) {
    if (!mayStartName(s, p)) continue;
    const q = droppedNameEnd(s, p);
    if (q < 0) continue;
    out += s.slice(last, p) + " ";
    last = q;
    p = q - 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** Three of one letter a–z in a row (what `([a-z])\1{2,}` needs to match). */
function hasTripleLetter(s: string): boolean {
  let run = 0;
  let prev = -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === prev && c >= 97 && c <= 122) {
      if (++run >= 3) return true;
    } else {
      run = 1;
      prev = c;
    }
  }
  return false;
}

const STOCK = new Set(STOCK_REPLIES.map((r) => normalizeLine(r).unified.join(" ")));

function containsRun(hay: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > hay.length) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

/** Longest common contiguous run that contains a content word (`distinctive`: not a stock-phrase verb). */
function longestDistinctiveRun(a: string[], b: string[], distinctive: boolean): number {
  let best = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      let k = 0;
      let content = false;
      while (i + k < a.length && j + k < b.length && a[i + k] === b[j + k]) {
        const w = a[i + k];
        if (!isStopword(w) && !(w in REVERSE_UNIFY) && !(distinctive && STOCK_VERBS.has(w))) content = true;
        k++;
        if (content && k > best) best = k;
      }
    }
  }
  return best;
}

/** An inverted question in statement order: [BE, P, a, coward] → [P, BE, a, coward]. */
function uninvert(unified: string[]): string[] | null {
  if (unified.length < 3 || !INVERTING.has(unified[0]) || !SUBJECTS.has(unified[1])) return null;
  return [unified[1], unified[0], ...unified.slice(2)];
}
const REVERSE_UNIFY: Record<string, true> = { P: true, PP: true, PPS: true, PR: true, BE: true };

/** Strong match: one side contains the other and covers most of the user's sentence. */
function strongMatch(reply: string[], user: string[]): boolean {
  if (user.length >= 2 && containsRun(reply, user)) return true;
  return reply.length >= 3 && containsRun(user, reply) && reply.length >= 0.6 * user.length;
}

/** Lines the user asked the character to say: `say "X"`, `tell me "X"`, `repeat after me: X`. */
export function requestedLines(userMessage: string): string[] {
  const out: string[] = [];
  const re = /\b(?:say|says|tell me|repeat(?: after me)?|call me|whisper|scream|shout|answer)\b[^"“\n]{0,20}["“]([^"”\n]+)["”]/gi;
  for (const m of userMessage.matchAll(re)) out.push(m[1]);
  return out;
}

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?…])\s+|\n+/).filter((s) => s.trim().length > 0);
}

export interface Segment {
  line: string;
  italic: boolean;
}

/** Dialogue sentences and short italic spans of a reply, via src/text's dialogue splitter. */
export function replySegments(reply: string): Segment[] {
  const split = splitDialogue(reply);
  const segments: Segment[] = [];
  for (const d of split.dialogue) for (const s of sentencesOf(d)) segments.push({ line: s, italic: false });
  for (const t of split.italics) {
    if (t.split(/\s+/).length <= MAX_THOUGHT_WORDS && !split.dialogue.includes(t)) segments.push({ line: t, italic: true });
  }
  return segments;
}

export function findEchoes(reply: string, userMessage: string, names: ReadonlySet<string> = new Set(), options: EchoOptions = HARDENED_ECHO_OPTIONS): EchoHit[] {
  if (!userMessage.trim()) return [];
  return findEchoesIn(replySegments(reply), userMessage, names, options);
}

export function findEchoesIn(segments: Segment[], userMessage: string, names: ReadonlySet<string> = new Set(), options: EchoOptions = HARDENED_ECHO_OPTIONS): EchoHit[] {
  if (!userMessage.trim() || segments.length === 0) return [];
  return findEchoesFor(segments, echoUser(userMessage, names), options);
}

/** The user's side of the matching, normalized once (a message many rows answer needs it once). */
export interface EchoUser {
  lines: Tokens[];
  all: Tokens;
  /** Lines the user asked for, normalized and joined (distinct, none empty). */
  requested: string[];
  /** Names left out of both sides. */
  names: ReadonlySet<string>;
  /** The words of `all.unified`. */
  allWords: ReadonlySet<string>;
  /** Word pairs and triples that rule most lines out before matching (null: match every line). */
  index: EchoIndex | null;
}

export function echoUser(userMessage: string, names: ReadonlySet<string> = new Set()): EchoUser {
  const lines = sentencesOf(userMessage)
    .map((s) => normalizeLine(s, names))
    .filter((t) => t.raw.length > 0);
  const all = normalizeLine(userMessage, names);
  const requested = [...new Set(requestedLines(userMessage).map((l) => normalizeLine(l, names).unified.join(" ")))].filter((r) => r.length > 0);
  const index = buildEchoIndex([...lines.map((t) => t.raw), ...lines.map((t) => t.unified)], all.unified, names);
  return { lines, all, requested, names, allWords: new Set(all.unified), index };
}

/** findEchoesIn with the user's side already normalized (echoUser); the message must not be blank. */
export function findEchoesFor(segments: Segment[], user: EchoUser, options: EchoOptions = HARDENED_ECHO_OPTIONS): EchoHit[] {
  const hits: EchoHit[] = [];
  for (const seg of segments) {
    // Most lines are ruled out before they are normalized (no lower-cased copy); the rest after.
    const early = user.index !== null ? mayEchoNamed(user.index, seg.line, options.inverted) : null;
    if (early === false) continue;
    const text = normalizedText(seg.line);
    if (early === null && user.index !== null && !text.includes("_") && !mayEcho(user.index, text, options.inverted)) continue;
    const tokens = tokensOf(text, user.names);
    if (tokens.raw.length < 2) continue;
    const key = tokens.unified.join(" ");
    if (STOCK.has(key) || user.requested.some((r) => key.includes(r))) continue;
    const type = classify(seg.line, tokens, user, options);
    if (type) hits.push({ type: seg.italic ? "italic_thought" : type, line: seg.line });
  }
  return hits;
}

function classify(line: string, t: Tokens, user: EchoUser, options: EchoOptions): Exclude<EchoType, "italic_thought"> | null {
  const userLines = user.lines;
  if (userLines.some((u) => strongMatch(t.raw, u.raw))) return "verbatim";
  const question = /\?\s*["”]?\s*$/.test(line.trim());
  const statement = options.inverted && question ? uninvert(t.unified) : null;
  const unifiedMatch = userLines.some((u) => strongMatch(t.unified, u.unified) || (statement !== null && strongMatch(statement, u.unified)));
  if (unifiedMatch && question) return "question_back";
  if (unifiedMatch) return "pronoun_flipped";
  // A common run of k words needs k of the line's words among the user's: count them before the run search.
  if (wordsIn(t.unified, user.allWords) >= MIN_PARTIAL_RUN && longestDistinctiveRun(t.unified, user.all.unified, options.distinctivePartial) >= MIN_PARTIAL_RUN) return "partial";
  return null;
}

function wordsIn(words: string[], set: ReadonlySet<string>): number {
  let k = 0;
  for (const w of words) if (set.has(w)) k++;
  return k;
}

/** The user's last message from a bank row's prompt (a string, or chat messages). */
export function lastUserMessage(prompt: unknown): string {
  if (typeof prompt === "string") return prompt;
  if (Array.isArray(prompt)) {
    for (let i = prompt.length - 1; i >= 0; i--) {
      const m = prompt[i] as { role?: unknown; content?: unknown };
      if (m && m.role === "user" && typeof m.content === "string") return m.content;
    }
  }
  return "";
}

export interface EchoPenalties {
  [type: string]: number;
}

/** Multiplies (1 − penalty) over the hits whose type is penalized. */
export function echoFactor(hits: EchoHit[], penalties: EchoPenalties): number {
  let f = 1;
  for (const h of hits) f *= 1 - (penalties[h.type] ?? 0);
  return f;
}
