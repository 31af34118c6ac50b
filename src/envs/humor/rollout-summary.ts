// What a rolled-out bank contains: sessions, turns, the partner's provocation mix against the configured
// rates, tasks. Printed by `simulate` and recorded in its artifact.
import type { TranscriptRow } from "../../core/types.js";
import { PROVOCATION_KINDS, type ProvocationKind } from "./provocations.js";

export interface MoveShare {
  move: string;
  count: number;
  share: number;
  expected: number;
}

export interface RolloutSummary {
  sessions: number;
  policy_turns: number;
  /** Scheduled partner turns (the opener of each session is not drawn, so not counted). */
  scheduled_partner_turns: number;
  moves: MoveShare[];
  tasks: Record<string, number>;
  seeds: { first: number; last: number } | null;
}

export function summarizeRollout(rows: readonly TranscriptRow[], rates: Record<ProvocationKind, number>): RolloutSummary {
  const moves = rows.flatMap((r) => ((r.meta?.partner_moves as string[] | undefined) ?? []).slice(1));
  const continueRate = 1 - PROVOCATION_KINDS.reduce((s, k) => s + rates[k], 0);
  const shares = [...PROVOCATION_KINDS, "continue"].map((move) => {
    const count = moves.filter((m) => m === move).length;
    return {
      move,
      count,
      share: moves.length ? count / moves.length : 0,
      expected: move === "continue" ? continueRate : rates[move as ProvocationKind],
    };
  });
  const tasks: Record<string, number> = {};
  for (const r of rows) {
    const task = String(r.meta?.task ?? "unknown");
    tasks[task] = (tasks[task] ?? 0) + 1;
  }
  return {
    sessions: rows.length,
    policy_turns: rows.reduce((s, r) => s + r.turns.filter((t) => t.speaker === "policy").length, 0),
    scheduled_partner_turns: moves.length,
    moves: shares,
    tasks,
    seeds: rows.length ? { first: rows[0].seed, last: rows[rows.length - 1].seed } : null,
  };
}

export function formatRolloutSummary(s: RolloutSummary): string {
  const lines = [
    `${s.sessions} sessions, ${s.policy_turns} policy turns` + (s.seeds ? ` (seeds ${s.seeds.first}–${s.seeds.last})` : ""),
    `partner moves over ${s.scheduled_partner_turns} scheduled turns (observed share vs configured rate):`,
  ];
  for (const m of s.moves) lines.push(`  ${m.move.padEnd(11)} ${String(m.count).padStart(6)}  ${(100 * m.share).toFixed(1).padStart(5)}%  (rate ${(100 * m.expected).toFixed(1)}%)`);
  lines.push(
    `tasks: ${Object.entries(s.tasks)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ")}`,
  );
  return lines.join("\n");
}
