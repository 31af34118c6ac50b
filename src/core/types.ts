// The data contracts shared by every stack (SPEC §1, §12). Plain types; validation lives in schemas.ts.

export type ChatMessage = { role: "system" | "user" | "assistant" | "tool"; content: string };

/** One policy output with its context (single-turn bank row). */
export interface BankRow {
  id: string;
  prompt?: string | ChatMessage[];
  output: string;
  group_id?: string;
  step?: number;
  seed?: number;
  sample_id?: string;
  finish_reason?: string;
  thinking?: boolean;
  meta?: Record<string, unknown>;
  score?: Score;
  [extra: string]: unknown;
}

export type Speaker = "policy" | "partner" | (string & {});

export interface Turn {
  speaker: Speaker;
  text: string;
  meta?: Record<string, unknown>;
}

/** A multi-turn humor session (transcript row). */
export interface TranscriptRow {
  id: string;
  seed: number;
  turns: Turn[];
  meta?: Record<string, unknown>;
  score?: Score;
  [extra: string]: unknown;
}

export interface TermValue {
  value: number | null;
  details?: Record<string, unknown>;
  error?: string;
}

/**
 * A score never invents a number: a row that could not be scored has value null and an error.
 * `instrument` is the content hash of the instrument that produced it (scores of different
 * instruments are never pooled).
 */
export interface Score {
  value: number | null;
  terms: Record<string, TermValue>;
  instrument: string;
  /** Why the row has no value (readable); its kind is error_kind. */
  error?: string;
  /** What failed: "input" (the row or request), "model" (a backend call) or "internal" (a bug). */
  error_kind?: "input" | "model" | "internal";
  /** sha256 of each declared per-request input the score depended on, by name. */
  inputs?: Record<string, string>;
}
