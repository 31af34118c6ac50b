// The role-play prose reward (SPEC §7, seed 002): zero-gates, then five multiplied factors — thinking
// length, slop, human-phrase bonus, opener diversity and echo. A ProseReward holds one compiled
// dictionary and its scratch buffers; scoring a row is synchronous and allocation-light, and a pure
// function of the row, the options and the declared inputs (dictionary, phrase rates): nothing
// carries over from one call to the next. How the reply is read and gated comes from a preset
// (presets.ts): `hardened` by default, `seed` as seed 002 is written.
import type { BankRow, Score, TermValue } from "../../core/types.js";
import { errorMessage } from "../../core/errors.js";
import { hashOf } from "../../core/hash.js";
import type { ProseDictionary } from "../../mining/dictionary.js";
import { foldConfusables, foldHomoglyphs, normalizeMarks, stripHtml, stripInvisible, stripZalgo } from "../../text/cleanup.js";
import { words } from "../../text/tokenize.js";
import { slopFactor } from "./calibration.js";
import { echoFactor, echoTerm, findEchoesIn, lastUserMessage, type EchoOptions, type EchoPenalties } from "./echo.js";
import { languageStats } from "./language.js";
import { scanSegments } from "./segments.js";
import { checkGates, gatesTerm, type GateOptions } from "./gates.js";
import { Lexicon } from "../../text/lexicon.js";
import type { NegationHit } from "./negation.js";
import { openerFactor, openersTerm, openerStats, type OpenerOptions } from "./openers.js";
import { compilePhrases, findPhrases, humanPhrasesTerm, MIN_RATE_WORDS, phraseCredit, phraseFactor, phraseRatesSchema, phraseWeights, type CompiledPhrases, type PhraseRates } from "./phrases.js";
import { PROSE_PRESETS, type PresetSettings, type ReadingOptions } from "./presets.js";
import { createBuffers, scanText, type Buffers } from "../../text/scan.js";
import { compileSlop, measureSlop, slopTerm, type CompiledSlop } from "./slop.js";
import { stripRoleplayScaffolding, unhideRoleplayScaffolding } from "./ooc.js";
import { splitThinking } from "./thinking-block.js";
import { thinkingFactor, thinkingLengthTerm } from "./thinking.js";
import { repeatedShare, repetitionFactor } from "./repetition-guard.js";

export interface ProseRewardOptions {
  reading: ReadingOptions;
  gates: GateOptions;
  nextSentenceNegation: boolean;
  echo: EchoOptions;
  /** The policy's recent phrase rates (a declared input); absent, the dictionary's model rates stand in. */
  phraseRates?: PhraseRates;
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

/** The reward's options under one preset, with the seed's thinking limits and no names or ablations. */
export function presetOptions(settings: PresetSettings): ProseRewardOptions {
  return { ...settings, freeThinkingWords: 600, zeroThinkingWords: 1200, names: [], off: [] };
}

/** The default: the hardened preset. */
export const DEFAULT_PROSE_OPTIONS: ProseRewardOptions = presetOptions(PROSE_PRESETS.hardened.settings);
export const SEED_PROSE_OPTIONS: ProseRewardOptions = presetOptions(PROSE_PRESETS.seed.settings);

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
  private readonly weights: Float64Array;
  private readonly ratesRecord: Record<string, unknown>;
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
    this.weights = phraseWeights(dictionary.humanPhrases, options.phraseRates);
    this.ratesRecord = ratesRecord(options.phraseRates, "options");
    this.echoPenalties = Object.fromEntries(dictionary.echo.map((e) => [e.type, e.penalized ? e.penalty : 0]));
    this.names = new Set(options.names.map((n) => n.toLowerCase()));
  }

  /** Lexical measures of a visible reply (no gates): what mining calibrates on. */
  measure(reply: string, weights = this.weights): ProseMeasures {
    const scan = scanText(reply, this.lexicon, this.buffers);
    const slop = measureSlop(scan, this.slop, this.negations, undefined, this.options.nextSentenceNegation);
    const ids = findPhrases(scan, this.phrases);
    return { words: scan.n, slopDensity: slop.density, phraseCredit: phraseCredit(ids, weights, scan.n), phraseIds: ids, openers: openerStats(scan, this.lexicon) };
  }

  /**
   * Score rows. Each row's score depends only on that row, the rows sharing its group (or, hardened,
   * its prompt) for the abnormally-short gate, the options and the declared inputs. A row may carry
   * its own `phrase_rates` (the policy's recent phrase rates, PhraseRates), which then replace the
   * stack's for that row; either way their hash is recorded in the human_phrases details.
   */
  scoreRows(rows: BankRow[], onProgress?: (done: number) => void): Score[] {
    const medians = groupMedians(rows, this.options.gates.scenarioLength);
    const scores = rows.map((row, i) => {
      let score: Score;
      try {
        const rates = rowRates(row);
        const weights = rates ? phraseWeights(this.dictionary.humanPhrases, rates) : this.weights;
        const key = scenarioKey(row, this.options.gates.scenarioLength);
        score = this.scoreRow(row, weights, rates ? ratesRecord(rates, "row") : this.ratesRecord, key === undefined ? undefined : medians.get(key));
      } catch (err) {
        return { value: null, terms: {}, instrument: "", error: `row ${row.id}: ${errorMessage(err)}` };
      }
      if (onProgress && (i + 1) % 256 === 0) onProgress(i + 1);
      return score;
    });
    onProgress?.(rows.length);
    return scores;
  }

  private scoreRow(row: BankRow, weights: Float64Array, rates: Record<string, unknown>, groupMedianWords: number | undefined): Score {
    const terms: Record<string, TermValue> = {};
    const prompt = promptText(row);
    const split = splitThinking(row.output, row.thinking);
    const read = readReply(split.reply, this.options.reading);
    const text = read.text;
    const scan = scanText(text, this.lexicon, this.buffers);
    let promptWords: Set<string> | undefined;
    const lang = languageStats(text, scan, this.lexicon, prompt, () => (promptWords ??= new Set(words(prompt))), this.options.gates.script);
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
        notProseBlocks: read.notProse,
      },
      this.options.gates,
    );
    terms.gates = { value: gate.failed ? 0 : 1, details: gate.failed ? { failed: gate.failed, ...gate.details } : gate.details };
    if (gate.failed) return { value: 0, terms, instrument: "" };

    const thinkingWords = split.thinking ? words(split.thinking).length : 0;
    const thinking = thinkingFactor(thinkingWords, this.options.freeThinkingWords, this.options.zeroThinkingWords);
    terms.thinking_length = { value: thinking, details: { thinking_words: thinkingWords } };

    const slop = measureSlop(scan, this.slop, this.negations, undefined, this.options.nextSentenceNegation);
    const slopCurve = this.options.openers.mode === "templates" ? this.dictionary.calibration.slop : this.dictionary.calibration.slopWithoutTemplates;
    const slopValue = slopFactor(slop.density, slopCurve);
    terms.slop = { value: slopValue, details: { density_per_1k: round(slop.density), per_1k: mapRound(slop.per1k), top: slop.top, words: slop.words } };

    const ids = findPhrases(scan, this.phrases);
    const credit = phraseCredit(ids, weights, scan.n);
    const phrases = phraseFactor(credit, scan.n, this.dictionary.calibration.phrases.humanP25);
    terms.human_phrases = { value: phrases, details: { credit_per_1k: round(credit), found: ids.map((id) => this.phrases.entries[id].phrase), rates } };

    const stats = openerStats(scan, this.lexicon);
    const openers = openerFactor(stats, this.dictionary.calibration.openers, this.options.openers.mode);
    terms.openers = { value: openers, details: { narration_sentences: stats.sentences, hhi: round(stats.hhi), near_repeats: stats.repeats, repeat_rate: round(stats.repeatRate) } };

    const user = lastUserMessage(row.prompt ?? row.input);
    const hits = user ? findEchoesIn(scanSegments(text, scan, this.lexicon), user, this.names, this.options.echo) : [];
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
    return { value, terms, instrument: "" };
  }
}

/** The reply as the terms read it, and how many fenced blocks that are not prose it holds (hardened reading). */
export function readReply(reply: string, reading: ReadingOptions = DEFAULT_PROSE_OPTIONS.reading): { text: string; notProse: number } {
  if (!reading.unhide && !reading.markup && !reading.confusables && reading.markBudget === null) {
    return { text: foldHomoglyphs(stripZalgo(stripInvisible(stripRoleplayScaffolding(reply)))), notProse: 0 };
  }
  let text = stripInvisible(reply);
  if (reading.markup) text = stripHtml(text);
  let notProse = 0;
  if (reading.unhide) {
    const unhidden = unhideRoleplayScaffolding(text);
    text = unhidden.text;
    notProse = unhidden.notProse.length;
  } else text = stripRoleplayScaffolding(text);
  text = reading.markBudget === null ? stripZalgo(text) : normalizeMarks(text, reading.markBudget);
  return { text: reading.confusables ? foldConfusables(text) : foldHomoglyphs(text), notProse };
}

/** The reply as every prose term reads it (the default preset's reading unless one is given). */
export function visibleProse(reply: string, reading: ReadingOptions = DEFAULT_PROSE_OPTIONS.reading): string {
  return readReply(reply, reading).text;
}

/** The visible prose of a bank row (its thinking block split off). */
export function rowProse(row: BankRow, reading: ReadingOptions = DEFAULT_PROSE_OPTIONS.reading): string {
  return visibleProse(splitThinking(row.output, row.thinking).reply, reading);
}

function promptText(row: BankRow): string {
  return typeof row.prompt === "string" ? row.prompt : Array.isArray(row.prompt) ? row.prompt.map((m) => m.content).join("\n") : typeof row.input === "string" ? row.input : "";
}

/** The rows a reply's length is compared with: its group, or (scenarioLength) the replies to the same prompt. */
function scenarioKey(row: BankRow, scenarioLength: boolean): string | undefined {
  if (row.group_id !== undefined) return `group:${row.group_id}`;
  const prompt = scenarioLength ? promptText(row) : "";
  return prompt ? `prompt:${prompt}` : undefined;
}

/** A row's own phrase rates, validated; a malformed one is an error on that row. */
function rowRates(row: BankRow): PhraseRates | undefined {
  if (row.phrase_rates === undefined) return undefined;
  const parsed = phraseRatesSchema.safeParse(row.phrase_rates);
  if (!parsed.success) throw new Error(`phrase_rates: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"} ${i.message}`).join("; ")}`);
  return parsed.data;
}

/** What a score records about the phrase rates it used. */
function ratesRecord(rates: PhraseRates | undefined, from: "options" | "row"): Record<string, unknown> {
  if (!rates) return { source: "dictionary" };
  return { source: from, sha256: hashOf(rates), rollouts: rates.rollouts, words: rates.words, live: rates.words >= MIN_RATE_WORDS };
}

/** Median reply length per group (groups of at least 4 rows), for the abnormally-short gate. */
function groupMedians(rows: BankRow[], scenarioLength: boolean): Map<string, number> {
  const lengths = new Map<string, number[]>();
  for (const r of rows) {
    const key = scenarioKey(r, scenarioLength);
    if (key === undefined) continue;
    (lengths.get(key) ?? lengths.set(key, []).get(key)!).push(roughWordCount(r.output));
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
