// Relevance of a reply to the turn it answers (issue 36): embedding cosine alone lets a generic
// non-answer ("Let's get that sorted out for the team.") pass as grounded, because such a sentence is
// about as close to every office conversation as a real reply is to its own. Relevance measures what the
// turn before explains beyond that:
//   r_j = cos(reply, previous turn) − cos(reply, m) · |m| + overlap(reply, previous turn)
// where m is the mean unit embedding of real conversation turns (DailyDialog "work", the tuning corpus),
// so the middle term is the reply's mean cosine to an ordinary turn (how generic it is), and the overlap
// is the share of the reply's content lemmas the previous turn used. The credit is linear from the p5 to
// the p90 of real replies' r on DailyDialog (relevance-reference.json, for the USE-lite embedder; run
// scripts/calibrate-humor-relevance.ts for another).
import { readFileSync } from "node:fs";
import { InputError } from "../../core/errors.js";
import { cosine } from "../../stats/cosine.js";
import { contentWords } from "../../text/stopwords.js";
import { once } from "../../core/once.js";

export const RELEVANCE_VERSION = "humor-relevance-1";

export interface RelevanceReference {
  version: string;
  /** The embedder the mean and the calibration belong to. */
  embedder: string;
  dims: number;
  /** Mean unit embedding of the reference turns. */
  mean: number[];
  /** p5 and p90 of real replies' r: where the credit starts and where it reaches 1. */
  floor: number;
  ceiling: number;
  calibration: Record<string, unknown>;
}

export const RELEVANCE_REFERENCE_URL = new URL("./relevance-reference.json", import.meta.url);

const shipped = once(() => JSON.parse(readFileSync(RELEVANCE_REFERENCE_URL, "utf8")) as RelevanceReference);
export function loadRelevanceReference(): RelevanceReference {
  return shipped();
}

/** Share of the reply's content lemmas that the previous turn also used (0 without content words). */
export function contentOverlap(reply: string, previous: string): number {
  const own = new Set(contentWords(reply));
  if (own.size === 0) return 0;
  const theirs = new Set(contentWords(previous));
  let shared = 0;
  for (const w of own) if (theirs.has(w)) shared++;
  return shared / own.size;
}

/** r_j from the reply, the previous turn and their embeddings. */
export function relevance(reply: string, previous: string, replyVector: readonly number[], previousVector: readonly number[], reference: RelevanceReference): number {
  if (replyVector.length !== reference.dims) {
    throw new InputError("relevance", `the reference is for ${reference.embedder} (${reference.dims} dimensions) but the embedder returned ${replyVector.length}; use credit "linear" or calibrate a reference for this embedder`);
  }
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < replyVector.length; i++) {
    dot += replyVector[i] * reference.mean[i];
    norm += replyVector[i] * replyVector[i];
  }
  const generic = norm === 0 ? 0 : dot / Math.sqrt(norm);
  return cosine(replyVector as number[], previousVector as number[]) - generic + contentOverlap(reply, previous);
}

export function relevanceCredit(r: number, reference: Pick<RelevanceReference, "floor" | "ceiling">): number {
  return Math.min(1, Math.max(0, (r - reference.floor) / (reference.ceiling - reference.floor)));
}
