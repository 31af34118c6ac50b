// The embedded context-sensitive LM: a Kneser–Ney trigram over lower-cased tokens, a case model, a
// spelling model for unknown words, and two context components over the whole prompt:
//   P(s | prompt) = wN·P_ngram(s | last two tokens) + wC(N)·P_cache(s) + wT·P_trigger(s)
// P_cache is the relative frequency of surface s among all earlier tokens of the prompt (unknown
// words and emoji included); P_trigger is uniform over the laughter cue surfaces and is switched on
// once any laughter cue has appeared. wC(N) = λ·N/(N + ramp) grows with the N tokens seen, since a
// short cache is a noisy estimate; λ and ramp are tuned on held-out text; wT is set by design (no
// licence-safe corpus has enough laughter to estimate it). With an empty prompt or no cue, their
// weight goes back to the n-gram term, so every position is a proper distribution.
import { applyShape, casedLetters, flagAfter, FLAGS, SHAPE_MIXED, shapeOf, validShapes, type Shape } from "./casing.js";
import { CaseModel, type CaseModelData } from "./case-model.js";
import { isLaughterToken, triggerSurfaces } from "./laughter.js";
import { NgramModel } from "./ngram-model.js";
import { BOS, EOS, UNK, type NgramTables } from "./ngram-tables.js";
import { SpellingModel, type SpellingModelData } from "./spelling.js";
import { RecentPrompts } from "./recent-prompts.js";
import { pretokenize } from "./tokenizer.js";

export const EOS_TOKEN = "<|endoftext|>";

export interface MixtureWeights {
  /** Cache weight for a long prompt; with N earlier tokens the weight is cache · N / (N + cacheRamp). */
  cache: number;
  /** Tokens of context at which the cache reaches half its weight: a short cache is a noisy estimate. */
  cacheRamp: number;
  trigger: number;
}

export interface LmData {
  types: string[];
  tables: NgramTables;
  caseData: CaseModelData;
  spelling: SpellingModelData;
  weights: MixtureWeights;
}

export interface TokenScore {
  token: string;
  logprob: number;
}

/** Scores of every token of a prompt; top[i] is the k most probable tokens at position i. */
export interface PromptScores {
  tokens: string[];
  logprobs: number[];
  top: TokenScore[][] | null;
  /** 1-based rank of each actual token (only when asked: it costs a walk per position). */
  ranks?: number[];
}

interface Position {
  u: number;
  v: number;
  flag: number;
  cache: Map<string, CacheEntry>;
  cacheTotal: number;
  /** Largest count in the cache, and per flag the largest factor of an unlisted cached surface. */
  cacheMaxCount: number;
  cacheMaxUnlisted: Float64Array;
  triggered: boolean;
}

interface CacheEntry {
  count: number;
  info: SurfaceInfo;
}

const TOP_CACHE_LIMIT = 50_000;
const SURFACE_CACHE_LIMIT = 200_000;

interface SurfaceInfo {
  type: number;
  factor: Float64Array;
  /** True when the surface can appear in an n-gram top list (see ngramTop). */
  listed: boolean;
  /** Position flag for the token after this one. */
  flagAfter: number;
  laughter: boolean;
  /** Member of the trigger class. */
  trigger: boolean;
}

interface ProbEntry {
  token: string;
  p: number;
}

const byProb = (a: ProbEntry, b: ProbEntry): number => b.p - a.p || (a.token < b.token ? -1 : a.token > b.token ? 1 : 0);

export class EmbeddedLm {
  readonly types: string[];
  readonly typeIndex = new Map<string, number>();
  readonly ngram: NgramModel;
  readonly weights: MixtureWeights;
  private readonly caseModel: CaseModel;
  private readonly spelling: SpellingModel;
  private readonly typeCased: Uint8Array;
  private readonly typeSurfaceCache = new Map<number, { surface: string; shape: Shape }[]>();
  private readonly trigger: string[];
  private readonly triggerSet: Set<string>;
  private readonly triggerInfo: SurfaceInfo[];
  private readonly triggerMaxUnlisted: Float64Array;
  private readonly ngramTopCache = new Map<number, ProbEntry[]>();
  private readonly surfaceInfo = new Map<string, SurfaceInfo>();
  private readonly recentPrompts: RecentPrompts;

  /** `recentPrompts`: how many scored prompts to keep for their shared prefixes (0: none). */
  constructor(data: LmData, options: { recentPrompts?: number } = {}) {
    this.recentPrompts = new RecentPrompts(options.recentPrompts);
    this.types = data.types;
    data.types.forEach((t, i) => this.typeIndex.set(t, i));
    this.ngram = new NgramModel(data.tables);
    this.typeCased = Uint8Array.from(data.types, (t, i) => (i === EOS || i === BOS || i === UNK ? 0 : Math.min(255, casedLetters(t))));
    this.caseModel = new CaseModel(data.caseData, this.typeCased);
    this.spelling = new SpellingModel(data.spelling);
    this.weights = data.weights;
    this.trigger = triggerSurfaces();
    this.triggerSet = new Set(this.trigger);
    this.triggerInfo = this.trigger.map((t) => this.info(t));
    this.triggerMaxUnlisted = new Float64Array(FLAGS);
    for (const info of this.triggerInfo) if (!info.listed) for (let f = 0; f < FLAGS; f++) this.triggerMaxUnlisted[f] = Math.max(this.triggerMaxUnlisted[f], info.factor[f]);
  }

  tokenize(text: string): string[] {
    return pretokenize(text);
  }

  /** The id of a token's lower-cased type, UNK when out of vocabulary. */
  typeOf(token: string): number {
    return this.info(token).type;
  }

  /**
   * What a surface needs for P_ngram, computed once per distinct surface: its type and, per position
   * flag, the factor P(case | type, flag) × (P(spelling | <unk>) for unknown words).
   */
  private info(surface: string): SurfaceInfo {
    let info = this.surfaceInfo.get(surface);
    if (info) return info;
    const factor = new Float64Array(FLAGS);
    let type: number;
    let listed = false;
    if (surface === EOS_TOKEN) {
      type = EOS;
      factor.fill(1);
      listed = true;
    } else {
      const lower = surface.toLowerCase();
      const known = this.typeIndex.get(lower);
      if (known !== undefined && known > UNK) {
        type = known;
        for (let f = 0; f < FLAGS; f++) factor[f] = this.caseModel.surfaceProb(type, surface, f);
        const shape = shapeOf(surface);
        listed = shape === SHAPE_MIXED ? this.caseModel.mixedForms(type).some((m) => m.surface === surface) : applyShape(lower, shape) === surface;
      } else {
        type = UNK;
        const spell = Math.exp(this.spelling.logprob(lower));
        for (let f = 0; f < FLAGS; f++) factor[f] = spell * this.caseModel.surfaceProb(-1, surface, f);
      }
    }
    info = { type, factor, listed, flagAfter: flagAfter(surface), laughter: isLaughterToken(surface), trigger: this.triggerSet.has(surface) };
    if (this.surfaceInfo.size >= SURFACE_CACHE_LIMIT) this.surfaceInfo.clear();
    this.surfaceInfo.set(surface, info);
    return info;
  }

  /** P_ngram(surface | u, v, flag): type probability × case × (spelling, for unknown words). */
  ngramProb(u: number, v: number, flag: number, surface: string): number {
    const info = this.info(surface);
    return this.ngram.prob(u, v, info.type) * info.factor[flag];
  }

  private mixture(pos: Position): { n: number; c: number; t: number } {
    const n = pos.cacheTotal;
    const c = n > 0 ? (this.weights.cache * n) / (n + this.weights.cacheRamp) : 0;
    const t = pos.triggered ? this.weights.trigger : 0;
    return { n: 1 - c - t, c, t };
  }

  /** The cache and trigger terms of a surface's mixture probability. */
  private contextMass(pos: Position, w: { c: number; t: number }, surface: string): number {
    let p = 0;
    if (w.c > 0) p += (w.c * (pos.cache.get(surface)?.count ?? 0)) / pos.cacheTotal;
    if (w.t > 0 && this.triggerSet.has(surface)) p += w.t / this.trigger.length;
    return p;
  }

  private prob(pos: Position, surface: string, pNgram?: number): number {
    const w = this.mixture(pos);
    return w.n * (pNgram ?? this.ngramProb(pos.u, pos.v, pos.flag, surface)) + this.contextMass(pos, w, surface);
  }

  private surfacesOf(type: number): { surface: string; shape: Shape }[] {
    let list = this.typeSurfaceCache.get(type);
    if (list) return list;
    list = [];
    if (type === EOS) list.push({ surface: EOS_TOKEN, shape: 0 });
    else if (type > UNK) {
      for (const shape of validShapes(this.typeCased[type])) {
        if (shape === SHAPE_MIXED) continue;
        const surface = applyShape(this.types[type], shape);
        if (surface !== null) list.push({ surface, shape });
      }
    }
    this.typeSurfaceCache.set(type, list);
    return list;
  }

  /**
   * The `depth` most probable surfaces under the n-gram term alone, most probable first. "Listed"
   * surfaces (regular shapes of vocabulary words and their seen mixed forms) outside it have a lower
   * P_ngram than its last entry; unknown spellings are never listed (each is a share of <unk>).
   */
  private ngramTop(u: number, v: number, flag: number, depth: number): ProbEntry[] {
    const key = ((u * this.types.length + v) * FLAGS + flag) * 256 + depth;
    const hit = this.ngramTopCache.get(key);
    if (hit) return hit;
    const best: ProbEntry[] = [];
    const offer = (token: string, p: number): void => {
      if (best.length === depth && p <= best[depth - 1].p) return;
      if (best.length === depth) best.pop();
      let i = best.length;
      while (i > 0 && best[i - 1].p < p) i--;
      best.splice(i, 0, { token, p });
    };
    const floor = (): number => (best.length === depth ? best[depth - 1].p : 0);
    this.ngram.walkTypes(u, v, (type, pType) => {
      if (type === UNK || type === BOS) return floor();
      if (type === EOS) offer(EOS_TOKEN, pType);
      else {
        const cased = this.typeCased[type];
        for (const { surface, shape } of this.surfacesOf(type)) offer(surface, pType * this.caseModel.shapeProb(type, cased, flag, shape));
        if (cased >= 2) {
          const pMixed = pType * this.caseModel.shapeProb(type, cased, flag, SHAPE_MIXED);
          if (pMixed > floor()) for (const form of this.caseModel.mixedForms(type)) offer(form.surface, pMixed * form.prob);
        }
      }
      return floor();
    });
    if (this.ngramTopCache.size >= TOP_CACHE_LIMIT) this.ngramTopCache.clear();
    this.ngramTopCache.set(key, best);
    return best;
  }

  /**
   * Top-k of the full mixture at a position. Candidates: the n-gram top (k + 4), then every cache
   * and trigger surface whose upper bound can beat the k-th candidate: a listed surface outside the
   * n-gram list has P_ngram ≤ the list's last value; any other surface has P_ngram ≤ its case ×
   * spelling factor (its type probability is ≤ 1). Exact over listed, cache and trigger surfaces.
   */
  private topAt(pos: Position, k: number): TokenScore[] {
    if (k <= 0) return [];
    const w = this.mixture(pos);
    const depth = Math.min(255, k + 4);
    const list = this.ngramTop(pos.u, pos.v, pos.flag, depth);
    const listFloor = list.length === depth ? list[depth - 1].p : 0;
    const scored: ProbEntry[] = list.map((e) => ({ token: e.token, p: w.n * e.p + this.contextMass(pos, w, e.token) }));
    if (w.c > 0 || w.t > 0) scored.sort(byProb);
    let kth = scored.length >= k ? scored[k - 1].p : 0;
    const triggerMass = w.t > 0 ? w.t / this.trigger.length : 0;
    const consider = (surface: string, info: SurfaceInfo, count: number): void => {
      const extra = (count > 0 ? (w.c * count) / pos.cacheTotal : 0) + (info.trigger ? triggerMass : 0);
      if (w.n * (info.listed ? listFloor : info.factor[pos.flag]) + extra <= kth) return;
      if (scored.some((e) => e.token === surface)) return;
      const p = w.n * this.ngram.prob(pos.u, pos.v, info.type) * info.factor[pos.flag] + extra;
      if (p <= kth) return;
      let i = scored.length;
      scored.push({ token: surface, p });
      while (i > 0 && byProb(scored[i - 1], { token: surface, p }) > 0) {
        scored[i] = scored[i - 1];
        i--;
      }
      scored[i] = { token: surface, p };
      if (scored.length >= k) kth = scored[k - 1].p;
    };
    // Whole loops are skipped when even their best possible member cannot reach the k-th candidate.
    const cacheBest = w.c > 0 ? (w.c * pos.cacheMaxCount) / pos.cacheTotal : 0;
    if (w.c > 0 && w.n * Math.max(listFloor, pos.cacheMaxUnlisted[pos.flag]) + triggerMass + cacheBest > kth) {
      for (const [surface, entry] of pos.cache) consider(surface, entry.info, entry.count);
    }
    if (w.t > 0 && w.n * Math.max(listFloor, this.triggerMaxUnlisted[pos.flag]) + triggerMass + cacheBest > kth) {
      for (let i = 0; i < this.trigger.length; i++) {
        const surface = this.trigger[i];
        consider(surface, this.triggerInfo[i], pos.cache.get(surface)?.count ?? 0);
      }
    }
    const out = new Array<TokenScore>(Math.min(k, scored.length));
    for (let i = 0; i < out.length; i++) out[i] = { token: scored[i].token, logprob: Math.log(scored[i].p) };
    return out;
  }

  /**
   * 1-based rank of a surface with mixture probability p at a position: one plus the number of
   * listed surfaces (in-vocabulary regular shapes, seen mixed forms, cache and trigger surfaces) that
   * are strictly more probable. The type walk stops as soon as no further type can beat p.
   */
  private rankAt(pos: Position, p: number): number {
    const w = this.mixture(pos);
    let higher = 0;
    const special = new Set<string>();
    if (w.c > 0) for (const s of pos.cache.keys()) special.add(s);
    if (w.t > 0) for (const s of this.trigger) special.add(s);
    for (const s of special) if (this.prob(pos, s) > p) higher++;
    const bound = p / w.n;
    this.ngram.walkTypes(pos.u, pos.v, (type, pType) => {
      if (type === UNK || type === BOS || pType <= bound) return bound;
      if (type === EOS) {
        if (!special.has(EOS_TOKEN)) higher++;
        return bound;
      }
      const cased = this.typeCased[type];
      for (const { surface, shape } of this.surfacesOf(type)) {
        if (!special.has(surface) && pType * this.caseModel.shapeProb(type, cased, pos.flag, shape) > bound) higher++;
      }
      if (cased >= 2) {
        const pMixed = pType * this.caseModel.shapeProb(type, cased, pos.flag, SHAPE_MIXED);
        for (const form of this.caseModel.mixedForms(type)) if (!special.has(form.surface) && pMixed * form.prob > bound) higher++;
      }
      return bound;
    });
    return higher + 1;
  }

  private start(): Position {
    return { u: BOS, v: BOS, flag: flagAfter(null), cache: new Map(), cacheTotal: 0, cacheMaxCount: 0, cacheMaxUnlisted: new Float64Array(FLAGS), triggered: false };
  }

  private advance(pos: Position, token: string): void {
    const info = this.info(token);
    pos.u = pos.v;
    pos.v = info.type;
    pos.flag = info.flagAfter;
    let entry = pos.cache.get(token);
    if (!entry) {
      pos.cache.set(token, (entry = { count: 0, info }));
      if (!info.listed) for (let f = 0; f < FLAGS; f++) pos.cacheMaxUnlisted[f] = Math.max(pos.cacheMaxUnlisted[f], info.factor[f]);
    }
    entry.count++;
    pos.cacheMaxCount = Math.max(pos.cacheMaxCount, entry.count);
    pos.cacheTotal++;
    if (info.laughter) pos.triggered = true;
  }

  /**
   * Brute force over the whole vocabulary at the end of `tokens` (slow; for tests and diagnostics):
   * the mixture probability of every listed, cached and trigger surface, the n-gram type
   * distribution's total (1 for a proper distribution) and the mixture weights used.
   */
  bruteForce(tokens: string[]): { probs: Map<string, number>; typeTotal: number; weights: { n: number; c: number; t: number } } {
    const pos = this.start();
    for (const t of tokens) this.advance(pos, t);
    const probs = new Map<string, number>();
    let typeTotal = 0;
    for (let type = 0; type < this.types.length; type++) {
      const pType = this.ngram.prob(pos.u, pos.v, type);
      typeTotal += pType;
      if (type === UNK || type === BOS) continue;
      for (const { surface } of this.surfacesOf(type)) probs.set(surface, this.prob(pos, surface));
      if (this.typeCased[type] >= 2) for (const form of this.caseModel.mixedForms(type)) probs.set(form.surface, this.prob(pos, form.surface));
    }
    for (const surface of [...pos.cache.keys(), ...(pos.triggered ? this.trigger : [])]) probs.set(surface, this.prob(pos, surface));
    return { probs, typeTotal, weights: this.mixture(pos) };
  }

  /** Log-probability of every token of `text` given the tokens before it, and optionally top-k. */
  scoreText(text: string, topK = 0): PromptScores {
    return this.scoreTokens(this.tokenize(text), topK);
  }

  scoreTokens(tokens: string[], topK = 0, withRanks = false): PromptScores {
    const pos = this.start();
    const logprobs = new Array<number>(tokens.length);
    const top: TokenScore[][] | null = topK > 0 ? [] : null;
    const ranks: number[] | undefined = withRanks ? [] : undefined;
    // Position i's scores depend on tokens 0..i alone, so a prefix shared with a recent prompt is
    // copied, not recomputed (a prefix cache: the same context is scored with many continuations).
    const memo = this.recentPrompts.longestPrefix(tokens, topK, withRanks);
    const shared = memo?.length ?? 0;
    for (let i = 0; i < shared; i++) {
      logprobs[i] = memo!.scores.logprobs[i];
      if (top) top.push(memo!.scores.top![i]);
      if (ranks) ranks.push(memo!.scores.ranks![i]);
      this.advance(pos, tokens[i]);
    }
    for (let i = shared; i < tokens.length; i++) {
      const p = this.prob(pos, tokens[i]);
      logprobs[i] = Math.log(p);
      if (top) top.push(this.topAt(pos, topK));
      if (ranks) ranks.push(this.rankAt(pos, p));
      this.advance(pos, tokens[i]);
    }
    const scores = { tokens, logprobs, top, ranks };
    this.recentPrompts.add(scores, topK, withRanks);
    return scores;
  }

  /** The k most probable next tokens after `tokens`. */
  nextTop(tokens: string[], k: number): TokenScore[] {
    const pos = this.start();
    for (const t of tokens) this.advance(pos, t);
    return this.topAt(pos, k);
  }

  /** A stateful cursor for generation: top-k at the end, then extend by one token. */
  cursor(tokens: string[]): { top(k: number): TokenScore[]; push(token: string): void; logprob(token: string): number } {
    const pos = this.start();
    for (const t of tokens) this.advance(pos, t);
    return {
      top: (k) => this.topAt(pos, k),
      push: (token) => this.advance(pos, token),
      logprob: (token) => Math.log(this.prob(pos, token)),
    };
  }
}
