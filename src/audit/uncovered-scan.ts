// How often laughter-adjacent tokens the strip does not cover occur in real banks and training dumps
// (seed 000 §3: "across roughly 150,000 policy turns … the four uncovered tokens appear at most 15 times
// per 16,000 turns"). The uncovered tokens are not listed by hand: they are the generated fuzz
// candidates and the bait suite's suffixes that survive the named vocabulary's strip. Each is counted
// over policy turns (a turn counts once per token), with its rate per 16,000 turns and a Wilson 95% CI.
import { InputError } from "../core/errors.js";
import type { TranscriptRow } from "../core/types.js";
import { wilsonCi } from "../stats/proportion.js";
import { lexicalOutcome } from "./bait-fuzzer.js";
import { generateCandidates } from "./fuzz-candidates.js";
import type { ScoringPath } from "./paths.js";
import { DEFAULT_SUFFIXES } from "./suffixes.js";

/** The seed's unit. */
export const PER_TURNS = 16_000;

export interface TokenRate {
  token: string;
  /** Policy turns containing the token. */
  turns: number;
  per16k: number;
  ci95per16k: [number, number];
}

export interface UncoveredScan {
  vocab: string;
  /** Policy turns scanned, per source and in all. */
  sources: { name: string; turns: number }[];
  turns: number;
  /** Candidates that survive the strip (the ones counted). */
  uncovered: string[];
  /** Tokens seen at least once, most frequent first. */
  rates: TokenRate[];
  /** Turns containing any uncovered token. */
  any: TokenRate;
  /** The most frequent token's rate (the seed's "at most 15 per 16,000"), or null when none occurs. */
  max: TokenRate | null;
}

const WORDISH = /[\p{L}\p{N}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Matches the token as a whole: a letter or digit at its edge must not continue into the text around it. */
export function tokenPattern(token: string): RegExp {
  const t = token.trim();
  const before = WORDISH.test(t[0]) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = WORDISH.test(t.at(-1)!) ? "(?![\\p{L}\\p{N}])" : "";
  return new RegExp(`${before}${escape(t)}${after}`, "u");
}

/** Candidates (generated and the suite's baits) that the path's strip leaves visible after a plain turn. */
export function uncoveredTokens(path: ScoringPath, extra: readonly string[] = []): string[] {
  const candidates = [...generateCandidates().map((c) => c.text), ...DEFAULT_SUFFIXES.filter((s) => !s.control).map((s) => s.text), ...extra].map((t) => t.trim()).filter(Boolean);
  return [...new Set(candidates)].filter((c) => lexicalOutcome("Okay, noted.", c, path).outcome !== "stripped");
}

function rate(token: string, k: number, n: number): TokenRate {
  const { ci } = wilsonCi(k, n);
  return { token, turns: k, per16k: (k / n) * PER_TURNS, ci95per16k: [ci[0] * PER_TURNS, ci[1] * PER_TURNS] };
}

export function scanUncovered(sources: readonly { name: string; rows: readonly TranscriptRow[] }[], path: ScoringPath, options: { policySpeaker?: string; extra?: readonly string[] } = {}): UncoveredScan {
  const speaker = options.policySpeaker ?? "policy";
  const tokens = uncoveredTokens(path, options.extra);
  const patterns = tokens.map((t) => [t, tokenPattern(t)] as const);
  const counts = new Map<string, number>();
  let anyCount = 0;
  const scanned = sources.map((s) => {
    let turns = 0;
    for (const row of s.rows) {
      for (const turn of row.turns) {
        if (turn.speaker !== speaker) continue;
        turns++;
        let hit = false;
        for (const [t, re] of patterns) {
          if (!re.test(turn.text)) continue;
          counts.set(t, (counts.get(t) ?? 0) + 1);
          hit = true;
        }
        if (hit) anyCount++;
      }
    }
    return { name: s.name, turns };
  });
  const n = scanned.reduce((a, s) => a + s.turns, 0);
  if (n === 0) throw new InputError("scan", `no turns by the policy speaker "${speaker}" in ${sources.map((s) => s.name).join(", ")}`);
  const rates = [...counts.entries()].map(([t, k]) => rate(t, k, n)).sort((a, b) => b.turns - a.turns || a.token.localeCompare(b.token));
  return { vocab: path.vocab ?? path.mode, sources: scanned, turns: n, uncovered: tokens, rates, any: rate("(any)", anyCount, n), max: rates[0] ?? null };
}
