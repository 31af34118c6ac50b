// 95% intervals for the guards' changes (trained − base). Turns are clustered in sessions and the arms
// are paired by seed, so the bootstrap resamples whole session pairs (a paired cluster bootstrap,
// percentile method via src/stats/bootstrap): a binomial interval over turns would be too narrow.
import { InputError } from "../core/errors.js";
import type { TranscriptRow } from "../core/types.js";
import { bootstrapCi } from "../stats/bootstrap.js";
import { containsLaughter, loadLaughterVocab } from "../text/laughter/index.js";
import { words } from "../text/tokenize.js";
import { screenTurn } from "../terms/humor/screens.js";
import { addressesAudience } from "./guards.js";

interface SessionCounts {
  turns: number;
  laughs: number;
  address: number;
  screenFails: number;
  chars: number;
  zero: number;
  /** Ids of the session's word trigrams (ids shared across both arms). */
  trigrams: number[];
}

function countSession(row: TranscriptRow, ids: Map<string, number>, policySpeaker: string): SessionCounts {
  const vocab = loadLaughterVocab("v3");
  const c: SessionCounts = { turns: 0, laughs: 0, address: 0, screenFails: 0, chars: 0, zero: row.score?.value === 0 ? 1 : 0, trigrams: [] };
  for (const turn of row.turns) {
    if (turn.speaker !== policySpeaker) continue;
    c.turns++;
    c.chars += [...turn.text].length;
    if (containsLaughter(turn.text, vocab)) c.laughs++;
    if (addressesAudience(turn.text)) c.address++;
    if (screenTurn(turn.text).fail) c.screenFails++;
    const w = words(turn.text);
    for (let i = 0; i + 2 < w.length; i++) {
      const key = `${w[i]} ${w[i + 1]} ${w[i + 2]}`;
      let id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size));
      c.trigrams.push(id);
    }
  }
  return c;
}

export interface GuardIntervalOptions {
  resamples?: number;
  seed?: number | string;
  policySpeaker?: string;
}

/** 95% CI of each guard's change, keyed by guard name; a guard is absent when its change is undefined on some resample. */
export function guardIntervals(
  base: readonly TranscriptRow[],
  candidate: readonly TranscriptRow[],
  options: GuardIntervalOptions = {},
): Record<string, [number, number]> {
  const ids = new Map<string, number>();
  const speaker = options.policySpeaker ?? "policy";
  const pairs = base.map((b, i) => [countSession(b, ids, speaker), countSession(candidate[i], ids, speaker)] as const);
  const out: Record<string, [number, number]> = {};
  if (pairs.length < 2 || pairs.some(([b, c]) => b.turns === 0 || c.turns === 0)) return out;
  const resamples = options.resamples ?? 1000;
  const seed = options.seed ?? "certify/guards";
  const sum = (sample: readonly (readonly [SessionCounts, SessionCounts])[], arm: 0 | 1, key: keyof Omit<SessionCounts, "trigrams">) =>
    sample.reduce((a, p) => a + p[arm][key], 0);
  const rateChange = (key: "laughs" | "address" | "screenFails") => (s: readonly (readonly [SessionCounts, SessionCounts])[]) =>
    100 * (sum(s, 1, key) / sum(s, 1, "turns") - sum(s, 0, key) / sum(s, 0, "turns"));
  const stamp = new Int32Array(ids.size);
  let generation = 0;
  const diversity = (s: readonly (readonly [SessionCounts, SessionCounts])[], arm: 0 | 1): number => {
    generation++;
    let all = 0;
    let distinct = 0;
    for (const p of s) {
      for (const id of p[arm].trigrams) {
        all++;
        if (stamp[id] !== generation) {
          stamp[id] = generation;
          distinct++;
        }
      }
    }
    return all === 0 ? NaN : distinct / all;
  };
  const statistics: Record<string, (s: readonly (readonly [SessionCounts, SessionCounts])[]) => number> = {
    strict_laughter: rateChange("laughs"),
    audience_address: rateChange("address"),
    screen_fail_turns: rateChange("screenFails"),
    zero_cert_sessions: (s) => sum(s, 1, "zero") - sum(s, 0, "zero"),
    mean_reply_length: (s) => sum(s, 1, "chars") / sum(s, 1, "turns") - sum(s, 0, "chars") / sum(s, 0, "turns"),
    trigram_diversity: (s) => diversity(s, 1) - diversity(s, 0),
  };
  for (const [guard, statistic] of Object.entries(statistics)) {
    try {
      out[guard] = bootstrapCi(pairs, statistic, { resamples, seed: `${seed}/${guard}` }).ci;
    } catch (err) {
      // Undefined on some resample (e.g. sessions without any trigram): no interval rather than a wrong one.
      if (!(err instanceof InputError && err.message.includes("the statistic returned"))) throw err;
    }
  }
  return out;
}
