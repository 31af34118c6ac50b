// The role-play prose reward (SPEC §7, seed 002): zero-gates, then five multiplied factors — thinking
// length, slop, human-phrase bonus, opener diversity and echo. A ProseReward holds one compiled
// dictionary and its scratch buffers; scoring a row is synchronous and allocation-light.
import type { BankRow, Score, TermValue } from "../../core/types.js";
import { errorMessage } from "../../core/errors.js";
import type { ProseDictionary } from "../../mining/dictionary.js";
import { foldHomoglyphs, stripInvisible, stripZalgo } from "../../text/cleanup.js";
import { words } from "../../text/tokenize.js";
import { slopFactor } from "./calibration.js";
import { echoFactor, echoTerm, findEchoesIn, lastUserMessage, type EchoPenalties } from "./echo.js";
import { languageStats } from "./language.js";
import { scanSegments } from "./segments.js";
import { checkGates, DEFAULT_GATE_OPTIONS, gatesTerm, type GateOptions } from "./gates.js";
import { Lexicon } from "../../text/lexicon.js";
import type { NegationHit } from "./negation.js";
import { DEFAULT_OPENER_OPTIONS, openerFactor, openersTerm, openerStats, type OpenerOptions } from "./openers.js";
import { compilePhrases, findPhrases, humanPhrasesTerm, phraseCredit, phraseFactor, PolicyPhraseRates, type CompiledPhrases } from "./phrases.js";
import { createBuffers, scanText, type Buffers } from "../../text/scan.js";
import { compileSlop, measureSlop, slopTerm, type CompiledSlop } from "./slop.js";
import { stripRoleplayScaffolding } from "./ooc.js";
import { splitThinking } from "./thinking-block.js";
import { thinkingFactor, thinkingLengthTerm } from "./thinking.js";
import { repeatedShare, repetitionFactor } from "./repetition-guard.js";

export interface ProseRewardOptions {
  gates: GateOptions;
  /** Policy rollouts in the human-phrase rate window; 0 keeps the mined rates (fully deterministic). */
  phraseWindow: number;
  freeThinkingWords: number;
  zeroThinkingWords: number;
  /** Character names to ignore in echo matching, besides capitalized words. */
  names: string[];
  /**
   * Factors left out of the product (an ablation, or a term that does not fit your human reference).
   * They are still computed and reported, with `details.off = true`. The gates cannot be turned off.
   */
  off: ProseFactor[];
  /** Opt-in self-repetition guard (not in the seed); reported as the term `self_repetition` when on. */
  repetition: { enabled: boolean; free: number; full: number };
  /** Opener rule: "templates" (mined opener templates in slop, a p99 guard) or the seed's "seed". */
  openers: OpenerOptions;
}

export const PROSE_FACTORS = ["thinking_length", "slop", "human_phrases", "openers", "echo"] as const;
export type ProseFactor = (typeof PROSE_FACTORS)[number];

export const DEFAULT_PROSE_OPTIONS: ProseRewardOptions = {
  gates: DEFAULT_GATE_OPTIONS,
  phraseWindow: 1024,
  freeThinkingWords: 600,
  zeroThinkingWords: 1200,
  names: [],
  off: [],
  repetition: { enabled: false, free: 0.05, full: 0.5 },
  openers: DEFAULT_OPENER_OPTIONS,
};

/** The stack's terms in order, each with its metadata beside its handler; the registry is derived from them. */
export const PROSE_TERM_META = [gatesTerm, thinkingLengthTerm, slopTerm, humanPhrasesTerm, openersTerm, echoTerm] as const;
export const PROSE_TERMS = PROSE_TERM_META.map((t) => t.name);

export interface ProseMeasures {
  words: number;
  slopDensity: number;
  phraseCredit: number;
  phraseIds: number[];
  openers: ReturnType<typeof openerStats>;
}

export class ProseReward {
  readonly lexicon = new Lexicon();
  private readonly slop: CompiledSlop;
  private readonly phrases: CompiledPhrases;
  private readonly rates: PolicyPhraseRates;
  private readonly buffers: Buffers = createBuffers();
  private readonly negations: NegationHit[] = [];
  private readonly echoPenalties: EchoPenalties;
  private readonly names: Set<string>;

  constructor(
    readonly dictionary: ProseDictionary,
    readonly options: ProseRewardOptions = DEFAULT_PROSE_OPTIONS,
  ) {
    this.slop = compileSlop(dictionary, this.lexicon, { openerTemplates: options.openers.mode === "templates" });
    this.phrases = compilePhrases(dictionary.humanPhrases, this.lexicon);
    this.rates = new PolicyPhraseRates(dictionary.humanPhrases, options.phraseWindow);
    this.echoPenalties = Object.fromEntries(dictionary.echo.map((e) => [e.type, e.penalized ? e.penalty : 0]));
    this.names = new Set(options.names.map((n) => n.toLowerCase()));
  }

  /** Lexical measures of a visible reply (no gates): what mining calibrates on. */
  measure(reply: string, weights = this.rates.weights()): ProseMeasures {
    const scan = scanText(reply, this.lexicon, this.buffers);
    const slop = measureSlop(scan, this.slop, this.negations);
    const ids = findPhrases(scan, this.phrases);
    return { words: scan.n, slopDensity: slop.density, phraseCredit: phraseCredit(ids, weights, scan.n), phraseIds: ids, openers: openerStats(scan, this.lexicon) };
  }

  /**
   * Score rows. Phrase weights come from the policy window as it stood before this batch; the batch
   * then joins the window (so one call is deterministic whatever its order).
   */
  scoreRows(rows: BankRow[], onProgress?: (done: number) => void): Score[] {
    const weights = this.rates.weights();
    const medians = groupMedians(rows);
    const observed: { ids: number[]; words: number }[] = [];
    const scores = rows.map((row, i) => {
      let result: ReturnType<ProseReward["scoreRow"]>;
      try {
        result = this.scoreRow(row, weights, row.group_id !== undefined ? medians.get(row.group_id) : undefined);
      } catch (err) {
        return { value: null, terms: {}, instrument: "", error: `row ${row.id}: ${errorMessage(err)}` };
      }
      if (result.phraseIds) observed.push({ ids: result.phraseIds, words: result.words });
      if (onProgress && (i + 1) % 256 === 0) onProgress(i + 1);
      return result.score;
    });
    onProgress?.(rows.length);
    for (const o of observed) this.rates.observe(o.ids, o.words);
    return scores;
  }

  private scoreRow(row: BankRow, weights: Float64Array, groupMedianWords: number | undefined): { score: Score; phraseIds?: number[]; words: number } {
    const terms: Record<string, TermValue> = {};
    const prompt = typeof row.prompt === "string" ? row.prompt : Array.isArray(row.prompt) ? row.prompt.map((m) => m.content).join("\n") : typeof row.input === "string" ? row.input : "";
    const split = splitThinking(row.output, row.thinking);
    const text = visibleProse(split.reply);
    const scan = scanText(text, this.lexicon, this.buffers);
    let promptWords: Set<string> | undefined;
    const lang = languageStats(text, scan, this.lexicon, prompt, () => (promptWords ??= new Set(words(prompt))));
    const gate = checkGates(
      {
        reply: lang.cleaned,
        words: lang.words,
        commonEnglish: lang.commonEnglish,
        promptCommonEnglish: lang.promptCommonEnglish,
        foreignLetters: lang.foreignLetters,
        foreignScripts: lang.foreignScripts,
        finishReason: row.finish_reason,
        thinkingProblem: split.problem,
        groupMedianWords,
      },
      this.options.gates,
    );
    terms.gates = { value: gate.failed ? 0 : 1, details: gate.failed ? { failed: gate.failed, ...gate.details } : gate.details };
    if (gate.failed) return { score: { value: 0, terms, instrument: "" }, words: 0 };

    const thinkingWords = split.thinking ? words(split.thinking).length : 0;
    const thinking = thinkingFactor(thinkingWords, this.options.freeThinkingWords, this.options.zeroThinkingWords);
    terms.thinking_length = { value: thinking, details: { thinking_words: thinkingWords } };

    const slop = measureSlop(scan, this.slop, this.negations);
    const slopValue = slopFactor(slop.density, this.dictionary.calibration.slop);
    terms.slop = { value: slopValue, details: { density_per_1k: round(slop.density), per_1k: mapRound(slop.per1k), top: slop.top, words: slop.words } };

    const ids = findPhrases(scan, this.phrases);
    const credit = phraseCredit(ids, weights, scan.n);
    const phrases = phraseFactor(credit, scan.n, this.dictionary.calibration.phrases.humanP25);
    terms.human_phrases = { value: phrases, details: { credit_per_1k: round(credit), found: ids.map((id) => this.phrases.entries[id].phrase) } };

    const stats = openerStats(scan, this.lexicon);
    const openers = openerFactor(stats, this.dictionary.calibration.openers, this.options.openers.mode);
    terms.openers = { value: openers, details: { narration_sentences: stats.sentences, hhi: round(stats.hhi), near_repeats: stats.repeats, repeat_rate: round(stats.repeatRate) } };

    const user = lastUserMessage(row.prompt ?? row.input);
    const hits = user ? findEchoesIn(scanSegments(text, scan, this.lexicon), user, this.names) : [];
    const echo = echoFactor(hits, this.echoPenalties);
    terms.echo = { value: echo, details: { hits: hits.map((h) => ({ type: h.type, line: h.line })) } };

    let value = 1;
    for (const factor of PROSE_FACTORS) {
      if (this.options.off.includes(factor)) terms[factor].details = { ...terms[factor].details, off: true };
      else value *= terms[factor].value as number;
    }
    if (this.options.repetition.enabled) {
      const share = repeatedShare(scan);
      const factor = repetitionFactor(share, this.options.repetition);
      terms.self_repetition = { value: factor, details: { repeated_6gram_share: round(share) } };
      value *= factor;
    }
    return { score: { value, terms, instrument: "" }, phraseIds: ids, words: scan.n };
  }
}

/** The reply as every prose term reads it: role-play scaffolding, invisible characters and Zalgo removed, homoglyphs folded. */
export function visibleProse(reply: string): string {
  return foldHomoglyphs(stripZalgo(stripInvisible(stripRoleplayScaffolding(reply))));
}

/** The visible prose of a bank row (its thinking block split off). */
export function rowProse(row: BankRow): string {
  return visibleProse(splitThinking(row.output, row.thinking).reply);
}

/** Median reply length per group (groups of at least 4 rows), for the abnormally-short gate. */
function groupMedians(rows: BankRow[]): Map<string, number> {
  const lengths = new Map<string, number[]>();
  for (const r of rows) {
    if (r.group_id === undefined) continue;
    (lengths.get(r.group_id) ?? lengths.set(r.group_id, []).get(r.group_id)!).push(roughWordCount(r.output));
  }
  const out = new Map<string, number>();
  for (const [g, ls] of lengths) {
    if (ls.length < 4) continue;
    ls.sort((a, b) => a - b);
    const m = ls.length >> 1;
    out.set(g, ls.length % 2 ? ls[m] : (ls[m - 1] + ls[m]) / 2);
  }
  return out;
}

/** Whitespace-separated tokens: enough to compare a reply's length with its group's. */
function roughWordCount(s: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 9 || c === 13;
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
const mapRound = (o: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)]));
