// A lazily tokenised view of one mirror row, shared by feature extraction and feature matching so a
// row is tokenised once however many hypotheses are tested on it.

/** Words are runs of ASCII letters and digits after lower-casing ("don't" → "don", "t"). */
const NON_WORD = /[^a-z0-9]+/g;

function normalise(text: string): string {
  return ` ${text.toLowerCase().replace(NON_WORD, " ").trim()} `;
}

function splitWords(joined: string): string[] {
  const t = joined.trim();
  return t ? t.split(" ") : [];
}

export interface RowView {
  /** Position in the log, for per-hypothesis match caches. */
  index: number;
  step: number;
  score: number;
  output: string;
  input: string;
  words(): string[];
  /** " w1 w2 … " for substring n-gram matching. */
  joined(): string;
  /** The last CLOSING_WORDS words, joined the same way. */
  tail(): string;
  paragraphs(): string[];
  lines(): string[];
  /** The prompt's joined words, to discount n-grams the prompt itself asks for. */
  inputJoined(): string;
  /** The prompt's word 1–3-grams, to discount n-grams the prompt itself asks for. */
  inputGrams(): Set<string>;
  /** Memo slots for derived feature sets (filled by features.ts). */
  memo: { structure?: Set<string>; stems?: Set<string> };
}

export const CLOSING_WORDS = 30;

const inputCache = new Map<string, string>();
const inputGramCache = new Map<string, Set<string>>();

function gramsOf(text: string): Set<string> {
  const w = splitWords(normalise(text));
  const out = new Set<string>();
  for (let i = 0; i < w.length; i++) {
    out.add(w[i]);
    if (i + 1 < w.length) out.add(`${w[i]} ${w[i + 1]}`);
    if (i + 2 < w.length) out.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  }
  return out;
}

export function rowView(row: { step: number; score: number; output: string; input: string }, index: number): RowView {
  let words: string[] | undefined;
  let joined: string | undefined;
  let tail: string | undefined;
  let paragraphs: string[] | undefined;
  let lines: string[] | undefined;
  return {
    index,
    memo: {},
    step: row.step,
    score: row.score,
    output: row.output,
    input: row.input,
    words: () => (words ??= splitWords((joined ??= normalise(row.output)))),
    joined: () => (joined ??= normalise(row.output)),
    tail: () => {
      if (tail === undefined) {
        // normalise only the end of the output: enough characters for CLOSING_WORDS words
        const j = joined ?? normalise(row.output.slice(-CLOSING_WORDS * 25));
        let at = j.length - 1;
        for (let k = 0; k < CLOSING_WORDS && at > 0; k++) at = j.lastIndexOf(" ", at - 1);
        tail = at <= 0 ? j : j.slice(at);
      }
      return tail;
    },
    paragraphs: () => (paragraphs ??= row.output.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)),
    lines: () => (lines ??= row.output.split("\n").filter((l) => l.trim())),
    inputGrams: () => {
      let g = inputGramCache.get(row.input);
      if (g === undefined) {
        if (inputGramCache.size > 50_000) inputGramCache.clear();
        g = gramsOf(row.input);
        inputGramCache.set(row.input, g);
      }
      return g;
    },
    inputJoined: () => {
      let j = inputCache.get(row.input);
      if (j === undefined) {
        if (inputCache.size > 50_000) inputCache.clear();
        j = normalise(row.input);
        inputCache.set(row.input, j);
      }
      return j;
    },
  };
}
