// Library API of the exploit hunt: build the candidate edits for a stack from what it may read, search
// through the stack's scorer, and report each finding beside its "no better" reference.
import type { BankRow, TranscriptRow } from "../core/types.js";
import type { ModelClient } from "../models/spec.js";
import type { Scorer, StackCapabilities } from "../stacks/types.js";
import { mineInsertions, type MineOptions } from "./mine.js";
import { catalog } from "./operators/index.js";
import { referenceFor } from "./references.js";
import { buildReport, type HuntReport } from "./report.js";
import { runHunt, type HuntOptions, type HuntRow } from "./search.js";
import { FAMILIES, STACK_SPECIFIC_FAMILIES, type Family, type Position, type Sensitivity } from "./types.js";

export { catalog, mineInsertions, runHunt, buildReport, referenceFor, FAMILIES };
export { ablate } from "./sensitivity.js";
export { formatHuntReport } from "./report.js";
export { exploitSurfaceSvg } from "./surface-svg.js";
export type { Edit, Family, Position, Sensitivity } from "./types.js";
export type { Finding, HuntResult } from "./search.js";
export type { HuntReport } from "./report.js";

export interface HuntStackOptions extends Omit<HuntOptions, "edits" | "scorer" | "rows"> {
  scorer: Scorer<HuntRow>;
  rows: readonly HuntRow[];
  /** What the stack can do (its definition's `capabilities`); read with defaults. */
  capabilities?: StackCapabilities;
  families?: readonly Family[];
  positions?: readonly Position[];
  minedPositions?: readonly Position[];
  /** Texts to mine insertions from (default: the rows' own replies). */
  mineFrom?: readonly string[];
  mine?: MineOptions;
  bonusPhrases?: readonly string[];
  penalizedWords?: readonly string[];
  /** A reference LM for the fluency check (prose and other bank stacks). */
  reference?: ModelClient;
  policySpeaker?: string;
}

/** Families whose operators edit the words ablation finds. */
const WORD_LEVEL_FAMILIES: readonly Family[] = ["unicode", "orthography"];

/** Default objective: the stack's declared hunt objective, else the reward. */
export function defaultObjective(capabilities: StackCapabilities = {}): string {
  return capabilities.huntObjective ?? "reward";
}

/** The generic families plus the stack-specific ones its capabilities name. */
export function defaultFamilies(capabilities: StackCapabilities = {}): Family[] {
  const specific = new Set(capabilities.huntFamilies ?? []);
  return FAMILIES.filter((f) => !STACK_SPECIFIC_FAMILIES.includes(f) || specific.has(f));
}

export function repliesOf(rows: readonly HuntRow[], policySpeaker = "policy"): string[] {
  return rows.flatMap((r) => (Array.isArray((r as TranscriptRow).turns) ? (r as TranscriptRow).turns.filter((t) => t.speaker === policySpeaker).map((t) => t.text) : [(r as BankRow).output]));
}

export async function huntStack(options: HuntStackOptions): Promise<HuntReport> {
  const caps = options.capabilities ?? {};
  const replies = repliesOf(options.rows, options.policySpeaker);
  const families = options.families ?? defaultFamilies(caps);
  const mined = families.includes("mined") ? mineInsertions(options.mineFrom ?? replies, options.mine) : [];
  const setups = options.rows.flatMap((r) => (typeof (r as BankRow).prompt === "string" ? [(r as BankRow).prompt as string] : []));
  const edits = (sensitivity: Sensitivity) =>
    catalog(
      { replies, candidates: options.mineFrom, bonusPhrases: options.bonusPhrases, penalizedWords: options.penalizedWords, mined, setups, prompts: setups, sensitivity, seed: String(options.seed) },
      {
        families,
        positions: options.positions ?? (caps.huntPositions as Position[] | undefined),
        minedPositions: options.minedPositions ?? (caps.minedPositions as Position[] | undefined),
      },
    );
  // Ablation feeds the word-level families only; without them its budget goes to the search.
  const ablationShare = options.ablationShare ?? (families.some((f) => WORD_LEVEL_FAMILIES.includes(f)) ? undefined : 0);
  const result = await runHunt({ ...options, objective: options.objective ?? defaultObjective(caps), edits, ablationShare });
  return buildReport(result, options.scorer.instrument.stack, options.scorer.instrument.hash, referenceFor(caps.huntReference, options.reference));
}
