// One humor session scored term by term (SPEC §4). `assembleSession` is the pure arithmetic from the
// per-turn measurements (g_j, s_j, L_j, screens) to F, S, taste, B, the training reward and C;
// `measureSession` makes the model calls (one embedding request, one batch of audience requests).
import type { Turn } from "../../core/types.js";
import type { ModelClient } from "../../models/spec.js";
import { certifiedRetention, type CertifiedFormula } from "./certified-retention.js";
import { audienceContext, laughterMass, tasteUnits, type AudienceNormalization, type LaughterMass, type TasteOptions } from "./audience-taste.js";
import { creditFor, groundingWindow, passesFloor, type GroundingCreditForm } from "./grounding.js";
import { cosine } from "../../stats/cosine.js";
import { loadRelevanceReference, relevance } from "./relevance.js";
import { repetitionScores, type RepetitionMode } from "./repetition.js";
import { screenTurn, type ScreenResult, type ScreenVersion } from "./screens.js";
import { stripLaughterByMeaning } from "../../text/laughter-meaning.js";
import { readerView } from "../../text/reader-view.js";
import { tidyAfterStrip } from "../../text/laughter/match.js";
import { turnReward, type TrainingWeights, type TurnInputs } from "./training-reward.js";

export interface HumorSettings {
  floor: number;
  /** The linear credit's ceiling (unused by the ratio credit). */
  ceiling: number;
  credit: GroundingCreditForm;
  window: number;
  repetition: RepetitionMode;
  formula: CertifiedFormula;
  taste: TasteOptions;
  normalization: AudienceNormalization;
  weights: TrainingWeights;
  w_t: number;
  /**
   * "vocab" (seed): the terms read the replies as written and the audience's transcript is stripped by
   * the vocabulary. "meaning" (hardened): every term reads each turn as a reader sees it with its
   * laughter cues removed by the laughter-by-meaning detector, so a cue can move no term but the screens.
   */
  laughter: LaughterReading;
  screens: ScreenVersion;
}

export const LAUGHTER_READINGS = ["vocab", "meaning"] as const;
export type LaughterReading = (typeof LAUGHTER_READINGS)[number];

/**
 * One turn's text as the terms read it under `laughter` (an all-laughter turn becomes empty). The strip's
 * tidying applies to every turn, so a reply with a cue removed reads exactly as the reply without it.
 */
export function termText(text: string, laughter: LaughterReading): string {
  if (laughter === "vocab") return text;
  const stripped = stripLaughterByMeaning(readerView(text));
  return stripped.allLaughter ? "" : tidyAfterStrip(stripped.text);
}

/** The transcript as the terms read it (screens read the turns as written). */
export function termTurns(turns: readonly Turn[], laughter: LaughterReading): readonly Turn[] {
  return laughter === "vocab" ? turns : turns.map((t) => ({ ...t, text: termText(t.text, laughter) }));
}

export interface TurnMeasurements {
  /** Index of the policy turn in the transcript. */
  index: number;
  g: number;
  /** Relevance r_j (relevance.ts), measured when the credit form is "relevance". */
  relevance?: number;
  s: number;
  L: number;
  screen: ScreenResult;
}

export interface TurnBreakdown extends TurnMeasurements {
  credit: number;
  passes: boolean;
  taste: number;
  r: number;
}

export interface SessionBreakdown {
  m: number;
  /** null when there are no policy turns (F, S and mean taste are undefined then; C is 0 by definition). */
  F: number | null;
  /** Mean grounding credit (null without policy turns). */
  G: number | null;
  S: number | null;
  meanTaste: number | null;
  B: 0 | 1;
  trainingReward: number;
  C: number;
  turns: TurnBreakdown[];
}

/** The settings the arithmetic reads (how turns are read and screened is settled before it). */
export type ArithmeticSettings = Omit<HumorSettings, "normalization" | "laughter" | "screens">;

export function assembleSession(measured: readonly TurnMeasurements[], settings: ArithmeticSettings): SessionBreakdown {
  const turns: TurnBreakdown[] = measured.map((t) => {
    const credit = creditFor(t.g, settings, t.relevance);
    const taste = tasteUnits(t.L, settings.taste.L_lo, settings.taste.L_hi);
    const r = turnReward({ credit, repetition: t.s, taste, fail: t.screen.fail }, settings.weights);
    return { ...t, credit, passes: passesFloor(t.g, settings.floor), taste, r };
  });
  const m = turns.length;
  const B: 0 | 1 = turns.every((t) => !t.screen.fail) ? 1 : 0;
  if (m === 0) return { m, F: null, G: null, S: null, meanTaste: null, B, trainingReward: 0, C: 0, turns };
  const F = turns.filter((t) => t.passes).length / m;
  const S = Math.max(...turns.map((t) => t.s));
  const meanTaste = turns.reduce((sum, t) => sum + t.taste, 0) / m;
  const trainingReward = turns.reduce((sum, t) => sum + t.r, 0) / m;
  const G = turns.reduce((sum, t) => sum + t.credit, 0) / m;
  const C = certifiedRetention({ m, F, G, S, s: turns.map((t) => t.s), taste: turns.map((t) => t.taste), B }, { w_t: settings.w_t, formula: settings.formula });
  return { m, F, G, S, meanTaste, B, trainingReward, C, turns };
}

export interface HumorModels {
  audience: ModelClient;
  embedder: ModelClient;
}

export interface SessionMeasurement {
  measured: TurnMeasurements[];
  laughter: LaughterMass[];
}

/** The model-based measurements of one session; a failed model call rejects (the caller records it). */
export async function measureSession(turns: readonly Turn[], models: HumorModels, settings: HumorSettings, policySpeaker = "policy"): Promise<SessionMeasurement> {
  const written = turns;
  turns = termTurns(written, settings.laughter);
  const policyIndexes = turns.flatMap((t, i) => (t.speaker === policySpeaker ? [i] : []));
  if (policyIndexes.length === 0) return { measured: [], laughter: [] };
  const replies = policyIndexes.map((i) => turns[i].text);
  const windows = policyIndexes.map((i) => groundingWindow(turns, i, settings.window));
  const previous = policyIndexes.map((i) => previousTurn(turns, i));
  const unique = [...new Set([...replies, ...windows, ...(settings.credit === "relevance" ? previous : [])])];
  const normalization = { ...settings.normalization, policySpeaker };
  const contexts = policyIndexes.map((i) => audienceContext(turns, i, normalization));
  const [vectors, laughter] = await Promise.all([models.embedder.embed(unique), laughterMass(models.audience, contexts, settings.taste)]);
  const byText = new Map(unique.map((text, i) => [text, vectors[i]]));
  const partnerRecent = policyIndexes.map((i) => partnerWindow(turns, i, settings.window, policySpeaker));
  const repetition = repetitionScores(replies, partnerRecent, settings.repetition);
  const measured = policyIndexes.map((index, j) => ({
    index,
    // An empty reply, or one with nothing before it, is not grounded in anything.
    g: windows[j] === "" || replies[j].trim() === "" ? 0 : cosine(byText.get(replies[j])!, byText.get(windows[j])!),
    ...(settings.credit === "relevance" ? { relevance: turnRelevanceOf(replies[j], previous[j], byText) } : {}),
    s: repetition[j],
    L: laughter[j].L,
    screen: screenTurn(written[index].text, settings.screens),
  }));
  return { measured, laughter };
}

/** The turn a reply answers: the one right before it ("" at the start). */
export function previousTurn(turns: readonly Turn[], index: number): string {
  return index > 0 ? turns[index - 1].text : "";
}

/** r_j from embeddings already fetched; an empty reply, or one with nothing before it, answers nothing. */
export function turnRelevanceOf(reply: string, previous: string, byText: ReadonlyMap<string, number[]>): number {
  if (previous.trim() === "" || reply.trim() === "") return relevanceFloor();
  return relevance(reply, previous, byText.get(reply)!, byText.get(previous)!, loadRelevanceReference());
}

const relevanceFloor = () => loadRelevanceReference().floor;

/**
 * r_j of the policy turn at `index` (as the terms read it under `settings.laughter`), with its own
 * embedding request: for callers that score one turn at a time (best-of-N reranking).
 */
export async function turnRelevance(embedder: ModelClient, turns: readonly Turn[], index: number, settings: Pick<HumorSettings, "laughter">): Promise<number> {
  const read = termTurns(turns.slice(0, index + 1), settings.laughter);
  const reply = read[index].text;
  const previous = previousTurn(read, index);
  if (previous.trim() === "" || reply.trim() === "") return relevanceFloor();
  const [a, b] = await embedder.embed([reply, previous]);
  return relevance(reply, previous, a, b, loadRelevanceReference());
}

/** The partner turns among the `window` turns before `index`, joined (what "beyond-partner" excuses). */
export function partnerWindow(turns: readonly Turn[], index: number, window: number, policySpeaker: string): string {
  return turns
    .slice(Math.max(0, index - window), index)
    .filter((t) => t.speaker !== policySpeaker)
    .map((t) => t.text)
    .join("\n");
}

/**
 * r_j's inputs for the policy turn at `index` given everything before it, from its measured g and L,
 * exactly as the stack computes them under `settings` (credit form, repetition mode): what best-of-N
 * reranking by the training reward must use so that it optimizes the reward the bank is scored with.
 */
export function policyTurnInputs(
  turns: readonly Turn[],
  index: number,
  measured: { g: number; L: number; relevance?: number },
  settings: ArithmeticSettings & Partial<Pick<HumorSettings, "laughter" | "screens">>,
  policySpeaker = "policy",
): TurnInputs {
  const written = turns;
  turns = termTurns(written.slice(0, index + 1), settings.laughter ?? "vocab");
  const slots = turns.flatMap((t, i) => (t.speaker === policySpeaker ? [i] : []));
  const replies = slots.map((i) => turns[i].text);
  const partnerRecent = slots.map((i) => partnerWindow(turns, i, settings.window, policySpeaker));
  const s = repetitionScores(replies, partnerRecent, settings.repetition);
  return {
    credit: creditFor(measured.g, settings, measured.relevance),
    repetition: s[s.length - 1],
    taste: tasteUnits(measured.L, settings.taste.L_lo, settings.taste.L_hi),
    fail: screenTurn(written[index].text, settings.screens).fail,
  };
}
