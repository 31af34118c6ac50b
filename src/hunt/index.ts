// Library API of the exploit hunt: build the candidate edits for a stack from what it may read, search
// through the stack's scorer, and report each finding beside its "no better" reference.
import type { BankRow, TranscriptRow } from "../core/types.js";
import type { ModelClient } from "../models/spec.js";
import type { Scorer } from "../stacks/types.js";
import { mineInsertions, type MineOptions } from "./mine.js";
import { catalog } from "./operators/index.js";
import { referenceFor } from "./references.js";
import { buildReport, type HuntReport } from "./report.js";
import { runHunt, type HuntOptions, type HuntRow } from "./search.js";
import { FAMILIES, type Family, type Position } from "./types.js";

export { catalog, mineInsertions, runHunt, buildReport, referenceFor, FAMILIES };
export { formatHuntReport } from "./report.js";
export { exploitSurfaceSvg } from "./surface-svg.js";
export type { Edit, Family, Position } from "./types.js";
export type { Finding, HuntResult } from "./search.js";
export type { HuntReport } from "./report.js";

export interface HuntStackOptions extends Omit<HuntOptions, "edits" | "scorer" | "rows"> {
  scorer: Scorer<HuntRow>;
  rows: readonly HuntRow[];
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

/** Default objective per stack: the audience's laughter mass for humor, the reward elsewhere. */
export function defaultObjective(stack: string): string {
  return stack === "humor" ? "taste.L" : "reward";
}

export function repliesOf(rows: readonly HuntRow[], policySpeaker = "policy"): string[] {
  return rows.flatMap((r) => (Array.isArray((r as TranscriptRow).turns) ? (r as TranscriptRow).turns.filter((t) => t.speaker === policySpeaker).map((t) => t.text) : [(r as BankRow).output]));
}

export async function huntStack(options: HuntStackOptions): Promise<HuntReport> {
  const stack = options.scorer.instrument.stack;
  const replies = repliesOf(options.rows, options.policySpeaker);
  const families = options.families ?? FAMILIES.filter((f) => (stack === "vrcli" ? true : f !== "vrcli")).filter((f) => (stack === "humor" ? true : f !== "laughter"));
  const mined = families.includes("mined") ? mineInsertions(options.mineFrom ?? replies, options.mine) : [];
  const setups = options.rows.flatMap((r) => (typeof (r as BankRow).prompt === "string" ? [(r as BankRow).prompt as string] : []));
  const edits = catalog({ replies, candidates: options.mineFrom, bonusPhrases: options.bonusPhrases, penalizedWords: options.penalizedWords, mined, setups, seed: String(options.seed) }, {
    families,
    positions: options.positions ?? (stack === "humor" ? ["per-turn", "end"] : undefined),
    minedPositions: options.minedPositions ?? (stack === "humor" ? ["per-turn"] : undefined),
  });
  const result = await runHunt({ ...options, objective: options.objective ?? defaultObjective(stack), edits });
  return buildReport(result, stack, options.scorer.instrument.hash, referenceFor(stack, options.reference));
}
