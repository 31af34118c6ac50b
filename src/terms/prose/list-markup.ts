// List and heading markup read as narration (issue 36, third round): a reply written as a numbered list
// paid +0.018 held out, its markers counted as words and its items joined into one paragraph. Under the
// hardened reading every line's list or heading marker is removed — numbered, lettered and roman
// enumerators ("1.", "(a)", "iv)", "#3"), bullets (hyphen, asterisk, plus, and any Unicode symbol or
// bullet punctuation), Markdown headings ("## ") — and bold markers ("**", "__") anywhere; each item
// stays on its own line, which the dilution reading takes as a paragraph (./stack/prepare.ts).
const ENUMERATOR = String.raw`(?:\(?(?:\d{1,3}|[A-Za-z]|[ivxlcdm]{1,6}|[IVXLCDM]{1,6})[.)\]:]|#\d{1,3}[.):]?)`;
const BULLET = String.raw`(?:[-*+\u2022\u2023\u2043\u2219\u25e6]|[\p{So}\p{Sm}])`;
const HEADING = "#{1,6}";
const LINE_MARKER = new RegExp(String.raw`^([^\S\n]*(?:>[^\S\n]*)*)(?:(?:${ENUMERATOR}|${BULLET}|${HEADING})[^\S\n]+)+`, "gmu");
const BOLD = /\*\*|__/g;

/** A line's end that closes a sentence (terminal punctuation, then any closing quotes, brackets or emphasis). */
const CLOSED = /[.!?…:;—–]["'”’»)\]*_]*[^\S\n]*$/u;

/**
 * The text with list, heading and bold markers removed (a line's indentation and quote markers kept). A
 * marked line that does not close its sentence ("## Part 2") is a title: it is bracketed and closed
 * with a full stop, so it neither starts the next line's sentence (which hid that sentence's opener)
 * nor thins the reply (a bracketed line narrates nothing: padding.ts), while its words still count.
 */
export function stripListMarkup(text: string): string {
  if (!/[\d#*+\-_\p{So}\p{Sm}\u2022\u2023\u2043\u2219\u25e6]|^[^\S\n]*\(?[A-Za-z]{1,6}[.)\]:][^\S\n]/mu.test(text)) return text;
  return text
    .replace(/^.*$/gm, (line) => {
      const unmarked = line.replace(LINE_MARKER, "$1");
      if (unmarked === line || CLOSED.test(unmarked) || unmarked.trim() === "") return unmarked;
      const indent = /^\s*/.exec(unmarked)![0];
      return `${indent}[${unmarked.trim()}].`;
    })
    .replace(BOLD, "")
    .replace(/^[\s\S]*$/, (all) => {
      // Most of the reply's lines in italics: the reply is written in italics, every such line narration.
      const lines = all.split("\n").filter((l) => l.trim() !== "").length;
      const emphasized = [...all.matchAll(EMPHASIZED_LINE)].filter((m) => !m[3].includes(m[2][0])).length;
      const mostly = emphasized >= 2 && emphasized * 2 >= lines;
      return all.replace(EMPHASIZED_LINE, (line, indent: string, d: string, body: string) => ((mostly || SENTENCE_INSIDE.test(body)) && !body.includes(d[0]) ? `${indent}${body}` : line));
    });
}

// A paragraph in italics is narration, not a thought (issue 36, round 2): whole paragraphs wrapped in
// "*…*" or "_…_" paid +0.029 held out, their words read as a character's thoughts (T_ITALIC) that the
// narration terms skip. A line wholly inside one pair of emphasis delimiters (any run of "*" or "_",
// bold already removed above, none inside) that holds two sentences or more loses its delimiters, and
// so does every such line where they are most of the reply's lines (a reply written in italics); a
// one-sentence italic line among narration ("*What was that?*") stays a thought.
const EMPHASIZED_LINE = /^([^\S\n]*)([*_]+)(?=\S)([^\n]*?\S)\2[^\S\n]*$/gmu;
/** Sentence punctuation followed by a space and more words: the body holds two sentences or more. */
const SENTENCE_INSIDE = /[.!?…]["'”’)\]]*[^\S\n]+\S/u;
