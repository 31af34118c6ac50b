// Training-log rows for `onset` and `detect` (SPEC §12). Accepted shapes, per line of JSON Lines
// (gzip allowed):
//   {step, input|prompt, output, score, clean_score}          CHERRL's own contract
//   {step, ..., score, main_score}                             the public CHERRL rollout logs
//   scored rows of `score --stack cherrl`: score = {value, terms: {clean: {value}}}
//   verl rollout dumps (trainer.rollout_data_dir): {step, input, output, score, ...reward extras}
//   TRL-style rows: {step, prompt, completion, reward}
// The same rows are read from Parquet (a .parquet file: one row per record, columns as fields).
// Malformed lines are reported with their line numbers and skipped, never fatal: published dumps are
// dirty.
import { InputError } from "../core/errors.js";
import { readJsonl, type BadLine } from "../core/jsonl.js";

export interface TrainingRow {
  step: number;
  input: string;
  output: string;
  score: number;
  /** Clean (unbiased) score, when the log has one. */
  clean: number | null;
  rubric?: string;
}

export interface TrainingLog {
  rows: TrainingRow[];
  bad: BadLine[];
  /** Rows that parsed as JSON but could not be used: 1-based position among the parsed rows, and why. */
  skipped: { row: number; problem: string }[];
}

type Raw = Record<string, unknown>;

function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const parts = value.map((m) => (m && typeof m === "object" && typeof (m as Raw).content === "string" ? ((m as Raw).content as string) : undefined));
    if (parts.every((p) => p !== undefined)) return parts.join("\n");
  }
  return undefined;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (value && typeof value === "object" && typeof (value as Raw).value === "number") return (value as Raw).value as number;
  return undefined;
}

/** A value present but impossible: the log is wrong, not merely incomplete, so reading stops. */
export class ImpossibleValue extends Error {}

const MAX_SCORE_MAGNITUDE = 1e6;

function checkValues(row: TrainingRow): void {
  if (!Number.isInteger(row.step) || row.step < 0) throw new ImpossibleValue(`step must be a whole number ≥ 0, got ${row.step}`);
  if (Math.abs(row.score) > MAX_SCORE_MAGNITUDE) throw new ImpossibleValue(`score ${row.score} is beyond ±${MAX_SCORE_MAGNITUDE} (a reward, not an overflow, is expected)`);
  if (row.clean !== null && !(row.clean >= 0 && row.clean <= 1)) throw new ImpossibleValue(`clean score must be in [0, 1] (a share of constraints met), got ${row.clean}`);
}

/** Normalises one parsed line, or returns the reason it cannot be used; throws ImpossibleValue on an impossible value. */
export function normaliseRow(raw: Raw): TrainingRow | string {
  const step = numberOf(raw.step ?? raw.global_step ?? raw.training_step);
  if (step === undefined) return "missing numeric `step`";
  const output = text(raw.output ?? raw.completion ?? raw.response);
  if (output === undefined) return "missing string `output` (or completion/response)";
  const scoreField = raw.score ?? raw.reward;
  const score = numberOf(scoreField);
  if (score === undefined) {
    const scoreError = scoreField && typeof scoreField === "object" ? (scoreField as Raw).error : undefined;
    return typeof scoreError === "string" ? `row was not scored: ${scoreError}` : "missing numeric `score` (or reward, or score.value)";
  }
  const terms = scoreField && typeof scoreField === "object" ? ((scoreField as Raw).terms as Raw | undefined) : undefined;
  const clean = numberOf(raw.clean_score ?? raw.main_score ?? raw.clean ?? terms?.clean) ?? null;
  const meta = (raw.meta ?? {}) as Raw;
  const rubric = text(raw.rubric ?? meta.rubric);
  const row: TrainingRow = { step, input: text(raw.input ?? raw.prompt) ?? "", output, score, clean, ...(rubric ? { rubric } : {}) };
  checkValues(row);
  return row;
}

export function readTrainingLog(path: string): TrainingLog {
  const parsed = readJsonl<Raw>(path, { strict: false });
  const rows: TrainingRow[] = [];
  const skipped: TrainingLog["skipped"] = [];
  parsed.rows.forEach((raw, i) => {
    let row: TrainingRow | string;
    try {
      row = raw && typeof raw === "object" ? normaliseRow(raw) : "not a JSON object";
    } catch (err) {
      if (err instanceof ImpossibleValue) throw new InputError(`${path} row ${i + 1}`, err.message);
      throw err;
    }
    if (typeof row === "string") skipped.push({ row: i + 1, problem: row });
    else rows.push(row);
  });
  if (rows.length === 0) {
    const why = [...parsed.bad.map((b) => `line ${b.line}: ${b.problem}`), ...skipped.map((b) => `row ${b.row}: ${b.problem}`)].slice(0, 3).join("; ");
    throw new InputError(path, `no usable rows${why ? ` (${why})` : ""}`);
  }
  return { rows, bad: parsed.bad, skipped };
}
