// The role-play prose reward (SPEC §7, seed 002): zero-gates, then five multiplied factors — thinking
// length, slop, human-phrase bonus, opener diversity and echo — and the self-repetition guard when on.
// The `prose` stack (src/stacks/prose.ts) composes the terms in ./stack/ with composeStack; ProseReward
// is the same terms driven synchronously in-process, for mining and the benches, with no second copy
// of any term. A score is a pure function of the row, the options and the declared inputs
// (dictionary, phrase rates): nothing carries over from one call to the next. How the reply is read
// and gated comes from a preset (presets.ts): `hardened` by default, `seed` as seed 002 is written.
import type { BankRow, Score, TermValue } from "../../core/types.js";
import { errorMessage } from "../../core/errors.js";
import type { ProseDictionary } from "../../mining/dictionary.js";
import { createBuffers, scanText, type Buffers } from "../../text/scan.js";
import type { Lexicon } from "../../text/lexicon.js";
import type { TermOutcome } from "../types.js";
import type { EchoOptions } from "./echo.js";
import { PROSE_FACTORS, type ProseFactor } from "./factors.js";
import type { GateOptions } from "./gates.js";
import type { FunctionOrderOptions } from "./function-order.js";
import type { OpenerOptions } from "./openers.js";
import { openerStats } from "./openers.js";
import { findPhrases, phraseCredit, phraseWeights, type PhraseRates } from "./phrases.js";
import { PROSE_PRESETS, type PresetSettings, type ReadingOptions } from "./presets.js";
import { measureSlop } from "./slop.js";
import { echoOutcome } from "./stack/echo.js";
import { gateOutcome, rowGroupMedians } from "./stack/gates.js";
import { phrasesOutcomes } from "./stack/human-phrases.js";
import { openersOutcome } from "./stack/openers.js";
import { compileProse, prepareProse, type CompiledProse } from "./stack/prepare.js";
import { functionOrderOutcome } from "./stack/function-order.js";
import { repetitionOutcome } from "./stack/self-repetition.js";
import { slopOutcome } from "./stack/slop.js";
import { thinkingOutcome } from "./stack/thinking-length.js";

export { readReply, rowProse, visibleProse } from "./read.js";
export { PROSE_FACTORS, type ProseFactor } from "./factors.js";

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
  /** Self-repetition guard (not in the seed; on in hardened); reported as the term `self_repetition`. */
  repetition: { enabled: boolean; free: number; full: number; diversity?: { free: number; zero: number } };
  /** Which occurrences of a human phrase count (hardened: not in a sentence mostly of bonus phrases). */
  phrases: { maxSentenceShare: number | null; forfeitAt: number | null };
  /** Function-word order guard (not in the seed; on in hardened); reported as the term `function_order`. */
  functionOrder: FunctionOrderOptions;
  /** Opener rule: "templates" (mined opener templates in slop, a p99 guard) or the seed's "seed". */
  openers: OpenerOptions;
}

/** The reward's options under one preset, with the seed's thinking limits and no names or ablations. */
export function presetOptions(settings: PresetSettings): ProseRewardOptions {
  return { ...settings, freeThinkingWords: 600, zeroThinkingWords: 1200, names: [], off: [] };
}

/** The default: the hardened preset. */
export const DEFAULT_PROSE_OPTIONS: ProseRewardOptions = presetOptions(PROSE_PRESETS.hardened.settings);
export const SEED_PROSE_OPTIONS: ProseRewardOptions = presetOptions(PROSE_PRESETS.seed.settings);

export interface ProseMeasures {
  words: number;
  slopDensity: number;
  phraseCredit: number;
  phraseIds: number[];
  openers: ReturnType<typeof openerStats>;
}

export class ProseReward {
  readonly lexicon: Lexicon;
  private readonly compiled: CompiledProse;
  private readonly weights: Float64Array;
  private readonly buffers: Buffers = createBuffers();

  constructor(
    readonly dictionary: ProseDictionary,
    readonly options: ProseRewardOptions = DEFAULT_PROSE_OPTIONS,
  ) {
    this.compiled = compileProse(dictionary, options.openers.mode);
    this.lexicon = this.compiled.lexicon;
    this.weights = phraseWeights(dictionary.humanPhrases, options.phraseRates);
  }

  /** Lexical measures of a visible reply (no gates): what mining calibrates on. */
  measure(reply: string, weights = this.weights): ProseMeasures {
    const scan = scanText(reply, this.lexicon, this.buffers);
    const slop = measureSlop(scan, this.compiled.slop, { nextSentenceNegation: this.options.nextSentenceNegation });
    const ids = findPhrases(scan, this.compiled.phrases);
    return { words: scan.n, slopDensity: slop.density, phraseCredit: phraseCredit(ids, weights, scan.n), phraseIds: ids, openers: openerStats(scan, this.lexicon) };
  }

  /**
   * Score rows as the `prose` stack does, synchronously. Each row's score depends only on that row,
   * the rows sharing its group (or, hardened, its prompt) for the abnormally-short gate, the options
   * and the declared inputs; a row's own `phrase_rates` replace the options' for that row.
   */
  scoreRows(rows: BankRow[], onProgress?: (done: number) => void): Score[] {
    const o = this.options;
    const medians = rowGroupMedians(rows, o.gates.scenarioLength);
    const scores = rows.map((row, i): Score => {
      if (onProgress && (i + 1) % 256 === 0) onProgress(i + 1);
      try {
        const p = prepareProse(row, this.compiled, o.reading, o.gates.script);
        const terms: Record<string, TermValue> = {};
        const gate = gateOutcome(p, o.gates, medians[i]);
        terms.gates = asTerm(gate);
        if (gate.value === 0) return { value: 0, terms, instrument: "" };
        const phrases = phrasesOutcomes([p], { rates: o.phraseRates, from: "options" }, o.off, o.phrases)[0];
        if (phrases.error) throw new Error(typeof phrases.error === "string" ? phrases.error : phrases.error.message);
        const factors: Record<ProseFactor, TermOutcome> = {
          thinking_length: thinkingOutcome(p, o),
          slop: slopOutcome(p, { negation: { nextSentence: o.nextSentenceNegation }, openers: o.openers, off: o.off }),
          human_phrases: phrases,
          openers: openersOutcome(p, o),
          echo: echoOutcome(p, o),
        };
        let value = 1;
        for (const f of PROSE_FACTORS) {
          terms[f] = asTerm(factors[f]);
          if (!o.off.includes(f)) value *= factors[f].value as number;
        }
        const repetition = repetitionOutcome(p, o.repetition);
        terms.self_repetition = asTerm(repetition);
        const order = functionOrderOutcome(p, o.functionOrder);
        terms.function_order = asTerm(order);
        return { value: value * (repetition.value as number) * (order.value as number), terms, instrument: "" };
      } catch (err) {
        return { value: null, terms: {}, instrument: "", error: `row ${row.id}: ${errorMessage(err)}` };
      }
    });
    onProgress?.(rows.length);
    return scores;
  }
}

function asTerm(o: TermOutcome): TermValue {
  return { value: o.value, ...(o.details ? { details: o.details } : {}) };
}
