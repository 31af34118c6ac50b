// Slop density (SPEC §7): dictionary hits (pairs, frames, excess words, stacked adjectives) and
// "not X, but Y" patterns per 1,000 words. Overlapping dictionary hits are one cliché that counts
// once at its strongest weight ("heart hammering against ribs" is one hit, not three pairs); repeated
// hits on one hub saturate (BM25). The dictionary is compiled once into integer lookup tables.
// Opener templates (the hardened default, issue 17) are entries too: a narration sentence that opens
// with a mined template ("Her breath caught") is one hit, weighted by its model/human ratio.
import { personBlindTemplates } from "./person-blind.js";
import type { ProseDictionary } from "./dictionary.js";
import { WORD_NEGATION, type Lexicon } from "../../text/lexicon.js";
import { findNegations } from "./negation.js";
import { T_COMMA_AFTER, T_CONTENT, T_DASH_AFTER, T_DIALOGUE, T_END_AFTER, T_ITALIC, T_SEMI_AFTER, T_QUOTE_AFTER, type Scan } from "../../text/scan.js";
import { narrationOpeners } from "./openers.js";
import { scratchFor, type SlopEntry, type SlopSpans } from "./slop-spans.js";
import { isStackAt } from "./stacked.js";
import { IntPairTable } from "./int-pair-table.js";

export const PAIR_WINDOW = 5;
/** A cliché is at most this many words: longer chains of overlapping hits count as several. */
export const MAX_CLICHE_WORDS = 8;
export const BM25_K1 = 1.2;

const KEY = 2 ** 21;
const ROLE_PAIR = 1;
const ROLE_FRAME = 2;
const ROLE_EXCESS = 4;
const BREAK_AFTER = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUOTE_AFTER;

export type HitKind = "pair" | "frame" | "excess_word" | "stacked_adjectives" | "opener_template";
/** Opener templates are the first two or three words of a narration sentence. */
export const OPENER_TEMPLATE_WORDS = [2, 3] as const;

type Entry = SlopEntry;

export interface CompiledSlop {
  lexicon: Lexicon;
  /** By (smaller lemma id, larger). */
  pairs: IntPairTable<Entry>;
  /** By (hub lemma id × 2 + 1 when the grammar word comes after, grammar lemma id). */
  frames: IntPairTable<Entry>;
  excess: Map<number, Entry>;
  /** `excess` by lemma id (the ids known when compiled). */
  excessByLemma: (Entry | undefined)[];
  /** Per lemma id known when compiled: ROLE_PAIR (occurs in some pair), ROLE_FRAME (a hub with frames), ROLE_EXCESS. */
  roles: Uint8Array;
  /** Per pair member: bit (b & 31) set for each partner b, so most words near it need no pair lookup. */
  partnerBits: Int32Array;
  adjectives: Set<number>;
  /** 1 at each adjective's surface id (the ids known when compiled). */
  adjectiveIds: Uint8Array;
  stacked: Entry;
  negation: Map<string, number>;
  /** Opener templates by their first two lemmas: the two-word entry and the three-word ones by third lemma. */
  openerTemplates: IntPairTable<{ two?: Entry; three: Map<number, Entry> }>;
  k1: number;
}

export interface SlopOptions {
  /** Count the dictionary's opener templates (the hardened default); the seed preset leaves them out. */
  openerTemplates: boolean;
}

export function compileSlop(dict: ProseDictionary, lexicon: Lexicon, options: SlopOptions = { openerTemplates: true }): CompiledSlop {
  const lemma = (w: string): number => lexicon.lemmaOfWord(w);
  const hubGroup = (w: string | undefined, fallback: number): number => (w ? lemma(w) : fallback);
  const pairs = new IntPairTable<Entry>(dict.pairs.length);
  const partners: [number, number][] = [];
  const roleOf = new Map<number, number>();
  const mark = (id: number, role: number) => roleOf.set(id, (roleOf.get(id) ?? 0) | role);
  let unique = -1;
  for (const p of dict.pairs) {
    const a = lemma(p.a);
    const b = lemma(p.b);
    if (a === b) continue;
    pairs.set(Math.min(a, b), Math.max(a, b), { weight: p.weight, group: hubGroup(p.hub, unique--), kind: 0, label: `${p.a} ~ ${p.b}` });
    mark(a, ROLE_PAIR);
    mark(b, ROLE_PAIR);
    partners.push([a, b]);
  }
  const frames = new IntPairTable<Entry>(dict.frames.length);
  for (const f of dict.frames) {
    const h = lemma(f.hub);
    const g = lemma(f.grammar);
    frames.set(h * 2 + (f.position === "after" ? 1 : 0), g, { weight: f.weight, group: h, kind: 1, label: f.position === "after" ? `${f.hub} ${f.grammar}` : `${f.grammar} ${f.hub}` });
    mark(h, ROLE_FRAME);
  }
  const excess = new Map<number, Entry>();
  for (const w of dict.excessWords) {
    const id = lemma(w.word);
    excess.set(id, { weight: w.weight, group: id, kind: 2, label: w.word });
    mark(id, ROLE_EXCESS);
  }
  let top = -1;
  for (const id of roleOf.keys()) if (id > top) top = id;
  const roles = new Uint8Array(top + 1);
  for (const [id, role] of roleOf) roles[id] = role;
  const partnerBits = new Int32Array(top + 1);
  for (const [a, b] of partners) {
    partnerBits[a] |= 1 << (b & 31);
    partnerBits[b] |= 1 << (a & 31);
  }
  const adjectives = new Set<number>();
  for (const a of dict.adjectives) adjectives.add(lexicon.surface(a));
  let topAdjective = -1;
  for (const id of adjectives) if (id > topAdjective) topAdjective = id;
  const adjectiveIds = new Uint8Array(topAdjective + 1);
  for (const id of adjectives) adjectiveIds[id] = 1;
  const excessByLemma: (Entry | undefined)[] = new Array(top + 1).fill(undefined);
  for (const [id, e] of excess) excessByLemma[id] = e;
  const negation = new Map<string, number>();
  for (const n of dict.negation) negation.set(n.type, n.weight);
  // Read person-blind (./person-blind.ts): a template opening with a personal pronoun counts for every person.
  const templates = options.openerTemplates ? personBlindTemplates(dict.openerTemplates) : [];
  const openerTemplates: CompiledSlop["openerTemplates"] = new IntPairTable(templates.length);
  if (options.openerTemplates) {
    for (const t of templates) {
      const ids = t.template.split(" ").map((w) => lexicon.lemmaId(w));
      if (ids.length < 2 || ids.length > 3) continue;
      let slot = openerTemplates.get(ids[0], ids[1]);
      if (!slot) openerTemplates.set(ids[0], ids[1], (slot = { three: new Map() }));
      const entry: Entry = { weight: t.weight, group: unique--, kind: 4, label: `${t.template} …` };
      if (ids.length === 2) slot.two = entry;
      else slot.three.set(ids[2], entry);
    }
  }
  return {
    lexicon,
    pairs,
    frames,
    excess,
    excessByLemma,
    roles,
    partnerBits,
    adjectives,
    adjectiveIds,
    stacked: { weight: dict.stackedAdjectives.weight, group: unique--, kind: 3, label: "stacked adjectives" },
    negation,
    openerTemplates,
    k1: BM25_K1,
  };
}

/**
 * The lemmas of the `words`-word template opening at word k, into `out`: false when the sentence is
 * shorter, a word is dialogue or italic, punctuation falls inside the template, or a word is a
 * negation ("It wasn't a…" is the "not X, but Y" detector's, so one habit is not charged twice).
 */
export function openerTemplateAt(scan: Scan, lexicon: Lexicon, k: number, words: number, out: number[]): boolean {
  out.length = 0;
  const last = k + words - 1;
  if (last >= scan.n || scan.sentence[last] !== scan.sentence[k]) return false;
  for (let j = k; j <= last; j++) {
    const f = scan.flags[j];
    if (f & (T_DIALOGUE | T_ITALIC) || (j < last && f & BREAK_AFTER) || lexicon.surfaceFlags[scan.surface[j]] & WORD_NEGATION) return false;
    out.push(scan.lemma[j]);
  }
  return true;
}

export function pairKey(a: number, b: number): number {
  return a < b ? a * KEY + b : b * KEY + a;
}

export function frameKey(hub: number, grammar: number, after: boolean): number {
  return (hub * 2 + (after ? 1 : 0)) * KEY + grammar;
}

export interface SlopMeasure {
  words: number;
  /** Weighted hits per 1,000 words: dictionary clichés plus negation patterns. */
  density: number;
  /** Raw hit counts per 1,000 words by kind (clichés counted once). */
  per1k: Record<HitKind | "not_x_but_y", number>;
  /** The strongest hits, for the score details. */
  top: { label: string; weight: number }[];
}

export interface MeasureSlopOptions {
  /** Count the two-sentence "It wasn't fear. It was hunger." (hardened default). */
  nextSentenceNegation?: boolean;
  /** The reply's narration openers (openers.ts narrationOpeners), when the caller has them already. */
  openers?: readonly number[];
}

/** Measure one scanned reply. */
export function measureSlop(scan: Scan, c: CompiledSlop, options: MeasureSlopOptions = {}): SlopMeasure {
  const n = scan.n;
  const spans = scratchFor(n);
  pushWordSpans(scan, c, spans);
  return measureSpans(scan, c, options, spans);
}

/**
 * The word loop of measureSlop, a function of its own: a long reply's loop is compiled on the stack
 * (OSR) as well as for the next call, and with the clustering, saturation and negation search after
 * it in the same function each of those compiles was the largest of the run.
 */
function pushWordSpans(scan: Scan, c: CompiledSlop, spans: SlopSpans): void {
  const { n, lemma, flags, sentence, surface } = scan;
  const { roles, pairs, frames, partnerBits, excessByLemma, adjectiveIds } = c;
  const stacked = c.stacked.weight > 0;
  for (let i = 0; i < n; i++) {
    const li = lemma[i];
    // The scan copied the lexicon's content flag onto the word (T_CONTENT): no lookup in the big table.
    const f = flags[i];
    if ((f & T_CONTENT) === 0) continue;
    const role = li < roles.length ? roles[li] : 0;
    if (role & ROLE_PAIR) {
      const last = Math.min(n - 1, i + PAIR_WINDOW);
      const bits = partnerBits[li];
      for (let j = i + 1; j <= last && sentence[j] === sentence[i]; j++) {
        const lj = lemma[j];
        if (((bits >>> (lj & 31)) & 1) === 0 || lj === li || (flags[j] & T_CONTENT) === 0) continue;
        const e = li < lj ? pairs.get(li, lj) : pairs.get(lj, li);
        if (e) spans.push(i, j, e);
      }
    }
    if (role & ROLE_FRAME) {
      if (i + 1 < n && (f & BREAK_AFTER) === 0 && sentence[i + 1] === sentence[i]) {
        const e = frames.get(li * 2 + 1, lemma[i + 1]);
        if (e) spans.push(i, i + 1, e);
      }
      if (i > 0 && (flags[i - 1] & BREAK_AFTER) === 0 && sentence[i - 1] === sentence[i]) {
        const e = frames.get(li * 2, lemma[i - 1]);
        if (e) spans.push(i - 1, i, e);
      }
    }
    if (role & ROLE_EXCESS) spans.push(i, i, excessByLemma[li]!);
    // Most words before a comma are no adjective: a byte per surface id says so before isStackAt's checks.
    if (stacked && f & T_COMMA_AFTER) {
      const w = surface[i];
      if (w < adjectiveIds.length && adjectiveIds[w] === 1 && isStackAt(scan, c.lexicon, c.adjectives, i)) spans.push(i - 1, i + 2, c.stacked);
    }
  }
  spans.endWordSpans();
}

/** measureSlop after the word spans: opener templates, clichés, saturation, negations. */
function measureSpans(scan: Scan, c: CompiledSlop, options: MeasureSlopOptions, spans: SlopSpans): SlopMeasure {
  const n = scan.n;
  if (c.openerTemplates.size > 0) {
    const template = spans.template;
    for (const k of options.openers ?? narrationOpeners(scan, c.lexicon)) {
      if (!openerTemplateAt(scan, c.lexicon, k, 2, template)) continue;
      const slot = c.openerTemplates.get(template[0], template[1]);
      if (!slot) continue;
      if (slot.two) spans.push(k, k + 1, slot.two);
      const three = slot.three.size > 0 && openerTemplateAt(scan, c.lexicon, k, 3, template) ? slot.three.get(template[2]) : undefined;
      if (three) spans.push(k, k + 2, three);
    }
  }
  const words = n;
  const counts = [0, 0, 0, 0, 0];
  const clusters = spans.cluster(MAX_CLICHE_WORDS);
  const entries = spans.clusters;
  for (let k = 0; k < clusters; k++) counts[entries[k].kind]++;
  let total = spans.saturate(c.k1);
  const negations = findNegations(scan, c.lexicon, [], options.nextSentenceNegation ?? true);
  for (const hit of negations) total += c.negation.get(hit.type) ?? 0;
  const scale = words > 0 ? 1000 / words : 0;
  const per1k: Record<HitKind | "not_x_but_y", number> = {
    pair: counts[0] * scale,
    frame: counts[1] * scale,
    excess_word: counts[2] * scale,
    stacked_adjectives: counts[3] * scale,
    opener_template: counts[4] * scale,
    not_x_but_y: negations.length * scale,
  };
  const top = strongest(entries, clusters, TOP_HITS).map((e) => ({ label: e.label, weight: round(e.weight) }));
  return { words, density: total * scale, per1k, top };
}

const TOP_HITS = 5;

/** The first `k` of the first `count` entries stably sorted by weight, strongest first (ties keep their order), without sorting them all. */
function strongest(entries: readonly Entry[], count: number, k: number): Entry[] {
  const out: Entry[] = [];
  for (let i = 0; i < count; i++) {
    const e = entries[i];
    if (out.length === k && !(e.weight > out[k - 1].weight)) continue;
    let at = out.length;
    while (at > 0 && e.weight > out[at - 1].weight) at--;
    out.splice(at, 0, e);
    if (out.length > k) out.pop();
  }
  return out;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
