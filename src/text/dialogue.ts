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
  ["“", "”"],
  ["«", "»"],
  ["„", "“"],
  ["「", "」"],
  ["『", "』"],
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

const CURLY_OPEN = "“";
const CURLY_CLOSE = "”";
/** Paired quotation marks other than the double ones the scanner reads (curly “…” and straight "…"). */
const OTHER_PAIRS = /«([^«»\n]*)»|»([^«»\n]*)«|„([^„“”\n]*)[“”]|‹([^‹›\n]*)›|「([^「」\n]*)」|『([^『』\n]*)』/g;
/**
 * Quotation marks by category (issue 36, battery 4): every character of Unicode's Quotation_Mark property
 * and the heavy quotation mark ornaments of the Dingbats and Ornamental Dingbats blocks (General Category
 * So, named "… QUOTATION MARK ORNAMENT" in the UCD), plus TeX's `` and ''. A span of one line that opens
 * with any of them (an apostrophe ' ‘ ’ never opens one: that is the single-quote reading below) where a
 * word starts and closes with any of them where a word ends is speech, whichever pair (swapped “…” too).
 */
export const QUOTE_ORNAMENTS = "\u275b\u275c\u275d\u275e\u275f\u2760\u276e\u276f\u{1f676}\u{1f677}\u{1f678}";
const ANY_QUOTE = String.raw`(?:\p{Quotation_Mark}|[${QUOTE_ORNAMENTS}])`;
const ANY_PAIR = new RegExp(String.raw`(?<![\p{L}\p{N}\p{M}])(${"``"}|(?!['‘’])${ANY_QUOTE})(?=\S)([^\n]*?\S)(''|${ANY_QUOTE})(?![\p{L}\p{N}\p{M}])`, "gu");

/** Straight single quotes around speech: ' opens a word and ' closes one; inner apostrophes sit between letters. */
const STRAIGHT_SINGLE = /(?<![\p{L}\p{N}])'(?=\S)([^'\n]*?(?:'[\p{L}][^'\n]*?)*\S)'(?![\p{L}\p{N}])/gu;
/** A line of em-dash dialogue (— Where? — he asked. — Home.): speech and narration alternate at each spaced dash. */
const DASH_LINE = /^([ \t]*)[—―][ \t]*(\S.*)$/gm;
const SPACED_DASH = /\s[—―–]\s/;

/**
 * Speech in any quotation style rewritten in curly double quotes, which every prose term reads as
 * dialogue (issue 36): guillemets either way, „…“, ‹…›, corner brackets, single quotes (curly when the
 * text has no double quotes, as splitDialogue reads them; straight likewise), and em-dash dialogue lines,
 * where the first part of the line is speech and a spaced dash switches between speech and narration.
 * `normalizeDialogue("«Non,» dit-elle.")` → "“Non,” dit-elle."
 */
export function normalizeDialogue(s: string): string {
  let out = s.replace(OTHER_PAIRS, (_m, ...groups: (string | undefined)[]) => CURLY_OPEN + (groups.slice(0, 6).find((g) => g !== undefined) ?? "") + CURLY_CLOSE);
  out = out.replace(ANY_PAIR, (m: string, open: string, inner: string, close: string) => ((open === CURLY_OPEN && close === CURLY_CLOSE) || (open === '"' && close === '"') ? m : CURLY_OPEN + inner + CURLY_CLOSE));
  if (!out.includes('"') && !out.includes(CURLY_OPEN)) {
    if (out.includes("‘")) out = out.replace(BRITISH, (_m, inner: string) => CURLY_OPEN + inner + CURLY_CLOSE);
    if (out.includes("'")) out = out.replace(STRAIGHT_SINGLE, (_m, inner: string) => CURLY_OPEN + inner + CURLY_CLOSE);
  }
  if (out.includes("—") || out.includes("―")) {
    out = out.replace(DASH_LINE, (_m, indent: string, rest: string) => {
      const parts = rest.split(SPACED_DASH);
      return indent + parts.map((p, k) => (k % 2 === 0 ? CURLY_OPEN + p.trim() + CURLY_CLOSE : p.trim())).join(" ");
    });
  }
  return out;
}
