// Pairs two scored transcript banks session by session (SPEC §6): both arms must cover the same
// seeds and carry scores from one instrument. Rows whose score failed (value null) are excluded
// from the statistics and counted, never replaced by a number.
import { InputError } from "../core/errors.js";
import type { Score, TranscriptRow } from "../core/types.js";

export interface SessionPair {
  seed: number;
  base: TranscriptRow & { score: Score };
  trained: TranscriptRow & { score: Score };
}

export interface PairedBanks {
  pairs: SessionPair[];
  instrument: string;
  /** Seeds dropped because an arm's score is null (with the error). */
  unscored: { seed: number; arm: "base" | "trained"; error: string }[];
}

function indexBySeed(rows: TranscriptRow[], arm: string): Map<number, TranscriptRow> {
  const out = new Map<number, TranscriptRow>();
  rows.forEach((row, i) => {
    if (!Number.isInteger(row.seed)) throw new InputError(`${arm} bank row ${i + 1}`, `"seed" must be an integer, got ${JSON.stringify(row.seed)}`);
    if (out.has(row.seed)) throw new InputError(`${arm} bank row ${i + 1}`, `seed ${row.seed} appears twice; each session seed must be unique`);
    out.set(row.seed, row);
  });
  return out;
}

function listSome(seeds: number[]): string {
  return seeds.length <= 5 ? seeds.join(", ") : `${seeds.slice(0, 5).join(", ")} and ${seeds.length - 5} more`;
}

/** Pair by seed; refuses banks on different seeds or scored by different instruments. */
export function pairBanks(base: TranscriptRow[], trained: TranscriptRow[]): PairedBanks {
  const b = indexBySeed(base, "base");
  const t = indexBySeed(trained, "trained");
  const onlyBase = [...b.keys()].filter((s) => !t.has(s));
  const onlyTrained = [...t.keys()].filter((s) => !b.has(s));
  if (onlyBase.length || onlyTrained.length) {
    const parts = [];
    if (onlyBase.length) parts.push(`${onlyBase.length} seed(s) only in base (${listSome(onlyBase)})`);
    if (onlyTrained.length) parts.push(`${onlyTrained.length} only in trained (${listSome(onlyTrained)})`);
    throw new InputError("banks", `a paired A/B needs identical seeds in both arms: ${parts.join("; ")}`);
  }
  const instruments = new Set<string>();
  const pairs: SessionPair[] = [];
  const unscored: PairedBanks["unscored"] = [];
  for (const seed of [...b.keys()].sort((x, y) => x - y)) {
    const rows = { base: b.get(seed)!, trained: t.get(seed)! };
    let usable = true;
    for (const arm of ["base", "trained"] as const) {
      const score = rows[arm].score;
      if (!score) throw new InputError(`${arm} bank seed ${seed}`, `row has no "score"; score the bank first (foolsgold score --stack humor)`);
      instruments.add(score.instrument);
      if (score.value === null || !Number.isFinite(score.value)) {
        unscored.push({ seed, arm, error: score.error ?? "score value is null" });
        usable = false;
      }
    }
    if (usable) pairs.push({ seed, base: rows.base as SessionPair["base"], trained: rows.trained as SessionPair["trained"] });
  }
  if (instruments.size > 1) {
    throw new InputError("banks", `scores come from ${instruments.size} instruments (${[...instruments].map((h) => h.slice(0, 12)).join(", ")}); rescore both arms with one instrument, scores of different instruments are never pooled`);
  }
  if (pairs.length < 2) throw new InputError("banks", `only ${pairs.length} pair(s) have a score in both arms; a paired comparison needs at least 2`);
  return { pairs, instrument: [...instruments][0], unscored };
}
