// The JSON the dashboard's API returns. Shapes the server defines come from src/ui/api-types.ts (type-only,
// erased from the bundle), so the two sides cannot drift apart; the rest are the browser's own views.
import type { Comparison, CurveSeries, Curves, RunEntry, SampleRow } from "../../src/ui/api-types.js";

export type { Comparison, CurveSeries, Curves, RunEntry, SampleRow };

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

export interface SamplesPage {
  total: number;
  matched: number;
  offset: number;
  rows: SampleRow[];
  terms: string[];
  bad_lines: number;
  server_ms: number;
}
