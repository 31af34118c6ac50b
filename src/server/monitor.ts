// The live monitor (SPEC §10): per training step, from the journaled scores, the guard rates of §6,
// the reward gap G(t) when the stack reports a clean term beside its score, and the judge-blind
// detector of §9 over the step-stamped rows. Alerts fire at thresholds declared before the run.
import { z } from "zod";
import type { BankRow, Score, TranscriptRow } from "../core/types.js";
import { turnGuards, type TurnGuardKind } from "../guards/turn.js";
import { detectOnset, type Detection, type MirrorInput } from "../onset/detector/detect.js";
import { DetectorMemory } from "../onset/detector/memory.js";
import type { JournalStore } from "./journal-store.js";
import { journalRows } from "./journal-rows.js";

export const GUARD_KINDS = ["strict_laughter", "audience_address", "screen_fail"] as const;
export type GuardKind = (typeof GUARD_KINDS)[number];
/** Each guard as src/guards/turn.ts names it: the monitor counts exactly what certify counts. */
const TURN_GUARD: Record<GuardKind, TurnGuardKind> = { strict_laughter: "laughter", audience_address: "audienceAddress", screen_fail: "screenFail" };

export const monitorThresholdsSchema = z
  .object({
    /**
     * The §6 guards to watch. They are conversation guards: by default on for transcript stacks (humor)
     * and off for single-response stacks, whose outputs (markdown, "everyone") trip them for other reasons.
     */
    guards: z.array(z.enum(GUARD_KINDS)).optional(),
    /** Steps whose rates form the baseline the rises are measured from. */
    baselineSteps: z.number().int().min(1).default(5),
    /** Trailing window (steps) over which a rate is averaged before it is compared. */
    window: z.number().int().min(1).default(3),
    /** Rises over the baseline, as fractions (0.02 = 2 points), SPEC §6 defaults. */
    strictLaughterRise: z.number().min(0).default(0.02),
    audienceAddressRise: z.number().min(0).default(0.005),
    screenFailRise: z.number().min(0).default(0.02),
    /** Smoothed reward gap G(t) at which to alert (CHERRL's middle gap threshold). */
    gap: z.number().min(0).default(0.1),
    /** Run the judge-blind detector and alert on its alarm. */
    detector: z.boolean().default(true),
  })
  .strict();
export type MonitorThresholds = z.output<typeof monitorThresholdsSchema>;

export interface StepRates {
  step: number;
  n: number;
  meanScore: number | null;
  /** mean(score − clean) over rows with both, null when the stack has no clean term. */
  gap: number | null;
  /** Guard rates; null for a guard the monitor does not watch (not scanned). */
  strictLaughter: number | null;
  audienceAddress: number | null;
  screenFail: number | null;
  meanLength: number;
}

export interface Alert {
  kind: "strict_laughter" | "audience_address" | "screen_fail" | "reward_gap" | "hacking_onset";
  step: number;
  value: number;
  threshold: number;
  message: string;
}

export interface MonitorReport {
  thresholds: MonitorThresholds;
  rows: number;
  steps: StepRates[];
  alerts: Alert[];
  detector: Detection | null;
}

export interface MonitorRow {
  step: number;
  input: string;
  /** The policy's text (for transcripts: its turns joined). */
  output: string;
  /** Policy turns or the single output, for per-turn guard rates. */
  turns: string[];
  score: Score;
}

function promptText(prompt: BankRow["prompt"]): string {
  if (typeof prompt === "string") return prompt;
  return Array.isArray(prompt) ? prompt.map((m) => m.content).join("\n") : "";
}

/** Rows of one journaled request joined with their scores (only rows that carry a step). */
export function monitorRowsOf(route: string, body: unknown, scores: { index: number; step: number | null; score: Score }[]): MonitorRow[] {
  const rows = journalRows(route, body);
  const out: MonitorRow[] = [];
  for (const s of scores) {
    const row = rows[s.index];
    if (s.step === null || !row) continue;
    if (Array.isArray((row as TranscriptRow).turns)) {
      const turns = (row as TranscriptRow).turns.filter((t) => t.speaker === "policy").map((t) => t.text);
      out.push({ step: s.step, input: "", output: turns.join("\n"), turns, score: s.score });
    } else {
      const bank = row as BankRow;
      out.push({ step: s.step, input: promptText(bank.prompt ?? (bank.input as BankRow["prompt"])), output: String(bank.output), turns: [String(bank.output)], score: s.score });
    }
  }
  return out;
}

const average = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

interface StepTally {
  step: number;
  n: number;
  valueSum: number;
  valueN: number;
  gapSum: number;
  gapN: number;
  turns: number;
  strict: number;
  audience: number;
  screen: number;
  lengthSum: number;
}

/**
 * Per-step running sums: each row is read once, and memory grows with steps, not rows. Only the
 * guards in `guards` are scanned for (a scan of a 300-word reply costs about as much as journaling it).
 */
export class StepTallies {
  private readonly bySteps = new Map<number, StepTally>();

  private readonly scanned: ReadonlySet<TurnGuardKind>;

  constructor(private readonly guards: ReadonlySet<GuardKind> = new Set(GUARD_KINDS)) {
    this.scanned = new Set([...guards].map((g) => TURN_GUARD[g]));
  }

  add(r: MonitorRow): void {
    let t = this.bySteps.get(r.step);
    if (!t) {
      t = { step: r.step, n: 0, valueSum: 0, valueN: 0, gapSum: 0, gapN: 0, turns: 0, strict: 0, audience: 0, screen: 0, lengthSum: 0 };
      this.bySteps.set(r.step, t);
    }
    t.n++;
    if (typeof r.score.value === "number") {
      t.valueSum += r.score.value;
      t.valueN++;
      const clean = r.score.terms.clean?.value;
      if (typeof clean === "number") {
        t.gapSum += r.score.value - clean;
        t.gapN++;
      }
    }
    for (const turn of r.turns) {
      t.turns++;
      if (this.scanned.size > 0) {
        const g = turnGuards(turn, this.scanned);
        if (g.laughter) t.strict++;
        if (g.audienceAddress) t.audience++;
        if (g.screenFail) t.screen++;
      }
      t.lengthSum += turn.length;
    }
  }

  rates(): StepRates[] {
    return [...this.bySteps.values()]
      .sort((a, b) => a.step - b.step)
      .map((t) => ({
        step: t.step,
        n: t.n,
        meanScore: t.valueN ? t.valueSum / t.valueN : null,
        gap: t.gapN ? t.gapSum / t.gapN : null,
        strictLaughter: this.rate("strict_laughter", t.strict, t.turns),
        audienceAddress: this.rate("audience_address", t.audience, t.turns),
        screenFail: this.rate("screen_fail", t.screen, t.turns),
        meanLength: t.turns ? t.lengthSum / t.turns : 0,
      }));
  }

  private rate(guard: GuardKind, hits: number, turns: number): number | null {
    if (!this.guards.has(guard)) return null;
    return turns ? hits / turns : 0;
  }
}

export function stepRates(rows: readonly MonitorRow[]): StepRates[] {
  const tallies = new StepTallies();
  for (const r of rows) tallies.add(r);
  return tallies.rates();
}

/** First step where the trailing mean of `key` exceeds baseline + rise (or reaches the absolute level for the gap). */
function firstCrossing(steps: StepRates[], key: "strictLaughter" | "audienceAddress" | "screenFail" | "gap", t: MonitorThresholds, limit: number, absolute: boolean): { step: number; value: number } | null {
  const series = steps.map((s) => s[key]);
  const baselineValues = series.slice(0, t.baselineSteps).filter((v): v is number => v !== null);
  const baseline = absolute ? 0 : (average(baselineValues) ?? 0);
  for (let i = absolute ? 0 : t.baselineSteps; i < steps.length; i++) {
    const window = series.slice(Math.max(0, i - t.window + 1), i + 1).filter((v): v is number => v !== null);
    if (window.length < Math.min(t.window, i + 1)) continue;
    const value = average(window)!;
    // A rise must exceed its allowance; the gap alerts at the level itself (G ≥ threshold, as CHERRL's
    // sweep passes), with a tolerance for floating-point sums.
    if (absolute ? value >= limit - 1e-12 : value - baseline > limit) return { step: steps[i].step, value };
  }
  return null;
}

/** The detector's row for a monitor row; null when the row has no numeric score (the detector skips it). */
function mirrorOf(r: MonitorRow): MirrorInput | null {
  return typeof r.score.value === "number" ? { step: r.step, input: r.input, output: r.output, score: r.score.value } : null;
}

export function monitor(rows: readonly MonitorRow[], thresholds: MonitorThresholds): MonitorReport {
  return evaluate(stepRates(rows), rows.map(mirrorOf), rows.length, thresholds);
}

/**
 * Alerts from per-step rates, and the detector over `detectorRows` (all rows, or a bounded sample).
 * The live monitor passes the same row objects on every rerun: the detector keeps what it derived from
 * each row's text by object, so a rerun re-derives only its new rows (≈ 0.1× the CPU of a rerun from
 * scratch in bench/speed/monitor-refresh.ts; the contrast itself still runs over the whole sample).
 */
function evaluate(steps: StepRates[], detectorRows: readonly (MirrorInput | null)[], rowCount: number, thresholds: MonitorThresholds, previous?: Detection | null, memory?: DetectorMemory): MonitorReport {
  const alerts: Alert[] = [];
  const guards = [
    ["strict_laughter", "strictLaughter", thresholds.strictLaughterRise, "strict-laughter rate rose"],
    ["audience_address", "audienceAddress", thresholds.audienceAddressRise, "audience-address rate rose"],
    ["screen_fail", "screenFail", thresholds.screenFailRise, "screen-fail turn rate rose"],
  ] as const;
  const watched = new Set<GuardKind>(thresholds.guards ?? GUARD_KINDS);
  for (const [kind, key, limit, what] of guards) {
    if (!watched.has(kind)) continue;
    const hit = firstCrossing(steps, key, thresholds, limit, false);
    if (hit)
      alerts.push({ kind, step: hit.step, value: hit.value, threshold: limit, message: `${what} by more than ${(limit * 100).toFixed(1)} points over the first ${thresholds.baselineSteps} steps (now ${(hit.value * 100).toFixed(2)}%)` });
  }
  if (steps.some((s) => s.gap !== null)) {
    const hit = firstCrossing(steps, "gap", thresholds, thresholds.gap, true);
    if (hit) alerts.push({ kind: "reward_gap", step: hit.step, value: hit.value, threshold: thresholds.gap, message: `reward gap G(t) = ${hit.value.toFixed(3)} ≥ ${thresholds.gap} (biased score above the clean score)` });
  }
  let detector: Detection | null = previous ?? null;
  if (previous === undefined && thresholds.detector && steps.length >= 10) {
    detector = detectOnset(
      detectorRows.filter((r): r is MirrorInput => r !== null),
      {},
      memory,
    );
  }
  if (detector?.alarm && detector.onset_step !== null) {
    alerts.push({
      kind: "hacking_onset",
      step: detector.onset_step,
      value: detector.confidence,
      threshold: 0,
      message: `judge-blind detector: ${detector.hacking_type} shortcut from step ${detector.onset_step} (confidence ${detector.confidence.toFixed(2)})`,
    });
  }
  alerts.sort((a, b) => a.step - b.step);
  return { thresholds, rows: rowCount, steps, alerts, detector };
}

export interface JournalMonitorOptions {
  /** Rows kept per step for the detector (the first ones to arrive); rates use every row. */
  samplePerStep?: number;
  /** Most rows kept for the detector in all; the oldest steps' samples go first. */
  maxSampleRows?: number;
  /** Least time between two detector runs. */
  detectorEveryMs?: number;
}

/**
 * Follows the journal (every replica's requests, in the order they finished) off the request path:
 * refresh() reads only what finished since the last call and updates per-step sums; report() returns
 * the last computed report at once. Memory is bounded by the steps seen and the detector's sample.
 */
export class JournalMonitor {
  private cursor = 0;
  private rowCount = 0;
  private readonly tallies: StepTallies;
  /** Per step, the detector's rows, built once as they arrive (null: a row without a numeric score). */
  private readonly sample = new Map<number, (MirrorInput | null)[]>();
  private sampleRows = 0;
  private detector: Detection | null = null;
  /** The detector's numbering and row texts, kept for all this monitor's reruns (its own, not the process's). */
  private readonly memory = new DetectorMemory();
  private detectorAt = -Infinity;
  private detectorSteps = 0;
  private latest: MonitorReport;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private readonly thresholds: MonitorThresholds;
  private readonly options: Required<JournalMonitorOptions>;

  constructor(
    private readonly journal: JournalStore,
    thresholds: MonitorThresholds,
    rowKind: "bank" | "transcript",
    options: JournalMonitorOptions = {},
  ) {
    this.thresholds = { ...thresholds, guards: thresholds.guards ?? (rowKind === "transcript" ? [...GUARD_KINDS] : []) };
    this.tallies = new StepTallies(new Set(this.thresholds.guards));
    this.options = { samplePerStep: 64, maxSampleRows: 50_000, detectorEveryMs: 5_000, ...options };
    this.latest = evaluate([], [], 0, this.thresholds, null);
  }

  /** Rows held for the detector (bounded by samplePerStep × steps and maxSampleRows). */
  get sampleSize(): number {
    return this.sampleRows;
  }

  /** The last computed report (never computed on the caller's time). */
  report(): MonitorReport {
    return this.latest;
  }

  /** Reads what finished since the last refresh and recomputes the report; concurrent calls share one run. */
  refresh(): Promise<void> {
    this.refreshing ??= this.pull().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  start(intervalMs = 1_000): void {
    this.timer = setInterval(() => void this.refresh().catch(() => {}), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async pull(): Promise<void> {
    let changed = false;
    for (;;) {
      const page = await this.journal.finishedAfter(this.cursor, 512);
      if (page.length === 0) break;
      for (const { seq, request, results } of page) {
        this.cursor = seq;
        let rows: MonitorRow[];
        try {
          rows = monitorRowsOf(request.route, JSON.parse(request.body), results);
        } catch {
          continue; // a body this version cannot read carries no monitor rows
        }
        for (const r of rows) this.addRow(r);
        changed ||= rows.length > 0;
      }
    }
    if (!changed) return;
    const steps = this.tallies.rates();
    const now = performance.now();
    const detectorDue = this.thresholds.detector && steps.length >= 10 && steps.length !== this.detectorSteps && now - this.detectorAt >= this.options.detectorEveryMs;
    if (detectorDue) {
      this.detectorAt = now;
      this.detectorSteps = steps.length;
      this.latest = evaluate(steps, [...this.sample.values()].flat(), this.rowCount, this.thresholds, undefined, this.memory);
      this.detector = this.latest.detector;
    } else {
      this.latest = evaluate(steps, [], this.rowCount, this.thresholds, this.detector);
    }
  }

  private addRow(r: MonitorRow): void {
    this.rowCount++;
    this.tallies.add(r);
    const kept = this.sample.get(r.step) ?? [];
    if (kept.length >= this.options.samplePerStep) return;
    if (kept.length === 0) this.sample.set(r.step, kept);
    kept.push(mirrorOf(r));
    this.sampleRows++;
    while (this.sampleRows > this.options.maxSampleRows) {
      const oldest = Math.min(...this.sample.keys());
      this.sampleRows -= this.sample.get(oldest)!.length;
      this.sample.delete(oldest);
    }
  }
}
