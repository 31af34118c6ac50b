// Finding and stripping laughter cues with a compiled vocabulary (SPEC §3, seed 000 §3).
import type { LaughterEntry, LaughterVocab } from "./vocab.js";

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

/** Every laughter cue in the text, left to right, non-overlapping. */
export function findLaughter(text: string, vocab: LaughterVocab): LaughterSpan[] {
  const spans: LaughterSpan[] = [];
  const pattern = new RegExp(vocab.pattern);
  for (const m of text.matchAll(pattern)) {
    let group = 1;
    while (m[group] === undefined) group++;
    const entry = vocab.data.entries[group - 1];
    spans.push({ start: m.index, end: m.index + m[0].length, text: m[0], entry: entry.id, family: entry.family });
  }
  return spans;
}

export function containsLaughter(text: string, vocab: LaughterVocab): boolean {
  vocab.pattern.lastIndex = 0;
  const found = vocab.pattern.test(text);
  vocab.pattern.lastIndex = 0;
  return found;
}

const SENTENCE_START = /(?:^|[.!?…]["'”’)\]]*\s+|\n\s*)$/;
const ATTACHED_PUNCT = /^[!?.,;:~…]+/;
const PAIRS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "*": "*", "（": "）", "_": "_" };
const CONTENT = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/**
 * Removes laughter cues and tidies what they leave: `stripLaughter("Sure thing. Haha!", v3)` →
 * { text: "Sure thing.", removed: ["Haha"], allLaughter: false }.
 * Punctuation attached to a cue goes with it when the cue opens a sentence ("Haha! Sure" → "Sure") and
 * stays when the cue ends one ("Nice haha." → "Nice."). With `residue.emptyBrackets` an empty bracket or
 * asterisk pair around a removed cue goes too ("(lol)" → ""); v2-seed leaves it ("(laughs)" → "()").
 */
export function stripLaughter(text: string, vocab: LaughterVocab): StrippedLaughter {
  const spans = findLaughter(text, vocab);
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
    if (vocab.data.residue.emptyBrackets) {
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
    out = before + " ";
    from = end;
  }
  out += text.slice(from);
  const tidied = tidyAfterStrip(out);
  return { text: tidied, removed, allLaughter: !CONTENT.test(tidied) };
}

function tidyAfterStrip(s: string): string {
  return s
    .replace(/[ \t]+/g, " ")
    .replace(/ +([,.!?;:…)\]）])/g, "$1")
    .replace(/([(\[（]) +/g, "$1")
    .replace(/,+(?=[,.!?;:…])/g, "")
    .replace(/^[ \t]*[,.;:!?…]+[ \t]*/gm, "")
    .replace(/([.!?…]) +[,;:]+/g, "$1")
    .replace(/ *\n */g, "\n")
    .replace(/[ ,;:]+$/g, "")
    .trim();
}
