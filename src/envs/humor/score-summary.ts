// A scored humor bank in a few numbers (n, means with 95% t intervals, zero-certification count) and as
// a terminal table, one row per session. Scores of different instruments are never pooled.
import { InputError } from "../../core/errors.js";
import type { Score, TranscriptRow } from "../../core/types.js";
import { describeMean } from "../../stats/index.js";
import { estimateText } from "../../core/significant.js";

export interface MeanInterval {
  n: number;
  mean: number | null;
  /**
   * Two-sided 95% Student-t interval of the mean, intersected with the quantity's range where it has
   * one (C, F, S and taste lie in [0, 1], so their mean does too: cutting the interval there loses no
   * coverage, and "0.98 (CI 0.96 to 1.01)" would promise an impossible value); null when n < 2.
   */
  ci95: [number, number] | null;
}

export interface HumorScoreSummary {
  instrument: string | null;
  sessions: number;
  scored: number;
  failed: number;
  certified: MeanInterval;
  zero_certification: number;
  training_reward: MeanInterval;
  taste: MeanInterval;
  grounding_F: MeanInterval;
  repetition_S: MeanInterval;
  screen_fail_sessions: number;
}

/** Mean with its t interval (src/stats describeMean); null mean for an empty list, so JSON stays valid. */
export function meanInterval(values: readonly number[], range?: [number, number]): MeanInterval {
  const d = describeMean(values);
  const ci = d.ci && range ? ([Math.max(range[0], d.ci[0]), Math.min(range[1], d.ci[1])] as [number, number]) : d.ci;
  return { n: d.n, mean: d.n === 0 ? null : d.mean, ci95: ci };
}

const UNIT: [number, number] = [0, 1];

function termValues(scores: readonly Score[], term: string): number[] {
  return scores.map((s) => s.terms[term]?.value).filter((v): v is number => typeof v === "number");
}

export function summarizeHumorScores(scores: readonly Score[]): HumorScoreSummary {
  const instruments = [...new Set(scores.map((s) => s.instrument))];
  if (instruments.length > 1) throw new InputError("scores", `come from ${instruments.length} instruments (${instruments.map((h) => h.slice(0, 12)).join(", ")}); scores of different instruments are never pooled`);
  const ok = scores.filter((s) => s.value !== null);
  const certified = termValues(ok, "certified");
  return {
    instrument: instruments[0] ?? null,
    sessions: scores.length,
    scored: ok.length,
    failed: scores.length - ok.length,
    certified: meanInterval(certified, UNIT),
    zero_certification: certified.filter((c) => c === 0).length,
    training_reward: meanInterval(termValues(ok, "training_reward")),
    taste: meanInterval(termValues(ok, "taste"), UNIT),
    grounding_F: meanInterval(termValues(ok, "grounding"), UNIT),
    repetition_S: meanInterval(termValues(ok, "repetition"), UNIT),
    screen_fail_sessions: termValues(ok, "screens").filter((b) => b === 0).length,
  };
}

const fixed = (v: number | null | undefined, digits = 3) => (typeof v === "number" ? v.toFixed(digits) : "—");

/** 4 significant digits, the mean and its interval with the same decimals (as `score` prints them). */
function intervalText(m: MeanInterval): string {
  if (m.mean === null) return "—";
  const t = estimateText(m.mean, m.ci95);
  return t.ci ? `${t.mean} (95% CI ${t.ci[0]} to ${t.ci[1]}, n=${m.n})` : `${t.mean} (n=${m.n})`;
}

/** One row per session (C, training reward, F, S, taste, B, mean L) and the summary beneath. */
export function formatHumorTable(rows: readonly TranscriptRow[], scores: readonly Score[], summary = summarizeHumorScores(scores)): string {
  const header = ["session", "task", "C", "reward", "F", "S", "taste", "B", "mean L (nats)"];
  const body = rows.map((row, i) => {
    const s = scores[i];
    if (s.value === null) return [row.id, String(row.meta?.task ?? ""), "error", s.error ?? "", "", "", "", "", ""];
    const L = (s.terms.taste?.details?.L as number[] | undefined) ?? [];
    const meanL = L.length ? L.reduce((a, b) => a + b, 0) / L.length : null;
    const t = s.terms;
    return [row.id, String(row.meta?.task ?? ""), fixed(t.certified.value), fixed(t.training_reward.value), fixed(t.grounding.value, 2), fixed(t.repetition.value, 2), fixed(t.taste.value), String(t.screens.value ?? "—"), fixed(meanL, 2)];
  });
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  return [
    line(header),
    line(widths.map((w) => "-".repeat(w))),
    ...body.map(line),
    "",
    `certified retention C: ${intervalText(summary.certified)}; zero-certification sessions: ${summary.zero_certification}/${summary.scored}`,
    `training reward: ${intervalText(summary.training_reward)}; taste: ${intervalText(summary.taste)} taste units`,
    `grounding F: ${intervalText(summary.grounding_F)}; repetition S: ${intervalText(summary.repetition_S)}; screen-fail sessions: ${summary.screen_fail_sessions}`,
    ...(summary.failed ? [`failed sessions: ${summary.failed} (value null, error recorded; not counted above)`] : []),
    `instrument ${summary.instrument?.slice(0, 16) ?? "—"}`,
  ].join("\n");
}
