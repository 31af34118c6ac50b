// A lazily tokenised view of one mirror row, shared by feature extraction and feature matching so a
// row is tokenised once however many hypotheses are tested on it. What is derived from a row's text
// (tokens, feature keys, which features it matches) is kept per row object across detector runs, so
// the live monitor's reruns over the same sampled rows redo only the new rows (issue #15). Rows may be
// mutated: the cache is keyed by the row object and checked against its output and input on every
// view (a row given other text is derived afresh); step and score are read from the row each time.

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
  /** Whether tail() reads the whole normalised output or only its end (fixed once asked). */
  tailReadsJoined(): boolean;
  /** Counts as having normalised the whole output (for a caller that kept what it derived from it). */
  sawWhole(): void;
  paragraphs(): string[];
  lines(): string[];
  /** The prompt's joined words, to discount n-grams the prompt itself asks for. */
  inputJoined(): string;
  /** The prompt's word 1–3-grams, to discount n-grams the prompt itself asks for. */
  inputGrams(): Set<string>;
  /**
   * Memo slots for what is derived from the row's text (filled by features.ts and detect.ts); one
   * object per row text, the same across views of the same unchanged row.
   */
  memo: RowMemo;
}

export interface RowMemo {
  structure?: Set<string>;
  stems?: Set<string>;
  /** Feature key → whether the row matches it (bounded: see detect.ts). */
  matches?: Map<string, boolean>;
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

/** What is derived from one row's output and input, built lazily and kept while the row object lives. */
class RowText {
  /** The closing words from the whole normalised output, and from only its end (see View.tail). */
  tailOfJoined?: string;
  tailOfEnd?: string;
  paragraphs?: string[];
  lines?: string[];
  readonly memo: RowMemo = {};
  constructor(
    readonly output: string,
    readonly input: string,
  ) {}
}

/** What one owner (a monitor, one detection) derived from each row's text, by row object, kept while the row lives. */
export class RowTexts {
  private readonly texts = new WeakMap<object, RowText>();

  of(row: { output: string; input: string }): RowText {
    let t = this.texts.get(row);
    if (t === undefined || t.output !== row.output || t.input !== row.input) {
      t = new RowText(row.output, row.input);
      this.texts.set(row, t);
    }
    return t;
  }
}

/** The last CLOSING_WORDS words of a normalised text, joined the same way. */
function closingOf(j: string): string {
  let at = j.length - 1;
  for (let k = 0; k < CLOSING_WORDS && at > 0; k++) at = j.lastIndexOf(" ", at - 1);
  return at <= 0 ? j : j.slice(at);
}

class View implements RowView {
  // A row's words and normalised output are kept by the view only, for one run: they are the largest
  // things derived from a row, and a rerun needs them again only for the rows it contrasts anew.
  private wordList: string[] | undefined;
  private whole: string | undefined;
  /** Whether this view has normalised the whole output (words() or joined(), or sawWhole()). */
  private sawJoined = false;
  /** Which closing words this view reads, fixed at its first tail(). */
  private tailFromJoined: boolean | undefined;

  constructor(
    readonly index: number,
    readonly step: number,
    readonly score: number,
    private readonly text: RowText,
  ) {}

  get output(): string {
    return this.text.output;
  }

  get input(): string {
    return this.text.input;
  }

  get memo(): RowMemo {
    return this.text.memo;
  }

  words(): string[] {
    return (this.wordList ??= splitWords(this.joined()));
  }

  joined(): string {
    this.sawJoined = true;
    return (this.whole ??= normalise(this.text.output));
  }

  sawWhole(): void {
    this.sawJoined = true;
  }

  /**
   * Whether tail() reads the whole normalised output (else only its last characters); fixed from the
   * first call. The two can differ when the end holds under CLOSING_WORDS words (long non-word runs),
   * and a view reads the whole output exactly when it was normalised through this view first, as
   * before the text was kept across views, so a detection is the same whichever views came before.
   */
  tailReadsJoined(): boolean {
    return (this.tailFromJoined ??= this.sawJoined);
  }

  tail(): string {
    const t = this.text;
    if (this.tailReadsJoined()) return (t.tailOfJoined ??= closingOf(this.joined()));
    // normalise only the end of the output: enough characters for CLOSING_WORDS words
    return (t.tailOfEnd ??= closingOf(normalise(t.output.slice(-CLOSING_WORDS * 25))));
  }

  paragraphs(): string[] {
    return (this.text.paragraphs ??= this.text.output
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean));
  }

  lines(): string[] {
    return (this.text.lines ??= this.text.output.split("\n").filter((l) => l.trim()));
  }

  inputGrams(): Set<string> {
    return memoByInput(inputGramCache, this.text.input, gramsOf);
  }

  inputJoined(): string {
    return memoByInput(inputCache, this.text.input, normalise);
  }
}

/** A per-prompt value, computed once while the cache holds at most 50,000 prompts (then it starts over). */
function memoByInput<T>(cache: Map<string, T>, input: string, compute: (input: string) => T): T {
  let value = cache.get(input);
  if (value === undefined) {
    if (cache.size > 50_000) cache.clear();
    value = compute(input);
    cache.set(input, value);
  }
  return value;
}

export function rowView(row: { step: number; score: number; output: string; input: string }, index: number, texts: RowTexts = new RowTexts()): RowView {
  return new View(index, row.step, row.score, texts.of(row));
}
