// Slop density (SPEC §7): dictionary hits (pairs, frames, excess words, stacked adjectives) and
// "not X, but Y" patterns per 1,000 words. Overlapping dictionary hits are one cliché that counts
// once at its strongest weight ("heart hammering against ribs" is one hit, not three pairs); repeated
// hits on one hub saturate (BM25). The dictionary is compiled once into integer lookup tables.
// Opener templates (the hardened default, issue 17) are entries too: a narration sentence that opens
// with a mined template ("Her breath caught") is one hit, weighted by its model/human ratio.
import { z } from "zod";
import type { TermMeta } from "../types.js";
import type { ProseDictionary } from "../../mining/dictionary.js";
import { WORD_NEGATION, type Lexicon } from "../../text/lexicon.js";
import { findNegations, type NegationHit } from "./negation.js";
import { T_COMMA_AFTER, T_CONTENT, T_DASH_AFTER, T_DIALOGUE, T_END_AFTER, T_ITALIC, T_SEMI_AFTER, T_QUOTE_AFTER, type Scan } from "../../text/scan.js";
import { narrationOpeners } from "./openers.js";
import { saturationIncrement } from "./calibration.js";
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
const KINDS: HitKind[] = ["pair", "frame", "excess_word", "stacked_adjectives", "opener_template"];
/** Opener templates are the first two or three words of a narration sentence. */
export const OPENER_TEMPLATE_WORDS = [2, 3] as const;

interface Entry {
  weight: number;
  /** Saturation group: hub lemma id, or a negative id unique to the entry. */
  group: number;
  kind: number;
  label: string;
}

export interface CompiledSlop {
  lexicon: Lexicon;
  /** By (smaller lemma id, larger). */
  pairs: IntPairTable<Entry>;
  /** By (hub lemma id × 2 + 1 when the grammar word comes after, grammar lemma id). */
  frames: IntPairTable<Entry>;
  excess: Map<number, Entry>;
  /** Per lemma id known when compiled: ROLE_PAIR (occurs in some pair), ROLE_FRAME (a hub with frames), ROLE_EXCESS. */
  roles: Uint8Array;
  /** Per pair member: bit (b & 31) set for each partner b, so most words near it need no pair lookup. */
  partnerBits: Int32Array;
  adjectives: Set<number>;
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
  const negation = new Map<string, number>();
  for (const n of dict.negation) negation.set(n.type, n.weight);
  const openerTemplates: CompiledSlop["openerTemplates"] = new IntPairTable(options.openerTemplates ? dict.openerTemplates.length : 0);
  if (options.openerTemplates) {
    for (const t of dict.openerTemplates) {
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
    roles,
    partnerBits,
    adjectives,
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

interface Span {
  from: number;
  to: number;
  entry: Entry;
}

/** Measure one scanned reply. `spans` is scratch space reused across calls. */
export function measureSlop(scan: Scan, c: CompiledSlop, negations: NegationHit[] = [], spans: Span[] = [], nextSentenceNegation = true): SlopMeasure {
  spans.length = 0;
  const { n, lemma, flags, sentence } = scan;
  const { roles, pairs, frames, partnerBits } = c;
  for (let i = 0; i < n; i++) {
    const li = lemma[i];
    // The scan copied the lexicon's content flag onto the word (T_CONTENT): no lookup in the big table.
    if ((flags[i] & T_CONTENT) === 0) continue;
    const role = li < roles.length ? roles[li] : 0;
    if (role & ROLE_PAIR) {
      const last = Math.min(n - 1, i + PAIR_WINDOW);
      const bits = partnerBits[li];
      for (let j = i + 1; j <= last && sentence[j] === sentence[i]; j++) {
        const lj = lemma[j];
        if (((bits >>> (lj & 31)) & 1) === 0 || lj === li || (flags[j] & T_CONTENT) === 0) continue;
        const e = li < lj ? pairs.get(li, lj) : pairs.get(lj, li);
        if (e) spans.push({ from: i, to: j, entry: e });
      }
    }
    if (role & ROLE_FRAME) {
      if (i + 1 < n && (flags[i] & BREAK_AFTER) === 0 && sentence[i + 1] === sentence[i]) {
        const e = frames.get(li * 2 + 1, lemma[i + 1]);
        if (e) spans.push({ from: i, to: i + 1, entry: e });
      }
      if (i > 0 && (flags[i - 1] & BREAK_AFTER) === 0 && sentence[i - 1] === sentence[i]) {
        const e = frames.get(li * 2, lemma[i - 1]);
        if (e) spans.push({ from: i - 1, to: i, entry: e });
      }
    }
    if (role & ROLE_EXCESS) spans.push({ from: i, to: i, entry: c.excess.get(li)! });
    if (c.stacked.weight > 0 && (flags[i] & T_COMMA_AFTER) && isStackAt(scan, c.lexicon, c.adjectives, i)) spans.push({ from: i - 1, to: i + 2, entry: c.stacked });
  }
  if (c.openerTemplates.size > 0) {
    const template: number[] = [];
    for (const k of narrationOpeners(scan, c.lexicon)) {
      if (!openerTemplateAt(scan, c.lexicon, k, 2, template)) continue;
      const slot = c.openerTemplates.get(template[0], template[1]);
      if (!slot) continue;
      if (slot.two) spans.push({ from: k, to: k + 1, entry: slot.two });
      const three = slot.three.size > 0 && openerTemplateAt(scan, c.lexicon, k, 3, template) ? slot.three.get(template[2]) : undefined;
      if (three) spans.push({ from: k, to: k + 2, entry: three });
    }
  }
  const words = n;
  const counts = [0, 0, 0, 0, 0];
  const clusters = clusterSpans(spans);
  for (const e of clusters) counts[e.kind]++;
  let total = saturate(clusters, c.k1);
  negations.length = 0;
  findNegations(scan, c.lexicon, negations, nextSentenceNegation);
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
  const top = strongest(clusters, TOP_HITS).map((e) => ({ label: e.label, weight: round(e.weight) }));
  return { words, density: total * scale, per1k, top };
}

const TOP_HITS = 5;

/** The first `k` of `entries` stably sorted by weight, strongest first (ties keep their order), without sorting them all. */
function strongest(entries: Entry[], k: number): Entry[] {
  const out: Entry[] = [];
  for (const e of entries) {
    if (out.length === k && !(e.weight > out[k - 1].weight)) continue;
    let at = out.length;
    while (at > 0 && e.weight > out[at - 1].weight) at--;
    out.splice(at, 0, e);
    if (out.length > k) out.pop();
  }
  return out;
}

/** Merge overlapping spans into clichés of at most MAX_CLICHE_WORDS words; each keeps its strongest entry. */
function clusterSpans(spans: Span[]): Entry[] {
  if (spans.length === 0) return [];
  spans.sort((a, b) => a.from - b.from || b.to - a.to);
  const out: Entry[] = [];
  let start = spans[0].from;
  let end = spans[0].to;
  let best = spans[0].entry;
  for (let k = 1; k < spans.length; k++) {
    const s = spans[k];
    if (s.from <= end && Math.max(end, s.to) - start < MAX_CLICHE_WORDS) {
      if (s.to > end) end = s.to;
      if (s.entry.weight > best.weight) best = s.entry;
    } else {
      out.push(best);
      start = s.from;
      end = s.to;
      best = s.entry;
    }
  }
  out.push(best);
  return out;
}

/** Strongest hit per saturation group counts in full; each further hit adds its BM25 increment. */
function saturate(clusters: Entry[], k1: number): number {
  if (clusters.length === 0) return 0;
  const byGroup = new Map<number, number[]>();
  for (const e of clusters) {
    const list = byGroup.get(e.group);
    if (list) list.push(e.weight);
    else byGroup.set(e.group, [e.weight]);
  }
  let total = 0;
  for (const weights of byGroup.values()) {
    if (weights.length > 1) weights.sort((a, b) => b - a);
    for (let k = 0; k < weights.length; k++) total += weights[k] * saturationIncrement(k + 1, k1);
  }
  return total;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

export const slopTerm: TermMeta<Record<string, never>> = {
  name: "slop",
  kind: "factor",
  needsModel: false,
  description: "mined-dictionary clichés (counted once, BM25-saturated per hub) and weighted not-X-but-Y patterns per 1,000 words, through the calibrated decay curve",
  options: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
};
