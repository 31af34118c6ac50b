// Scores from a scoring worker arrive as JSON text with their value and error read out beside it. The
// main thread needs only those (journal columns, the answer's errors) and the text (journal, answer),
// so the rest of the score is parsed only if something reads it: parsing every 300-word row's
// ≈ 1 KB score cost the main thread ≈ 12 µs a row, 0.8 ms per 64-row batch.
// JSON.stringify of the parsed text gives back the same text (plain objects, finite numbers), so the
// stored and served bits are those of serializing the score here.
import type { Score, TermValue } from "../core/types.js";

/** What a worker sends for one score: its JSON text, and value and error as that text holds them. */
export interface ScoreText {
  text: string;
  value: number | null | undefined;
  error: string | undefined;
}

/** value and error as JSON.parse(JSON.stringify(score)) reads them back (-0 → 0, non-finite → null). */
export function scoreText(score: Score): ScoreText {
  const v = score.value as number | null | undefined;
  return { text: JSON.stringify(score), value: v === undefined ? undefined : typeof v === "number" && Number.isFinite(v) ? v + 0 : null, error: score.error };
}

class TextScore implements Score {
  readonly #text: string;
  readonly #value: number | null;
  readonly #error: string | undefined;
  #parsed: Score | undefined;

  constructor(sent: ScoreText) {
    this.#text = sent.text;
    this.#value = sent.value as number | null;
    this.#error = sent.error;
  }

  get text(): string {
    return this.#text;
  }
  get value(): number | null {
    return this.#value;
  }
  get error(): string | undefined {
    return this.#error;
  }
  get terms(): Record<string, TermValue> {
    return this.parsed.terms;
  }
  get instrument(): string {
    return this.parsed.instrument;
  }
  get error_kind(): Score["error_kind"] {
    return this.parsed.error_kind;
  }
  get inputs(): Score["inputs"] {
    return this.parsed.inputs;
  }
  /** Serialized as the object its text holds, key order included. */
  toJSON(): Score {
    return this.parsed;
  }
  private get parsed(): Score {
    return (this.#parsed ??= JSON.parse(this.#text) as Score);
  }
}

/** A score as a worker sent it: value and error at once, the rest parsed from its text on first read. */
export function scoreFromText(sent: ScoreText): Score {
  return new TextScore(sent);
}

/** The score's JSON text: as it arrived, or serialized now. */
export function scoreJson(score: Score): string {
  return score instanceof TextScore ? score.text : JSON.stringify(score);
}
