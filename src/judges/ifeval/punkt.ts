// Sentence counting as IFEval's official checker does it: NLTK's Punkt tokenizer with its English
// model (Kiss & Strunk 2006). Candidate breaks are ".", "?" and "!" followed by punctuation or by
// whitespace and a token; a candidate is a break unless its token is a known abbreviation, an ellipsis,
// an initial or a number that the orthographic heuristic says does not end a sentence; closing quotes
// and brackets are moved back onto the sentence they close. Case alone never decides a break, so an
// all-lower-case answer splits like any other. The model's abbreviations, collocations and sentence
// starters and its orthographic table (where each word was seen upper or lower case) are
// data/punkt-english.json.gz. Written from the algorithm's description, not NLTK's code.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

interface PunktModel {
  abbreviations: string[];
  collocations: [string, string][];
  sentenceStarters: string[];
  orthographicContext: Record<string, string>;
}

const data = JSON.parse(gunzipSync(readFileSync(new URL("./data/punkt-english.json.gz", import.meta.url))).toString("utf8")) as PunktModel;
const ORTHO = new Map<string, number>();
for (const [flag, words] of Object.entries(data.orthographicContext)) for (const w of words.split(" ")) ORTHO.set(w, Number(flag));
const BEG_LC = 16;
const MID_UC = 4;
const UC = 2 | 4 | 8;
const LC = 16 | 32 | 64;
const ABBREVIATIONS = new Set(data.abbreviations);
const COLLOCATIONS = new Set(data.collocations.map(([a, b]) => `${a} ${b}`));
const SENT_STARTERS = new Set(data.sentenceStarters);

const NON_WORD = String.raw`(?:[)";}\]*:@'({\[?!])`;
const MULTI_CHAR = String.raw`(?:-{2,}|\.{2,}|(?:\.\s){2,}\.)`;
const WORD_START = String.raw`[^("\x60{\[:;&#*@)}\]\-,]`;
const WORD_RE = new RegExp(String.raw`${MULTI_CHAR}|(?=${WORD_START})\S+?(?=\s|$|${NON_WORD}|${MULTI_CHAR}|,(?=$|\s|${NON_WORD}|${MULTI_CHAR}))|\S`, "gu");
const PERIOD_CONTEXT_RE = new RegExp(String.raw`[.?!](?=(${NON_WORD}|\s+(\S+)))`, "gdu");
const REALIGN_RE = /^["')\]}]+?(?:\s+|(?=--)|$)/mu;
const NUMERIC_RE = /^-?[.,]?\d[\d,.-]*\.?$/u;
const INITIAL_RE = /^[\p{L}\p{M}_]\.$/u;
const ELLIPSIS_RE = /^\.\.+$/u;

interface Token {
  tok: string;
  type: string;
  sentbreak: boolean;
  abbr: boolean;
  ellipsis: boolean;
}

const isUpperChar = (ch: string) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();
const isLowerChar = (ch: string) => ch !== ch.toUpperCase() && ch === ch.toLowerCase();
const withoutPeriod = (type: string) => (type.length > 1 && type.endsWith(".") ? type.slice(0, -1) : type);
const typeNoSentPeriod = (t: Token) => (t.sentbreak ? withoutPeriod(t.type) : t.type);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const line of text.split("\n")) {
    for (const tok of line.match(WORD_RE) ?? []) {
      const token: Token = { tok, type: tok.toLowerCase().replace(NUMERIC_RE, "##number##"), sentbreak: false, abbr: false, ellipsis: false };
      if (tok === "." || tok === "?" || tok === "!") token.sentbreak = true;
      else if (ELLIPSIS_RE.test(tok)) token.ellipsis = true;
      else if (tok.endsWith(".") && !tok.endsWith("..")) {
        const stem = tok.slice(0, -1).toLowerCase();
        if (ABBREVIATIONS.has(stem) || ABBREVIATIONS.has(stem.split("-").at(-1)!)) token.abbr = true;
        else token.sentbreak = true;
      }
      tokens.push(token);
    }
  }
  return tokens;
}

/** Whether `next` starts a sentence, judged by the case it has here and the cases its word was seen in. */
function orthographic(next: Token): boolean | "unknown" {
  // Sentences do not start with punctuation.
  if (next.tok.length === 1 && ";:,.!?".includes(next.tok)) return false;
  const ortho = ORTHO.get(typeNoSentPeriod(next)) ?? 0;
  const first = next.tok[0];
  if (isUpperChar(first) && ortho & LC && !(ortho & MID_UC)) return true;
  if (isLowerChar(first) && (ortho & UC || !(ortho & BEG_LC))) return false;
  return "unknown";
}

function secondPass(tok: Token, next: Token): void {
  if (!tok.tok.endsWith(".")) return;
  const typ = withoutPeriod(tok.type);
  const nextType = typeNoSentPeriod(next);
  const initial = INITIAL_RE.test(tok.tok);
  if (COLLOCATIONS.has(`${typ} ${nextType}`)) {
    tok.sentbreak = false;
    tok.abbr = true;
    return;
  }
  if ((tok.abbr || tok.ellipsis) && !initial) {
    const starter = orthographic(next);
    if (starter === true || (isUpperChar(next.tok[0]) && SENT_STARTERS.has(nextType))) {
      tok.sentbreak = true;
      return;
    }
  }
  if (initial || typ === "##number##") {
    const starter = orthographic(next);
    if (starter === false || (starter === "unknown" && initial && isUpperChar(next.tok[0]) && !((ORTHO.get(nextType) ?? 0) & LC))) {
      tok.sentbreak = false;
      tok.abbr = true;
    }
  }
}

/** A break inside the context, on any token but the last. */
function containsBreak(context: string): boolean {
  const tokens = tokenize(context);
  for (let i = 0; i < tokens.length - 1; i++) {
    secondPass(tokens[i], tokens[i + 1]);
    if (tokens[i].sentbreak) return true;
  }
  return false;
}

interface Candidate {
  end: number;
  nextStart: number | null;
  context: string;
}

function lastAsciiSpace(s: string): number {
  for (let i = s.length - 1; i >= 0; i--) if (" \t\n\r\v\f".includes(s[i])) return i;
  return -1;
}

/** Candidate ends with the word before each, keeping only the rightmost of a run like "!!!". */
function candidates(text: string): Candidate[] {
  const out: Candidate[] = [];
  let prev: { match: RegExpExecArray; wordStart: number } | null = null;
  const emit = (p: { match: RegExpExecArray; wordStart: number }) =>
    out.push({
      end: p.match.index + 1,
      nextStart: p.match.indices![2]?.[0] ?? null,
      context: text.slice(p.wordStart, p.match.index) + p.match[0] + p.match[1],
    });
  for (const match of text.matchAll(PERIOD_CONTEXT_RE)) {
    const from: number = prev ? prev.match.index : 0;
    const before = text.slice(from, match.index);
    const lastSpace = lastAsciiSpace(before);
    // Punkt treats "no whitespace" and "whitespace at the very start" alike (index 0).
    const wordStart: number = lastSpace > 0 ? from + lastSpace + 1 : prev ? prev.wordStart : 0;
    if (prev && prev.match.index <= wordStart) emit(prev);
    prev = { match, wordStart };
  }
  if (prev) emit(prev);
  return out;
}

/** Sentences of `text` as NLTK's English Punkt splits them. */
export function splitSentences(text: string): string[] {
  const slices: [number, number][] = [];
  let lastBreak = 0;
  for (const c of candidates(text)) {
    if (!containsBreak(c.context)) continue;
    slices.push([lastBreak, c.end]);
    lastBreak = c.nextStart ?? c.end;
  }
  slices.push([lastBreak, text.trimEnd().length]);
  const sentences: string[] = [];
  let realign = 0;
  for (let i = 0; i < slices.length; i++) {
    const start = slices[i][0] + realign;
    const stop = slices[i][1];
    const next = slices[i + 1];
    if (!next) {
      if (stop > start) sentences.push(text.slice(start, stop));
      continue;
    }
    const m = REALIGN_RE.exec(text.slice(next[0], next[1]));
    if (m) {
      sentences.push(text.slice(start, next[0] + m[0].trimEnd().length));
      realign = m[0].length;
    } else {
      realign = 0;
      if (stop > start) sentences.push(text.slice(start, stop));
    }
  }
  return sentences;
}

export function countSentences(text: string): number {
  return splitSentences(text).length;
}
