// Dialogue vs narration (SPEC §3, §7: opener diversity drops dialogue; echo inspects dialogue and short
// italic thoughts). Dialogue is text inside double quotes — straight "…", curly “…”, guillemets «…»,
// low-high „…“ and corner brackets 「…」『…』. British single curly quotes ‘…’ are read as dialogue only
// when the text has no double quotes at all, and only where ‘ opens a word and ’ closes one, so
// apostrophes ("dogs’ bowls", "don’t") are never taken for quotes. A straight quote left open runs to the
// end of its paragraph (novel convention for multi-paragraph speech).
// Italics are *single-asterisk* or _underscore_ spans (not **bold**); they are reported separately and
// their words stay in the narration with the markers removed (italic thoughts are part of the scene).

export interface DialogueSplit {
  /** Quoted speech, in order, without the quote marks. */
  dialogue: string[];
  /** Everything outside quotes, italic markers removed, whitespace tidied. */
  narration: string;
  /** Italic spans (thoughts, emphasis), in order, without the markers; quoted ones included. */
  italics: string[];
}

const PAIRS: ReadonlyArray<[string, string]> = [
  ["“", "”"], ["«", "»"], ["„", "“"], ["「", "」"], ["『", "』"],
];
const ITALIC = /(?<![\p{L}\p{N}*])\*(?!\*)(?=\S)([^*\n]*?\S)\*(?!\*)|(?<![\p{L}\p{N}_])_(?!_)(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}_])/gu;
const BRITISH = /(?<![\p{L}\p{N}])‘(?=\S)([^‘’\n]*(?:’[\p{L}][^‘’\n]*)*?\S)’(?![\p{L}\p{N}])/gu;

interface Quote {
  start: number;
  end: number;
  inner: string;
}

function findQuotes(s: string): Quote[] {
  const quotes: Quote[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '"') {
      let close = s.indexOf('"', i + 1);
      const paragraphEnd = s.indexOf("\n\n", i + 1);
      if (close === -1 || (paragraphEnd !== -1 && paragraphEnd < close)) {
        close = paragraphEnd === -1 ? s.length : paragraphEnd;
        quotes.push({ start: i, end: close, inner: s.slice(i + 1, close) });
        i = close;
        continue;
      }
      quotes.push({ start: i, end: close + 1, inner: s.slice(i + 1, close) });
      i = close + 1;
      continue;
    }
    const pair = PAIRS.find(([open]) => open === c);
    if (pair) {
      const close = s.indexOf(pair[1], i + 1);
      const end = close === -1 ? s.length : close;
      quotes.push({ start: i, end: close === -1 ? end : end + 1, inner: s.slice(i + 1, end) });
      i = close === -1 ? s.length : close + 1;
      continue;
    }
    i++;
  }
  if (quotes.length === 0 && s.includes("‘")) {
    for (const m of s.matchAll(BRITISH)) quotes.push({ start: m.index, end: m.index + m[0].length, inner: m[1] });
  }
  return quotes;
}

function tidy(s: string): string {
  return s
    .replace(/[ \t]+/g, " ")
    .replace(/ ([,.;:!?])/g, "$1")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * `splitDialogue('“Hi,” she said. *Not again.* He left.')` →
 * { dialogue: ["Hi,"], narration: "she said. Not again. He left.", italics: ["Not again."] }.
 */
export function splitDialogue(s: string): DialogueSplit {
  const quotes = findQuotes(s);
  const dialogue: string[] = [];
  let narration = "";
  let from = 0;
  for (const q of quotes) {
    narration += s.slice(from, q.start) + " ";
    const inner = q.inner.trim();
    if (inner) dialogue.push(inner);
    from = q.end;
  }
  narration += s.slice(from);
  const italics: string[] = [];
  for (const m of s.matchAll(ITALIC)) italics.push((m[1] ?? m[2]).trim());
  return { dialogue, narration: tidy(narration.replace(ITALIC, (_w, a?: string, b?: string) => a ?? b ?? "")), italics };
}
