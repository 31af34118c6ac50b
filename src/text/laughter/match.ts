// Finding and stripping laughter cues with a compiled vocabulary (SPEC §3, seed 000 §3).
import { START_ANYWHERE, START_NEVER, type LaughterEntry, type LaughterVocab, type StartRule } from "./vocab.js";

export interface LaughterSpan {
  /** UTF-16 offsets into the input. */
  start: number;
  end: number;
  text: string;
  /** The vocabulary entry that matched, e.g. "lol", "emoji-tears-of-joy", "action". */
  entry: string;
  family: LaughterEntry["family"];
}

export interface StrippedLaughter {
  text: string;
  /** The cues removed, in order, as written. */
  removed: string[];
  /** True when at least one cue was removed and no letter, digit or emoji is left. */
  allLaughter: boolean;
}

// ASCII and Latin-1 letters, digits and "_": a cue with a word-like boundary never starts right after one.
const WORD_UNIT = new Uint8Array(65536);
for (let c = 0; c < 0x250; c++) {
  const ch = String.fromCharCode(c);
  if (/[\p{L}\p{N}_]/u.test(ch)) WORD_UNIT[c] = 1;
}

/**
 * Calls `visit` for each cue, left to right, non-overlapping; stops when it returns false.
 * Equivalent to `text.matchAll(vocab.pattern)`, but only tries a regex where the start table says a cue
 * can begin, and then only the alternatives that begin with that character (one big regex tried at every
 * position ran at 4 MB/s).
 */
function scan(text: string, vocab: LaughterVocab, visit: (m: RegExpExecArray, entry: LaughterEntry) => boolean): void {
  const { startTable, startRules } = vocab;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const unit = text.charCodeAt(i);
    const level = startTable[unit];
    if (level !== START_NEVER && (level === START_ANYWHERE || i === 0 || WORD_UNIT[text.charCodeAt(i - 1)] === 0)) {
      const rule = startRules.get(unit) as StartRule;
      rule.loose.lastIndex = i;
      const m = rule.loose.test(text) ? ((rule.sticky.lastIndex = i), rule.sticky.exec(text)) : null;
      if (m) {
        let group = 1;
        while (m[group] === undefined) group++;
        if (!visit(m, vocab.data.entries[rule.groupEntry[group - 1]])) return;
        i = m.index + m[0].length;
        continue;
      }
    }
    i++;
  }
}

/** Every laughter cue in the text, left to right, non-overlapping. */
export function findLaughter(text: string, vocab: LaughterVocab): LaughterSpan[] {
  const spans: LaughterSpan[] = [];
  scan(text, vocab, (m, entry) => {
    spans.push({ start: m.index, end: m.index + m[0].length, text: m[0], entry: entry.id, family: entry.family });
    return true;
  });
  return spans;
}

export function containsLaughter(text: string, vocab: LaughterVocab): boolean {
  let found = false;
  scan(text, vocab, () => {
    found = true;
    return false;
  });
  return found;
}

const SENTENCE_START = /(?:^|[.!?…]["'”’)\]]*\s+|\n\s*)["“‘«([*]?$/;
const ATTACHED_PUNCT = /^[!?.,;:~…]+/;
const PAIRS: Readonly<Record<string, string>> = {
  "(": ")",
  "[": "]",
  "*": "*",
  "（": "）",
  _: "_",
  '"': '"',
  "“": "”",
  "‘": "’",
  "«": "»",
};
const CONTENT = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/**
 * Removes laughter cues and tidies what they leave: `stripLaughter("Sure thing. Haha!", v3)` →
 * { text: "Sure thing.", removed: ["Haha"], allLaughter: false }.
 * Punctuation attached to a cue goes with it when the cue opens a sentence ("Haha! Sure" → "Sure") and
 * stays when the cue ends one ("Nice haha." → "Nice."). With `residue.emptyBrackets` an empty bracket or
 * asterisk pair around a removed cue goes too ("(lol)" → ""); v2-seed leaves it ("(laughs)" → "()").
 */
export function stripLaughter(text: string, vocab: LaughterVocab): StrippedLaughter {
  return stripSpans(text, findLaughter(text, vocab), vocab.data.residue.emptyBrackets);
}

/** Removes the given spans (left to right, non-overlapping) and tidies what they leave, as stripLaughter does. */
export function stripSpans(text: string, spans: readonly { start: number; end: number; text: string }[], emptyBrackets: boolean): StrippedLaughter {
  if (spans.length === 0) return { text, removed: [], allLaughter: false };
  const removed: string[] = [];
  let out = "";
  let from = 0;
  for (const span of spans) {
    const start = span.start;
    let end = span.end;
    if (start < from) continue;
    let before = out + text.slice(from, start);
    if (SENTENCE_START.test(before)) {
      const attached = ATTACHED_PUNCT.exec(text.slice(end));
      if (attached) end += attached[0].length;
    }
    if (emptyBrackets) {
      const trimmed = before.trimEnd();
      const opener = trimmed.slice(-1);
      const closer = PAIRS[opener];
      const afterSpaces = text.slice(end).match(/^\s*/)?.[0].length ?? 0;
      if (closer !== undefined && text[end + afterSpaces] === closer) {
        before = trimmed.slice(0, -1);
        end += afterSpaces + 1;
      }
    }
    removed.push(span.text);
    // A separator keeps words apart, except right after an opening quote or bracket.
    const afterOpener = /["“‘«([]$/.test(before);
    if (afterOpener) while (text[end] === " ") end++;
    out = before + (afterOpener ? "" : " ");
    from = end;
  }
  out += text.slice(from);
  const tidied = tidyAfterStrip(out);
  return { text: tidied, removed, allLaughter: !CONTENT.test(tidied) };
}

/** The spacing and punctuation repairs a strip applies (exported so a reading can apply them to text without cues alike). */
export function tidyAfterStrip(s: string): string {
  return s
    .replace(/[ \t]+/g, " ")
    .replace(/ +([,.!?;:…)\]）])/g, "$1")
    .replace(/([([（]) +/g, "$1")
    .replace(/,+(?=[,.!?;:…])/g, "")
    .replace(/^[ \t]*[,.;:!?…]+[ \t]*/gm, "")
    .replace(/([.!?…]) +[,;:]+/g, "$1")
    .replace(/ *\n */g, "\n")
    .replace(/[ ,;:]+$/g, "")
    .trim();
}
