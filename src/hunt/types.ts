// The hunt's vocabulary: an edit is a change to a reply that cannot make it a better reply (each
// operator says why), a finding is an edit (or a chain of them) that raises the reward anyway.
import type { BankRow, TranscriptRow } from "../core/types.js";

export type Family = "markup" | "unicode" | "orthography" | "punctuation" | "structure" | "padding" | "affect" | "rearrangement" | "substitution" | "laughter" | "vrcli" | "mined";
export const FAMILIES: readonly Family[] = ["markup", "unicode", "orthography", "punctuation", "structure", "padding", "affect", "rearrangement", "substitution", "laughter", "vrcli", "mined"];
/** Families that only some stacks read (capabilities.huntFamilies turns them on). */
export const STACK_SPECIFIC_FAMILIES: readonly Family[] = ["laughter", "vrcli"];

/** Where an insertion goes: the start or end of the reply, after its first sentence, or (transcripts) at the end of every policy turn. */
export type Position = "start" | "end" | "end-paragraph" | "after-sentence" | "per-turn";
export const POSITIONS: readonly Position[] = ["end", "end-paragraph", "start", "after-sentence", "per-turn"];

export interface Edit {
  /** Unique, readable: "markup/code-fence", "laughter/elongation:hahahaha@end". */
  id: string;
  family: Family;
  /** The operator inside the family ("code-fence", "confusable"); findings are grouped by family/operator. */
  operator: string;
  /** Why this edit cannot improve the reply, in one sentence. */
  why: string;
  /** How "no better" is established: by construction, or by the stack's clean counterpart (mined text). */
  reference: "by-construction" | "clean-counterpart";
  /** Text inserted, when the edit is an insertion (the reference checks it). */
  inserted?: string;
  /** Where the insertion goes (insertions only). */
  position?: Position;
  /** Applies the edit to one reply; `seed` makes any randomness reproducible per row; `row` is the row it belongs to. */
  apply(text: string, seed: string, row?: BankRow | TranscriptRow): string;
  /** Transcript rows: edit every policy turn rather than the last one. */
  perTurn?: boolean;
  /** Which words a word-level edit touches ("sensitive", "sentence", "long", "every"); the search's bandit arm is operator@granularity. */
  granularity?: string;
}

/**
 * What leave-one-out ablation through the black box found: for each ablated row the words whose
 * removal raised the objective ("costly": the reward is penalizing them) or lowered it ("paying").
 */
export interface Sensitivity {
  /** Row id → lower-cased costly words, most costly first. */
  costlyByRow: Map<string, string[]>;
  /** Row id → lower-cased paying words, most paying first. */
  payingByRow: Map<string, string[]>;
  /** Costly words over all ablated rows (targets for rows that were not ablated). */
  costly: Set<string>;
  paying: Set<string>;
  /** Rows ablated and scorer calls spent. */
  rows: number;
  calls: number;
}

/** What operators may read: the rows' own text, the stack's dictionary, mined phrases. Never the stack's rules. */
export interface OperatorContext {
  /** Sample replies (the bank's outputs or policy turns). */
  replies: readonly string[];
  /** The prose dictionary's human-phrase bonus list and penalized words, when the stack has one. */
  bonusPhrases?: readonly string[];
  penalizedWords?: readonly string[];
  /** Phrases mined from real model outputs (mine.ts). */
  mined?: readonly string[];
  /** Real texts the operators may draw words from (the hunt's mining source). */
  candidates?: readonly string[];
  /** Setups (prompts) of the rows, for stuffing VR-CLI reasoning. */
  setups?: readonly string[];
  /** The rows' prompts (quoted back by the padding family). */
  prompts?: readonly string[];
  /** What ablation found (word-level operators target these words); empty before the search runs it. */
  sensitivity?: Sensitivity;
  seed: string;
}
