// The embedded context-sensitive LM: a Kneser–Ney trigram over lower-cased tokens, a case model, a
// spelling model for unknown words, and two context components over the whole prompt:
//   P(s | prompt) = wN·P_ngram(s | last two tokens) + wC·P_cache(s) + wT·P_trigger(s)
// P_cache is the relative frequency of surface s among all earlier tokens of the prompt (unknown
// words and emoji included); P_trigger is uniform over the laughter cue surfaces and is switched on
// once any laughter cue has appeared. wC is tuned by EM on held-out text; wT is set by design (no
// licence-safe corpus has enough laughter to estimate it). With an empty prompt or no cue, their
// weight goes back to the n-gram term, so every position is a proper distribution.
import { applyShape, casedLetters, flagAfter, SHAPE_MIXED, validShapes, type Shape } from "./casing.js";
import { CaseModel, type CaseModelData } from "./case-model.js";
import { isLaughterToken, triggerSurfaces } from "./laughter.js";
import { NgramModel } from "./ngram-model.js";
import { BOS, EOS, UNK, type NgramTables } from "./ngram-tables.js";
import { SpellingModel, type SpellingModelData } from "./spelling.js";
import { pretokenize } from "./tokenizer.js";

export const EOS_TOKEN = "<|endoftext|>";

export interface MixtureWeights {
  cache: number;
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
  cache: Map<string, number>;
  cacheTotal: number;
  triggered: boolean;
}

const TOP_CACHE_LIMIT = 50_000;

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
  private readonly ngramTopCache = new Map<string, TokenScore[]>();

  constructor(data: LmData) {
    this.types = data.types;
    data.types.forEach((t, i) => this.typeIndex.set(t, i));
    this.ngram = new NgramModel(data.tables);
    this.typeCased = Uint8Array.from(data.types, (t, i) => (i === EOS || i === BOS || i === UNK ? 0 : Math.min(255, casedLetters(t))));
    this.caseModel = new CaseModel(data.caseData, this.typeCased);
    this.spelling = new SpellingModel(data.spelling);
    this.weights = data.weights;
    this.trigger = triggerSurfaces();
    this.triggerSet = new Set(this.trigger);
  }

  tokenize(text: string): string[] {
    return pretokenize(text);
  }

  /** The id of a token's lower-cased type, UNK when out of vocabulary. */
  typeOf(token: string): number {
    return this.typeIndex.get(token.toLowerCase()) ?? UNK;
  }

  /** P_ngram(surface | u, v, flag): type probability × case × (spelling, for unknown words). */
  ngramProb(u: number, v: number, flag: number, surface: string): number {
    if (surface === EOS_TOKEN) return this.ngram.prob(u, v, EOS);
    const lower = surface.toLowerCase();
    const type = this.typeIndex.get(lower);
    if (type !== undefined && type > UNK) return this.ngram.prob(u, v, type) * this.caseModel.surfaceProb(type, surface, flag);
    return this.ngram.prob(u, v, UNK) * Math.exp(this.spelling.logprob(lower)) * this.caseModel.surfaceProb(-1, surface, flag);
  }

  private mixture(pos: Position): { n: number; c: number; t: number } {
    const c = pos.cacheTotal > 0 ? this.weights.cache : 0;
    const t = pos.triggered ? this.weights.trigger : 0;
    return { n: 1 - c - t, c, t };
  }

  private prob(pos: Position, surface: string, pNgram?: number): number {
    const w = this.mixture(pos);
    const png = pNgram ?? this.ngramProb(pos.u, pos.v, pos.flag, surface);
    let p = w.n * png;
    if (w.c > 0) p += (w.c * (pos.cache.get(surface) ?? 0)) / pos.cacheTotal;
    if (w.t > 0 && this.triggerSet.has(surface)) p += w.t / this.trigger.length;
    return p;
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
   * The k most probable surfaces under the n-gram term alone (exact over in-vocabulary surfaces in
   * regular shapes and seen mixed forms; unknown spellings each carry a tiny share of <unk>).
   */
  private ngramTop(u: number, v: number, flag: number, k: number): TokenScore[] {
    const key = `${u},${v},${flag},${k}`;
    const hit = this.ngramTopCache.get(key);
    if (hit) return hit;
    const best: { surface: string; prob: number }[] = [];
    const offer = (surface: string, prob: number): void => {
      if (best.length === k && prob <= best[k - 1].prob) return;
      if (best.length === k) best.pop();
      let i = best.length;
      while (i > 0 && best[i - 1].prob < prob) i--;
      best.splice(i, 0, { surface, prob });
    };
    this.ngram.walkTypes(u, v, (type, pType) => {
      if (type === UNK || type === BOS) return best.length === k ? best[k - 1].prob : 0;
      if (type === EOS) offer(EOS_TOKEN, pType);
      else {
        const cased = this.typeCased[type];
        for (const { surface, shape } of this.surfacesOf(type)) offer(surface, pType * this.caseModel.shapeProb(type, cased, flag, shape));
        if (cased >= 2) {
          const pMixed = pType * this.caseModel.shapeProb(type, cased, flag, SHAPE_MIXED);
          if (best.length < k || pMixed > best[k - 1].prob) for (const form of this.caseModel.mixedForms(type)) offer(form.surface, pMixed * form.prob);
        }
      }
      return best.length === k ? best[k - 1].prob : 0;
    });
    const out = best.map((b) => ({ token: b.surface, logprob: b.prob }));
    if (this.ngramTopCache.size >= TOP_CACHE_LIMIT) this.ngramTopCache.clear();
    this.ngramTopCache.set(key, out);
    return out;
  }

  /** Top-k of the full mixture at a position, exact over the listed candidates (see docs). */
  private topAt(pos: Position, k: number): TokenScore[] {
    if (k <= 0) return [];
    const w = this.mixture(pos);
    const ngTop = this.ngramTop(pos.u, pos.v, pos.flag, k);
    const candidates = new Map<string, number>();
    for (const e of ngTop) candidates.set(e.token, e.logprob);
    // Any surface outside the n-gram top-k has P_ngram ≤ the k-th listed value, so only surfaces the
    // cache or the trigger lift can overtake the listed ones.
    if (w.c > 0) for (const surface of pos.cache.keys()) if (!candidates.has(surface)) candidates.set(surface, this.ngramProb(pos.u, pos.v, pos.flag, surface));
    if (w.t > 0) for (const surface of this.trigger) if (!candidates.has(surface)) candidates.set(surface, this.ngramProb(pos.u, pos.v, pos.flag, surface));
    const scored: TokenScore[] = [];
    for (const [surface, png] of candidates) scored.push({ token: surface, logprob: this.prob(pos, surface, png) });
    scored.sort((a, b) => b.logprob - a.logprob || (a.token < b.token ? -1 : 1));
    return scored.slice(0, k).map((e) => ({ token: e.token, logprob: Math.log(e.logprob) }));
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
    return { u: BOS, v: BOS, flag: flagAfter(null), cache: new Map(), cacheTotal: 0, triggered: false };
  }

  private advance(pos: Position, token: string): void {
    pos.u = pos.v;
    pos.v = token === EOS_TOKEN ? EOS : this.typeOf(token);
    pos.flag = flagAfter(token);
    pos.cache.set(token, (pos.cache.get(token) ?? 0) + 1);
    pos.cacheTotal++;
    if (!pos.triggered && isLaughterToken(token)) pos.triggered = true;
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
    for (let i = 0; i < tokens.length; i++) {
      const p = this.prob(pos, tokens[i]);
      logprobs[i] = Math.log(p);
      if (top) top.push(this.topAt(pos, topK));
      if (ranks) ranks.push(this.rankAt(pos, p));
      this.advance(pos, tokens[i]);
    }
    return { tokens, logprobs, top, ranks };
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
