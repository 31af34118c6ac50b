// The prose stack's two presets, versioned in the instrument. `seed` reads and gates a reply as seed 002
// is written; `hardened` (the default) closes what the seed lets a policy hide or fake (issue 17): the
// reply is read as its reader sees it — HTML tags and comments stripped before every term, fenced and
// ((…)) content scored (or, when it is not prose, gated) rather than hidden, look-alikes folded from
// Unicode's confusables table, combining marks held to a small budget — and the gates judge the whole
// reply. It also turns on the self-repetition guard, and replaces the seed's opener factor with mined
// opener templates and a loose guard (openers.ts). Version 3 (issue 36) reads every reply through the
// reader's view first (src/text/reader-view.ts): invisible characters, compatibility forms, look-alikes
// of every script and precomposed marks closed from Unicode's data rather than a hand list. Version 7: a
// word is a run of letters of any script, and a word mixing Latin letters with another script's is priced.
// Version 8: filler words (degree adverbs, hedges) are read through (fillers.ts).
// Version 9: inserted asides (leads, brackets, comma asides) are read through too (asides.ts); a sentence
// boundary written any way ends a sentence; spellings of priced words at any recognizable distance; the
// human-phrase bonus weighs a fifth in the product (HARDENED_WEIGHTS); slop is at most the reply's without
// any one unrelated block.
// docs/prose.md ("Hardened defaults") has the figures.
import type { EchoOptions } from "./echo.js";
import { HARDENED_ECHO_OPTIONS, SEED_ECHO_OPTIONS } from "./echo.js";
import { DEFAULT_GATE_OPTIONS, HARDENED_GATE_OPTIONS, type GateOptions } from "./gates.js";
import { FUNCTION_ORDER_DEFAULTS, type FunctionOrderOptions } from "./function-order.js";
import type { OpenerOptions } from "./openers.js";
import type { NonWordPrice } from "../../text/spelling.js";
import type { PaddingPrice } from "./padding.js";
import type { ProseFactor } from "./factors.js";

/** How a reply is read before any term sees it. */
export interface ReadingOptions {
  /** Read the reply through the reader's view first (src/text/reader-view.ts); absent: off, as the seed reads. */
  view?: boolean;
  /**
   * Read a one-edit slip of a known word as that word, and price the share of words that are neither
   * English, names nor the prompt's (src/text/spelling.ts): free up to `free`, the slop factor times a
   * line falling to `floor` at `floorAt`. Absent: off, as the seed reads.
   */
  spelling?: SpellingOptions;
  /**
   * Read writings a reader reads straight through (src/text/orthography.ts): every line and paragraph
   * separator, compatibility punctuation, letter forms of every script, words hyphenated across a line
   * break or letter-spaced, digits and symbols for letters, stretched letters, archaic elisions. Absent:
   * off, as the seed reads.
   */
  orthography?: boolean;
  /**
   * Price casing that departs from human prose (src/text/casing.ts): the share of words that do not open
   * a sentence yet start with a capital, free up to `free`, the slop factor times a line falling to
   * `floor` at `floorAt`. Absent: off, as the seed reads.
   */
  casing?: NonWordPrice;
  /**
   * Words that narrate nothing (discourse leads and tails, bracketed lines: padding.ts) are left out of
   * the words slop is spread over, and their share beyond `free` multiplies the slop factor by a line
   * falling to `floor` at `floorAt`. Absent: off, as the seed reads.
   */
  padding?: PaddingPrice;
  /**
   * Read through filler words (degree and emphasis adverbs, multi-word hedges: fillers.ts): the terms read
   * a scan without them, and slop is the larger of its count there and on the whole scan. Absent: off, as
   * the seed reads.
   */
  fillers?: boolean;
  /**
   * Price the share of the reply's content words that are the prompt's own (promptEcho.ts): free up to
   * `free`, the slop factor times a line falling to `floor` at `floorAt`. Absent: off, as the seed reads.
   */
  promptEcho?: NonWordPrice;
  /**
   * Judge added paragraphs (the dilution reading) in blocks of whole sentences of 20 to 200 words cut at
   * line breaks or topic shifts (./stack/prepare.ts sentenceBlocks) rather than the reply's own lines, so
   * removing or adding breaks, lists and numbering read alike. Absent: the reply's lines.
   */
  blocks?: boolean;
  /**
   * Read slop density against the reply's mix of speech and narration: speech holds about this share of
   * narration's slop per word (HARDENED_SPEECH), so the density is divided by 1 − (1 − speech) × the share
   * of words spoken. A reply reduced to its dialogue dropped the narration the task asks for and its slop
   * with it (+0.098, battery 4); read this way it is as dense as the narration it lost.
   */
  speech?: number;
  /** Strip HTML tags, comments and entities before every term (the seed strips them for the gates only). */
  markup: boolean;
  /** Keep fenced blocks and ((…)) / [OOC: …] notes as text; a fenced block that is not prose gates the reply. */
  unhide: boolean;
  /** Fold look-alikes with Unicode's confusables table (the seed: a short Cyrillic/Greek list). */
  confusables: boolean;
  /** Combining marks allowed per 100 letters before all are removed (null: the seed's per-letter Zalgo rule). */
  markBudget: number | null;
}

export type SpellingOptions = NonWordPrice;

/**
 * Free up to the highest of the human sources' own 99th percentiles of the padding share, rounded up
 * (HANNA 0.0431, Brown 0.0416, Gutenberg 0.0327: bench/studies/prose-padding.ts); the floor is reached
 * where a four-word lead on every sentence puts a reply (about a fifth of its words and more).
 */
export const HARDENED_PADDING: PaddingPrice = { free: 0.045, floorAt: 0.25, floor: 0.5 };

/**
 * The highest of the human sources' own 99th percentiles of the non-word share, rounded up (HANNA's
 * r/WritingPrompts stories, 0.0433; Gutenberg 0.0189, Brown 0.0197: bench/studies/prose-nonwords.ts), as the
 * opener guard's p99 is taken, so no human genre is charged for its normal habit.
 */
export const HARDENED_SPELLING: SpellingOptions = { free: 0.045, floorAt: 0.095, floor: 0.1 };

/**
 * The highest of the human sources' own 99th percentiles of the share of capitalized words that do not
 * open a sentence, rounded up (HANNA 0.1635, Brown 0.1377, Gutenberg 0.0981: bench/studies/prose-casing.ts),
 * then a gentle line: Title Case Every Word (share near 1) keeps a quarter of the slop factor.
 */
/**
 * Above the highest share of prompt words among the content words of HANNA's 96 human stories to their
 * prompts (whole story 0.170, first 60 words 0.261; bench/studies/prose-prompt-echo.ts), rounded up with
 * room; a text made of nothing but the prompt's words (shuffled, repeated, restated: share near 1) keeps
 * a tenth of the slop factor.
 */
export const HARDENED_PROMPT_ECHO: NonWordPrice = { free: 0.35, floorAt: 0.9, floor: 0.1 };

/**
 * Slop per word inside quotation marks, as a share of the narration's: human fiction 0.599 (Gutenberg,
 * Brown and HANNA; 97,253 words of speech, 119,680 of narration), model replies 0.635 (the tuning slice,
 * 400 replies): bench/studies/prose-speech.ts. Rounded to 0.6.
 */
export const HARDENED_SPEECH = 0.6;

/**
 * Each factor's exponent in the reward's product (absent: 1). The slop factor alone separated human from
 * model prose better than the product did (held-out creative AUC 0.988 against 0.962 on v8): the
 * human-phrase bonus (0.70 with no human phrase, 1 at the human 25th percentile) charged human text that
 * happens to use none. Fit on the tuning rows only (bench/studies/prose-weights.ts: model replies on
 * slop-score lines ≡ 3 mod 10, the scored half of the human mining half): AUC 0.9913 with weight 1,
 * 0.9971 with 0.2, 0.9967 with 0 (HANNA's 16 stories against their 96 model stories: 0.806, 0.856,
 * 0.860). A fifth keeps a little of its ranking and makes what phrases can add or cost a fifth of what it was.
 */
export const HARDENED_WEIGHTS: Readonly<Partial<Record<ProseFactor, number>>> = { human_phrases: 0.2 };

export const HARDENED_CASING: SpellingOptions = { free: 0.17, floorAt: 1, floor: 0.25 };

export interface PresetSettings {
  reading: ReadingOptions;
  gates: GateOptions;
  /** Find "It wasn't fear. It was hunger." as a negation pattern. */
  nextSentenceNegation: boolean;
  echo: EchoOptions;
  repetition: {
    enabled: boolean;
    free: number;
    full: number;
    diversity?: { free: number; zero: number };
    openerGrouping?: { free: number; zero: number };
    functionWords?: { free: number; zero: number; minWords: number };
  };
  /** Human phrases: count one only in a sentence at most this share bonus phrases; forfeit at a sentence of ≥ N (null: as the seed). */
  phrases: { maxSentenceShare: number | null; forfeitAt: number | null };
  /** Function-word order guard: word salad without a model (function-order.ts). */
  functionOrder: FunctionOrderOptions;
  /** The seed's opener rule, or mined opener templates in slop with a p99 guard (issue 17's opener decision). */
  openers: OpenerOptions;
  /** Each factor's exponent in the product (absent, or a factor absent: 1, as the seed multiplies). */
  weights?: Readonly<Partial<Record<ProseFactor, number>>>;
}

export const PROSE_PRESET_NAMES = ["seed", "hardened"] as const;
export type ProsePresetName = (typeof PROSE_PRESET_NAMES)[number];

export interface ProsePreset {
  name: ProsePresetName;
  /** Bumped whenever what the preset resolves to changes; recorded in the instrument. */
  version: string;
  settings: PresetSettings;
}

const REPETITION = { free: 0.05, full: 0.5 };

export const PROSE_PRESETS: Readonly<Record<ProsePresetName, ProsePreset>> = {
  seed: {
    name: "seed",
    version: "1",
    settings: {
      reading: { markup: false, unhide: false, confusables: false, markBudget: null },
      gates: DEFAULT_GATE_OPTIONS,
      nextSentenceNegation: false,
      echo: SEED_ECHO_OPTIONS,
      repetition: { enabled: false, ...REPETITION },
      phrases: { maxSentenceShare: null, forfeitAt: null },
      functionOrder: { enabled: false, ...FUNCTION_ORDER_DEFAULTS },
      openers: { mode: "seed" },
    },
  },
  hardened: {
    name: "hardened",
    version: "9",
    settings: {
      reading: {
        view: true,
        orthography: true,
        spelling: HARDENED_SPELLING,
        casing: HARDENED_CASING,
        padding: HARDENED_PADDING,
        fillers: true,
        promptEcho: HARDENED_PROMPT_ECHO,
        blocks: true,
        speech: HARDENED_SPEECH,
        markup: true,
        unhide: true,
        confusables: true,
        markBudget: 2,
      },
      gates: HARDENED_GATE_OPTIONS,
      nextSentenceNegation: true,
      echo: HARDENED_ECHO_OPTIONS,
      // Word salad (issue 36): below the human p0.1 of lexical diversity (bench/studies/prose-nonwords.ts's corpora).
      // Degenerate orderings and non-prose (stop36): beyond the human maximum of opener grouping (0.393) and
      // below the human minimum share of function words (0.333 in a text of 10 or more words), with room
      // (repetition-guard.ts).
      repetition: { enabled: true, ...REPETITION, diversity: { free: 0.6, zero: 0.35 }, openerGrouping: { free: 0.4, zero: 0.55 }, functionWords: { free: 0.3, zero: 0.1, minWords: 10 } },
      phrases: { maxSentenceShare: 0.5, forfeitAt: 4 },
      functionOrder: { enabled: true, ...FUNCTION_ORDER_DEFAULTS },
      openers: { mode: "templates" },
      weights: HARDENED_WEIGHTS,
    },
  },
};
