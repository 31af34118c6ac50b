// The JSON the dashboard's API returns (src/ui/*.ts on the server); kept in step by hand, small on purpose.
export interface RunEntry {
  file: string;
  type: "artifact" | "samples" | "unreadable";
  kind: string | null;
  created_at: string | null;
  params: Record<string, unknown> | null;
  summary: string;
  bytes: number;
}

export interface RunsResponse {
  artifacts_dir: string;
  runs: RunEntry[];
  journal: { file: string; source: string; counts: Record<string, number> } | null;
}

export interface Artifact {
  kind: string;
  created_at: string;
  params: Record<string, unknown>;
  result: unknown;
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
  index: number;
  id: string;
  step: number | null;
  group: string | null;
  value: number | null;
  error: string | null;
  terms: Record<string, number | null>;
  term_errors: Record<string, string>;
  term_details?: Record<string, Record<string, unknown>>;
  prompt: string;
  output: string;
  instrument: string | null;
}

export interface SamplesPage {
  total: number;
  matched: number;
  offset: number;
  rows: SampleRow[];
  terms: string[];
  bad_lines: number;
  server_ms: number;
}
