// The user's word pairs and triples, to rule a reply line out before echo.ts matches it (issue 20):
// 19 of 20 dialogue lines share no run of words with the user, and normalizing a line into token
// strings cost more than the rest of echo. A line can echo only if (a) it holds the first two words of
// a user sentence (that sentence inside the line), (b) its own first two words are two neighbouring
// words of a user sentence (the line inside that sentence, 3 words or more), or (c) it shares three
// words in a row with the whole message (a partial echo's run). The screen reads the line's tokens as
// ids of the user's words straight off the normalized text, by echo-tokens.ts's rules, without making
// a string per token; only a line that passes is tokenized and matched, so the hits are the same.
import { droppedNameEnd, mayStartName, TITLES, tokenParts, UNIFY_KEYS, unify } from "./echo-tokens.js";

/** Word ids times the vocabulary size stay small integers up to this many distinct words. */
const MAX_VOCABULARY = 1 << 15;

export interface EchoIndex {
  ids: Map<unknown, number>;
  size: number;
  /** First two words of each user sentence (raw and unified forms), as a * size + b. */
  openings: Set<number>;
  /** Every two neighbouring words of each user sentence. */
  pairs: Set<number>;
  /** Every three neighbouring words of the whole message (unified): pair key → third ids. */
  triples: Map<number, Set<number>>;
  /** The words a token can be that matter to the screen: the user's, titles, names, unified ones. */
  words: WordTable;
  names: ReadonlySet<string>;
  /** Scratch for one line's ids, reused line after line: every screen fills what it reads. */
  line: LineIds;
  /** tokenParts' answers for the lines screened against this message. */
  parts: Map<string, readonly string[]>;
}

/** One line's token ids (raw and unified forms). */
class LineIds {
  raw = new Int32Array(256);
  unified = new Int32Array(256);
}

/**
 * `sentences`: each user sentence's raw and unified tokens; `whole`: the whole message's unified
 * tokens; `names`: the names left out of both sides. null when the message has too many distinct
 * words for the keys (every line is then matched).
 */
export function buildEchoIndex(sentences: readonly (readonly unknown[])[], whole: readonly unknown[], names: ReadonlySet<string>): EchoIndex | null {
  // Index loops and a look-up function of the module, not for…of and a closure made per call: this
  // runs for every user message, and its one optimized compile was among the largest of a run.
  const ids = new Map<unknown, number>();
  for (let s = 0; s < sentences.length; s++) addIds(ids, sentences[s]);
  addIds(ids, whole);
  const size = ids.size;
  if (size > MAX_VOCABULARY) return null;
  const openings = new Set<number>();
  const pairs = new Set<number>();
  for (let s = 0; s < sentences.length; s++) {
    const seq = sentences[s];
    if (seq.length >= 2) openings.add(idOf(ids, seq[0]) * size + idOf(ids, seq[1]));
    for (let k = 0; k + 1 < seq.length; k++) pairs.add(idOf(ids, seq[k]) * size + idOf(ids, seq[k + 1]));
  }
  const triples = new Map<number, Set<number>>();
  for (let k = 0; k + 2 < whole.length; k++) {
    const key = idOf(ids, whole[k]) * size + idOf(ids, whole[k + 1]);
    (triples.get(key) ?? triples.set(key, new Set()).get(key)!).add(idOf(ids, whole[k + 2]));
  }
  return { ids, size, openings, pairs, triples, words: wordTableOf(ids, names), names, line: new LineIds(), parts: new Map() };
}

/** Numbers the words of seq not numbered yet, in the order they come. */
function addIds(ids: Map<unknown, number>, seq: readonly unknown[]): void {
  for (let k = 0; k < seq.length; k++) if (!ids.has(seq[k])) ids.set(seq[k], ids.size);
}

function idOf(ids: Map<unknown, number>, w: unknown): number {
  return ids.get(w)!;
}

/** The words a token can be that matter to the screen, in the order they were always added: unify's keys, "constructor", titles, names, the user's words. */
function wordTableOf(ids: Map<unknown, number>, names: ReadonlySet<string>): WordTable {
  const words = new WordTable();
  const known = new Set<string>([...UNIFY_KEYS, "constructor", ...TITLES, ...names]);
  for (const w of ids.keys()) if (typeof w === "string") known.add(w);
  for (const w of known) words.add(w, ids.get(w) ?? -1, ids.get(unify(w)) ?? -1, TITLES.has(w) || names.has(w));
  return words;
}

/**
 * Whether a line may echo: false when it has fewer than two tokens, or when none of its id sequences
 * (raw, unified, and the two pairs an inverted question's statement order adds) meets (a) or (b) and
 * its unified ids fail (c). `s` is the line as echo.ts normalizedText gives it, with no "_".
 */
export function mayEcho(index: EchoIndex, s: string, inverted: boolean): boolean {
  return screen(index, s, inverted, false, false) === true;
}

/**
 * mayEcho on a line before it is normalized, with only its names dropped (echo.ts dropNames): the
 * tokens are read case-folded and with curly apostrophes as straight ones, which is what lower-casing
 * and the apostrophe rewrite do to them. null when the line holds what only the rewrites read right:
 * "_", "-" (stutters), three of a letter (stretched), or the two characters (U+0130, U+212A) whose
 * lower case is ASCII; such a line is normalized and screened as before.
 */
export function mayEchoRaw(index: EchoIndex, named: string, inverted: boolean): boolean | null {
  return screen(index, named, inverted, true, false);
}

/**
 * mayEchoRaw(index, dropNames(line), inverted), with the names read as the spaces dropNames puts in
 * their place while the tokens are read: no copy of the line, and one walk of it instead of two.
 */
export function mayEchoNamed(index: EchoIndex, line: string, inverted: boolean): boolean | null {
  return screen(index, line, inverted, true, true);
}

function screen(index: EchoIndex, s: string, inverted: boolean, raw: boolean, names: boolean): boolean | null {
  const n = lineIds(index, s, raw, names);
  const verdict = n === UNREADABLE ? null : n >= 2 && meets(index, n, inverted);
  // A very long line grew the scratch: drop it, so what stays between calls is small.
  if (index.line.raw.length > KEPT_IDS) index.line = new LineIds();
  return verdict;
}

/** The most token ids the scratch keeps between lines. */
const KEPT_IDS = 1 << 12;

function meets(index: EchoIndex, n: number, inverted: boolean): boolean {
  const { size, openings, pairs, triples } = index;
  const { raw: rawIds, unified: unifiedIds } = index.line;
  if (pairsMeet(rawIds, n, size, openings, pairs) || pairsMeet(unifiedIds, n, size, openings, pairs)) return true;
  if (inverted && n >= 3) {
    // [aux, subject, …] read as [subject, aux, …]: its new pairs are (subject, aux) and (aux, third).
    const a = unifiedIds[0];
    const b = unifiedIds[1];
    const c = unifiedIds[2];
    if (a >= 0 && b >= 0 && (openings.has(b * size + a) || pairs.has(b * size + a))) return true;
    if (a >= 0 && c >= 0 && openings.has(a * size + c)) return true;
  }
  for (let k = 0; k + 2 < n; k++) {
    const a = unifiedIds[k];
    const b = unifiedIds[k + 1];
    const c = unifiedIds[k + 2];
    if (a >= 0 && b >= 0 && c >= 0 && triples.get(a * size + b)?.has(c)) return true;
  }
  return false;
}

function pairsMeet(seq: Int32Array, n: number, size: number, openings: Set<number>, pairs: Set<number>): boolean {
  for (let k = 1; k < n; k++) {
    const a = seq[k - 1];
    const b = seq[k];
    if (a < 0 || b < 0) continue;
    const key = a * size + b;
    if (openings.has(key) || (k === 1 && n >= 3 && pairs.has(key))) return true;
  }
  return false;
}

const UNREADABLE = -1;

/**
 * The line's tokens (runs of a–z, 0–9 and "'", titles and names left out) as ids into index.line;
 * returns their number. Letters are read case-folded and ’ ‘ as "'"; with `raw`, UNREADABLE for a line
 * mayEchoRaw leaves to the rewrites; with `dropNames`, each name echo.ts dropNames drops reads as a space.
 */
function lineIds(index: EchoIndex, s: string, raw: boolean, dropNames: boolean): number {
  const { words, line } = index;
  let n = 0;
  const len = s.length;
  let p = 0;
  let prev = -1;
  let run = 0;
  while (p < len) {
    if (dropNames) {
      // A dropped name reads as the one space dropNames leaves: no token, and the letter run reset.
      const q = droppedNameAt(s, p);
      if (q >= 0) {
        prev = 32;
        p = q;
        continue;
      }
    }
    let c = fold(s.charCodeAt(p));
    if (raw && (c === 95 || c === 45 || c === 0x130 || c === 0x212a)) return UNREADABLE;
    if (!isTokenChar(c)) {
      prev = c;
      p++;
      continue;
    }
    const from = p;
    let apostrophe = false;
    let h = HASH_SEED;
    do {
      if (c === 39) apostrophe = true;
      else if (raw) {
        // Three of one letter in a row (hasTripleLetter on the lower-cased line).
        run = c === prev && c >= 97 ? run + 1 : 1;
        if (run >= 3) return UNREADABLE;
      }
      prev = c;
      h = Math.imul(h ^ c, HASH_STEP);
      c = ++p < len ? fold(s.charCodeAt(p)) : -1;
      // A name can start inside a token only after an apostrophe ("'Elena"): the token ends before it.
      if (dropNames && c >= 97 && c <= 122 && prev === 39 && droppedNameAt(s, p) >= 0) break;
    } while (isTokenChar(c));
    if (n + 8 > line.raw.length) grow(line);
    if (apostrophe) {
      n = apostropheIds(index, s.slice(from, p), raw, n);
      continue;
    }
    const e = words.find(h, s, from, p);
    if (e < 0) {
      line.raw[n] = -1;
      line.unified[n] = -1;
      n++;
    } else if (!words.dropped[e]) {
      line.raw[n] = words.rawId[e];
      line.unified[n] = words.unifiedId[e];
      n++;
    }
  }
  return n;
}

/**
 * Where the name that echo.ts dropNames drops at p ends, or −1. One function for both places lineIds
 * asks, so the type feedback of its droppedNameEnd call, gathered at every capital, also serves the
 * rare name right after an apostrophe: that call, first made after lineIds was optimized, deoptimized it.
 */
function droppedNameAt(s: string, p: number): number {
  return mayStartName(s, p) ? droppedNameEnd(s, p) : -1;
}

/** The ids of a token holding an apostrophe, its contraction's parts, stored from n on; returns the new count. */
function apostropheIds(index: EchoIndex, token: string, raw: boolean, n: number): number {
  const { ids, names, line } = index;
  const parts = tokenParts(raw ? token.replace(CURLY, "'").toLowerCase() : token, index.parts);
  for (let k = 0; k < parts.length; k++) {
    const w = parts[k];
    if (TITLES.has(w) || names.has(w)) continue;
    // A crafted token (x'd'd'd…) has any number of parts: room is checked per part.
    if (n >= line.raw.length) grow(line);
    line.raw[n] = ids.get(w) ?? -1;
    line.unified[n] = ids.get(unify(w)) ?? -1;
    n++;
  }
  return n;
}

const CURLY = /[’‘]/g;

/** A–Z to a–z and ’ ‘ to "'": what lower-casing and the apostrophe rewrite do to a token's characters. */
function fold(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  return c === 0x2019 || c === 0x2018 ? 39 : c;
}

function grow(line: LineIds): void {
  const bigger = (a: Int32Array): Int32Array<ArrayBuffer> => {
    const b = new Int32Array(a.length * 2);
    b.set(a);
    return b;
  };
  line.raw = bigger(line.raw);
  line.unified = bigger(line.unified);
}

function isTokenChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39;
}

const HASH_SEED = 0x811c9dc5;
const HASH_STEP = 0x01000193;

/** Words by the hash of their characters, found from a slice of a line without copying it. */
class WordTable {
  private slots = new Int32Array(64);
  private keys: string[] = [];
  rawId: number[] = [];
  unifiedId: number[] = [];
  dropped: boolean[] = [];

  add(w: string, rawId: number, unifiedId: number, dropped: boolean): void {
    if (2 * (this.keys.length + 1) > this.slots.length) this.rehash(this.slots.length * 2);
    this.keys.push(w);
    this.rawId.push(rawId);
    this.unifiedId.push(unifiedId);
    this.dropped.push(dropped);
    this.place(this.keys.length - 1);
  }

  /** Entry of s[from, to), or -1. */
  find(h: number, s: string, from: number, to: number): number {
    const mask = this.slots.length - 1;
    for (let k = mix(h) & mask; ; k = (k + 1) & mask) {
      const e = this.slots[k] - 1;
      if (e < 0) return -1;
      if (this.keys[e].length === to - from && this.matches(e, s, from)) return e;
    }
  }

  /** Whether key e equals s from `from` on, its characters folded. */
  private matches(e: number, s: string, from: number): boolean {
    const key = this.keys[e];
    for (let i = 0; i < key.length; i++) if (fold(s.charCodeAt(from + i)) !== key.charCodeAt(i)) return false;
    return true;
  }

  private place(e: number): void {
    const w = this.keys[e];
    let h = HASH_SEED;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), HASH_STEP);
    const mask = this.slots.length - 1;
    let k = mix(h) & mask;
    while (this.slots[k] !== 0) k = (k + 1) & mask;
    this.slots[k] = e + 1;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    for (let e = 0; e < this.keys.length; e++) this.place(e);
  }
}

function mix(h: number): number {
  return (h ^ (h >>> 15)) >>> 0;
}
