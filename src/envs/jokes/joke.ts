// A question/answer joke as the VR-CLI environment sees it (SPEC §8), and how one is read from a
// user's record. Field names vary between published dumps, so a small alias table maps them.
import { InputError } from "../../core/errors.js";

export interface Joke {
  /** Stable identity: a hash of the normalized setup (see split.ts), so ids survive reordering. */
  id: string;
  setup: string;
  punchline: string;
  /** Upvotes or another popularity score, where the source has one. */
  score?: number;
  source?: string;
}

/** A record as read, before filtering: the setup and punchline may still be empty or malformed. */
export interface JokeCandidate {
  setup: string;
  punchline: string;
  score?: number;
  source?: string;
}

const SETUP_FIELDS = ["setup", "question", "title", "prompt"] as const;
const PUNCHLINE_FIELDS = ["punchline", "answer", "selftext", "body", "label"] as const;
const SCORE_FIELDS = ["score", "upvotes", "ups"] as const;

function firstField(record: Record<string, unknown>, names: readonly string[]): string | undefined {
  return names.find((name) => record[name] !== undefined && record[name] !== null);
}

function stringField(record: Record<string, unknown>, name: string, where: string): string {
  const value = record[name];
  if (typeof value !== "string") throw new InputError(where, `field "${name}" must be a string, got ${typeof value}`);
  return value;
}

// "Q: Why …?\nA: Because …" (common in fortune files); quotes around either side are dropped.
const QA_MARKED = /^\s*Q:\s*([\s\S]+?)\s*\n\s*A:\s*([\s\S]+)$/;

function unquote(text: string): string {
  const t = text.trim();
  return /^"[^"]*"$/.test(t) ? t.slice(1, -1).trim() : t;
}

/**
 * A one-line joke in question/answer form ("Why did …? Because …", or "Q: …\nA: …") is split
 * after its first "?". Text without a "?" keeps everything as the setup and an empty punchline, so
 * the filters count it under the rule it breaks instead of it vanishing here.
 */
export function splitQuestionAnswer(text: string): { setup: string; punchline: string } {
  const marked = QA_MARKED.exec(text);
  if (marked) return { setup: unquote(marked[1]), punchline: unquote(marked[2]) };
  const mark = text.indexOf("?");
  if (mark < 0) return { setup: text.trim(), punchline: "" };
  return { setup: text.slice(0, mark + 1).trim(), punchline: text.slice(mark + 1).trim() };
}

/**
 * Reads one record: `setup`/`punchline` (aliases: question/answer, title/selftext or body, prompt/label),
 * or a single `text` field in question/answer form. `score` (aliases upvotes, ups) is optional and
 * must be a number when present; numeric strings from CSV files are accepted.
 */
export function candidateFromRecord(record: unknown, where: string): JokeCandidate {
  if (record === null || typeof record !== "object" || Array.isArray(record)) {
    throw new InputError(where, "expected an object with setup and punchline fields");
  }
  const rec = record as Record<string, unknown>;
  const setupField = firstField(rec, SETUP_FIELDS);
  let setup: string;
  let punchline: string;
  if (setupField !== undefined) {
    setup = stringField(rec, setupField, where);
    const punchlineField = firstField(rec, PUNCHLINE_FIELDS);
    if (punchlineField === undefined) {
      throw new InputError(where, `has "${setupField}" but no punchline field (expected one of ${PUNCHLINE_FIELDS.join(", ")})`);
    }
    punchline = stringField(rec, punchlineField, where);
  } else if (rec.text !== undefined) {
    ({ setup, punchline } = splitQuestionAnswer(stringField(rec, "text", where)));
  } else {
    throw new InputError(where, `no joke fields: expected "setup" and "punchline" (or ${SETUP_FIELDS.slice(1).join("/")} with ${PUNCHLINE_FIELDS.slice(1).join("/")}), or a question/answer "text"`);
  }
  const candidate: JokeCandidate = { setup, punchline };
  const scoreField = firstField(rec, SCORE_FIELDS);
  // An empty CSV cell means "no score", not a malformed one.
  if (scoreField !== undefined && rec[scoreField] !== "") {
    const raw = rec[scoreField];
    const score = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
    if (typeof score !== "number" || !Number.isFinite(score)) {
      throw new InputError(where, `field "${scoreField}" must be a number, got ${JSON.stringify(raw)}`);
    }
    candidate.score = score;
  }
  if (typeof rec.source === "string") candidate.source = rec.source;
  return candidate;
}
