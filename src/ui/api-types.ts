// The shapes the dashboard API sends, shared by the server (src/ui) and the browser app (web/src):
// no runtime imports here, so the browser build can import these types without Node.

export interface RunEntry {
  file: string;
  type: "artifact" | "samples" | "unreadable";
  kind: string | null;
  created_at: string | null;
  params: Record<string, unknown> | null;
  summary: string;
  bytes: number;
  /** Sample files: whether the first row carries a score (a scored log) or not (a bank to be scored). */
  scored?: boolean;
}

export interface CurveSeries {
  name: string;
  unit: string;
  mean: (number | null)[];
  lo: (number | null)[];
  hi: (number | null)[];
  n: number[];
}

export interface Curves {
  steps: number[];
  series: CurveSeries[];
  onset: number | null;
  interval: [number, number] | null;
  severe: number | null;
  note: string;
}

export interface SampleRow {
  /** Position in the source (0-based), stable across filters. */
  index: number;
  id: string;
  step: number | null;
  group: string | null;
  value: number | null;
  /** Why scoring this row failed; null for a scored row and for a row not scored yet. */
  error: string | null;
  /** Whether the row carries a score at all (a bank's rows do not). */
  scored: boolean;
  terms: Record<string, number | null>;
  term_errors: Record<string, string>;
  /** Each term's details as the scorer reported them (sent with one row, not with list pages). */
  term_details?: Record<string, Record<string, unknown>>;
  prompt: string;
  /** The output text; a transcript's turns as "speaker: text" lines. */
  output: string;
  /** A transcript's turns, for a chat view (sent with one row, not with list pages). */
  turns?: { speaker: string; text: string }[];
  instrument: string | null;
}

/** One quantity of a comparison: the mean paired difference B − A over rows scored in both. */
export interface ComparedQuantity {
  /** "value" (the score's value) or a term's name. */
  name: string;
  n: number;
  a_mean: number | null;
  b_mean: number | null;
  diff: number | null;
  /** 95% interval of the mean difference; null when n < 2. */
  ci: [number, number] | null;
  method: string | null;
}

export interface MovedRow {
  id: string;
  a: number;
  b: number;
  diff: number;
  a_index: number;
  b_index: number;
  output: string;
}

export interface Comparison {
  /** Rows whose id is in both sources. */
  paired: number;
  only_a: number;
  only_b: number;
  quantities: ComparedQuantity[];
  /** The paired rows whose value moved most, largest |B − A| first. */
  moved: MovedRow[];
}
