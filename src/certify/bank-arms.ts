// Certification of bank-row arms (SPEC §6 for any bank stack or external reward): each arm is a bank of
// {id, prompt, output, …} rows, rescored from its text by the pinned instrument; base and trained rows are
// paired by prompt (a prompt's rows averaged, so several samples per prompt make one pair), rows without
// a prompt by id; the pre-registered bars apply to the paired differences of the reward ("reward") and
// of any term the scorer reports. A row the reward could not score refuses the certification, naming it.
// The transcript guards (laughter, audience address, screens, diversity) read conversations, so none runs
// here; the report says so.
import { InputError } from "../core/errors.js";
import type { BankRow, Score } from "../core/types.js";
import { readTrainerRows, promptText } from "../stacks/rewards/rows.js";
import type { Scorer } from "../stacks/types.js";
import { aggregateGuardMetrics, evaluateGuards } from "./guards.js";
import { pairedDelta, winLossTie, type PairedDelta, type WinLossTie } from "./paired-delta.js";
import type { Preregistration } from "./preregistration.js";
import { judgeBar, type BarVerdict } from "./verdict.js";

/** A bank file as certify reads it: trainers' shapes (verl, TRL, foolsgold) become bank rows. */
export function readBankRows(path: string): BankRow[] {
  const rows = readTrainerRows(path);
  if (rows.length === 0) throw new InputError(path, "holds no rows");
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    if (seen.has(r.id)) throw new InputError(`${path} row ${i + 1}`, `id "${r.id}" appears twice; each row of an arm needs its own id`);
    seen.add(r.id);
  });
  return rows;
}

/** True when a bank file holds transcripts (rows with `turns`), the humor path's input. */
export function holdsTranscripts(rows: readonly unknown[]): boolean {
  const first = rows[0] as { turns?: unknown } | undefined;
  return Array.isArray(first?.turns);
}

/** The key a row is paired on: its prompt's text, or its id when it has no prompt. */
export function pairKey(row: BankRow): string {
  return row.prompt === undefined ? `id:${row.id}` : `prompt:${promptText(row.prompt)}`;
}

/** Rescores rows from their text (stored scores dropped unread); a row the reward failed on is refused by name. */
export async function rescoreBankArm(scorer: Scorer<BankRow>, rows: readonly BankRow[], label: string, onProgress?: (done: number, total: number) => void): Promise<(BankRow & { score: Score })[]> {
  const bare = rows.map(({ score: _score, ...rest }) => rest as BankRow);
  const scores = await scorer.scoreRows(bare, { onProgress });
  const failed = scores.flatMap((s, i) => (s.value === null || !Number.isFinite(s.value) ? [`row ${i + 1} (id ${rows[i].id}): ${s.error ?? `value ${s.value}`}`] : []));
  if (failed.length > 0) {
    throw new InputError(`${label} bank`, `the reward failed on ${failed.length} of ${rows.length} rows (${failed.slice(0, 3).join("; ")}${failed.length > 3 ? "; …" : ""}); certify refuses rather than count a failed call as any number`);
  }
  return bare.map((row, i) => ({ ...row, score: scores[i] }));
}

export interface BankComparison {
  instrument: string;
  /** "prompt" when every row has a prompt, else "id" (a mix pairs each row by what it has). */
  paired_by: "prompt" | "id" | "prompt or id";
  /** Pairs (prompts or ids) and the rows behind them per arm. */
  n_pairs: number;
  rows: { base: number; candidate: number };
  /** The reward: per-arm means of the per-pair means and the mean paired difference. */
  reward: PairedDelta;
  win_loss_tie: WinLossTie;
  /** Each term the scorer reports, paired the same way (pairs where both arms have it). */
  terms: Record<string, { n: number; missing: number; delta: PairedDelta | null }>;
}

function listSome(keys: string[]): string {
  const shown = keys.slice(0, 3).map((k) => JSON.stringify(k.length > 60 ? `${k.slice(0, 57)}…` : k));
  return keys.length > 3 ? `${shown.join(", ")} and ${keys.length - 3} more` : shown.join(", ");
}

function group(rows: readonly (BankRow & { score: Score })[]): Map<string, (BankRow & { score: Score })[]> {
  const out = new Map<string, (BankRow & { score: Score })[]>();
  for (const r of rows) {
    const key = pairKey(r);
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}

const meanOf = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;

function termValue(score: Score, name: string): number | null {
  const v = score.terms[name]?.value;
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Pairs two rescored arms by prompt (or id) and computes the paired statistics of the reward and its terms. */
export function compareBankArms(base: readonly (BankRow & { score: Score })[], candidate: readonly (BankRow & { score: Score })[], armLabel = "trained"): BankComparison {
  const b = group(base);
  const c = group(candidate);
  const onlyBase = [...b.keys()].filter((k) => !c.has(k));
  const onlyCandidate = [...c.keys()].filter((k) => !b.has(k));
  if (onlyBase.length || onlyCandidate.length) {
    const parts = [];
    if (onlyBase.length) parts.push(`${onlyBase.length} prompt(s)/id(s) only in base (${listSome(onlyBase)})`);
    if (onlyCandidate.length) parts.push(`${onlyCandidate.length} only in ${armLabel} (${listSome(onlyCandidate)})`);
    throw new InputError("banks", `a paired A/B needs the same prompts (rows without a prompt: the same ids) in both arms: ${parts.join("; ")}`);
  }
  const instruments = new Set([...base, ...candidate].map((r) => r.score.instrument));
  if (instruments.size > 1) throw new InputError("banks", `scores come from ${instruments.size} instruments; scores of different instruments are never pooled`);
  const keys = [...b.keys()].sort();
  if (keys.length < 2) throw new InputError("banks", `only ${keys.length} prompt(s)/id(s) to pair; a paired comparison needs at least 2`);
  const mean = (rows: (BankRow & { score: Score })[]) => meanOf(rows.map((r) => r.score.value as number));
  const rb = keys.map((k) => mean(b.get(k)!));
  const rc = keys.map((k) => mean(c.get(k)!));
  const names = [...new Set([...base, ...candidate].flatMap((r) => Object.keys(r.score.terms)))].sort();
  const terms: BankComparison["terms"] = {};
  for (const name of names) {
    const tb: number[] = [];
    const tc: number[] = [];
    for (const k of keys) {
      const vb = b.get(k)!.map((r) => termValue(r.score, name));
      const vc = c.get(k)!.map((r) => termValue(r.score, name));
      if (vb.some((v) => v === null) || vc.some((v) => v === null)) continue;
      tb.push(meanOf(vb as number[]));
      tc.push(meanOf(vc as number[]));
    }
    terms[name] = { n: tb.length, missing: keys.length - tb.length, delta: tb.length >= 2 ? pairedDelta(tb, tc) : null };
  }
  const withPrompt = [...base, ...candidate].filter((r) => r.prompt !== undefined).length;
  return {
    instrument: [...instruments][0],
    paired_by: withPrompt === base.length + candidate.length ? "prompt" : withPrompt === 0 ? "id" : "prompt or id",
    n_pairs: keys.length,
    rows: { base: base.length, candidate: candidate.length },
    reward: pairedDelta(rb, rc),
    win_loss_tie: winLossTie(rb, rc),
    terms,
  };
}

/** The deltas bars refer to: "reward" and each term. */
export function bankMetricDeltas(c: BankComparison): Record<string, PairedDelta | null> {
  return { reward: c.reward, ...Object.fromEntries(Object.entries(c.terms).map(([k, v]) => [k, v.delta])) };
}

export interface BankCertifyReport {
  /** Marks a bank-row certification (the humor report has no such field). */
  arms: "bank";
  preregistration: { name: string; hash: string; registered_at: string; stamped_at: string } | null;
  instrument: string;
  stack: string;
  primary: string;
  trained: BankComparison;
  verdicts: BarVerdict[];
  bars_passed: boolean;
  /** Which guards ran on these arms (none: every guard reads conversations) and which did not, with why. */
  guards: { ran: string[]; not_run: string[]; reason: string };
  missing: string[];
  blockers: string[];
  certified: boolean;
}

/** Pre-registered parts a bank certification cannot honour, refused before any reward call. */
export function assertBankPreregistration(p: Preregistration | undefined, replications: readonly string[]): void {
  if (replications.length > 0 || (p && p.replications.length > 0))
    throw new InputError(replications.length > 0 ? "--replication" : "pre-registration: replications", "replications are not supported for bank arms yet; certify each pair of banks under its own pre-registration");
  if (p?.bait) throw new InputError("pre-registration: bait", "a bait arm must trip a guard, and no guard reads bank rows; set `bait: false` to certify bank arms");
  if (p?.scorer_revision) throw new InputError("pre-registration: scorer_revision", "a scorer revision is not supported for bank arms; remove it, or register the revised reward as its own pre-registration");
}

/** Every guard certify runs on transcripts, by name (read from the guards themselves). */
export function transcriptGuards(): string[] {
  return evaluateGuards(aggregateGuardMetrics([]), aggregateGuardMetrics([])).map((g) => g.guard);
}

export const BANK_GUARDS_REASON = "the guards read conversations (policy turns, audience reactions); bank rows have none, so no guard ran and the bars alone decide";

export function certifyBankArms(input: {
  comparison: BankComparison;
  stack: string;
  preregistration?: Preregistration;
  registered?: { hash: string; name: string; at: string; rolled_out_at: string; registered_at: string };
  primary: string;
}): BankCertifyReport {
  const bars = input.preregistration?.bars ?? [];
  const deltas = bankMetricDeltas(input.comparison);
  const verdicts = bars.map((b) => judgeBar(b, deltas));
  const barsPassed = verdicts.every((v) => v.pass);
  const blockers: string[] = [];
  if (!input.registered) blockers.push("not in the pre-registration registry");
  else if (bars.length === 0) blockers.push("no bars");
  const missed = verdicts.filter((v) => !v.pass).map((v) => v.bar);
  if (missed.length) blockers.push(`bars missed on ${input.primary}: ${missed.join("; ")}`);
  return {
    arms: "bank",
    preregistration: input.registered ? { name: input.registered.name, hash: input.registered.hash, registered_at: input.registered.registered_at, stamped_at: input.registered.rolled_out_at } : null,
    instrument: input.comparison.instrument,
    stack: input.stack,
    primary: input.primary,
    trained: input.comparison,
    verdicts,
    bars_passed: barsPassed,
    guards: { ran: [], not_run: transcriptGuards(), reason: BANK_GUARDS_REASON },
    missing: [],
    blockers,
    certified: blockers.length === 0,
  };
}

const signed = (x: number, digits = 4) => `${x >= 0 ? "+" : ""}${x.toFixed(digits)}`;

function formatDelta(d: PairedDelta | null): string {
  if (!d) return "n/a (fewer than 2 pairs)";
  const p = Number.isNaN(d.p) ? "n/a" : d.p < 1e-4 ? d.p.toExponential(1) : d.p.toFixed(4);
  return `${signed(d.delta)} (95% CI ${signed(d.ci95[0])} to ${signed(d.ci95[1])}), t = ${Number.isFinite(d.t) ? d.t.toFixed(2) : String(d.t)}, p = ${p}, n = ${d.n}`;
}

export function formatBankCertifyReport(r: BankCertifyReport): string {
  const c = r.trained;
  const lines = [
    `certify (bank arms) with ${r.stack}, instrument ${r.instrument.slice(0, 12)}`,
    r.preregistration ? `pre-registration: ${r.preregistration.name} (${r.preregistration.hash.slice(0, 12)}), registered ${r.preregistration.registered_at}` : "pre-registration: none (this report cannot certify)",
    `set ${r.primary}`,
    `  trained vs base: ${c.n_pairs} pairs by ${c.paired_by} (${c.rows.base} base rows, ${c.rows.candidate} trained rows; a pair is the mean of its rows)`,
    `    reward: base ${c.reward.mean_base.toFixed(4)} -> ${c.reward.mean_trained.toFixed(4)}, delta ${formatDelta(c.reward)}`,
    `    win/loss/tie: ${c.win_loss_tie.wins}/${c.win_loss_tie.losses}/${c.win_loss_tie.ties}`,
    ...(Object.keys(c.terms).length ? [`    terms (paired delta):`, ...Object.entries(c.terms).map(([name, t]) => `      ${name.padEnd(11)} ${formatDelta(t.delta)}`)] : []),
    ...(r.verdicts.length ? ["    verdicts:", ...r.verdicts.map((v) => `      ${v.pass ? "PASS" : "MISS"} ${v.bar}: ${v.reason} (n = ${v.n})`)] : []),
    `guards: none ran (${r.guards.reason})`,
    r.certified ? "CERTIFIED" : `NOT CERTIFIED: ${r.blockers.join("; ")}`,
  ];
  return lines.join("\n");
}
