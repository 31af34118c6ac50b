// List and heading markup read as narration (issue 36, third round): a reply written as a numbered list
// paid +0.018 held out, its markers counted as words and its items joined into one paragraph. Under the
// hardened reading every line's list or heading marker is removed — numbered, lettered and roman
// enumerators ("1.", "(a)", "iv)", "#3"), bullets (hyphen, asterisk, plus, and any Unicode symbol or
// bullet punctuation), Markdown headings ("## ") — and bold markers ("**", "__") anywhere; each item
// stays on its own line, which the dilution reading takes as a paragraph (./stack/prepare.ts).
const ENUMERATOR = String.raw`(?:\(?(?:\d{1,3}|[A-Za-z]|[ivxlcdm]{1,6}|[IVXLCDM]{1,6})[.)\]:]|#\d{1,3}[.):]?)`;
const BULLET = String.raw`(?:[-*+\u2022\u2023\u2043\u2219\u25e6]|[\p{So}\p{Sm}])`;
const HEADING = "#{1,6}";
const LINE_MARKER = new RegExp(String.raw`^([^\S\n]*(?:>[^\S\n]*)*)(?:${ENUMERATOR}|${BULLET}|${HEADING})[^\S\n]+`, "gmu");
const BOLD = /\*\*|__/g;

/** The text with list, heading and bold markers removed (a line's indentation and quote markers kept). */
export function stripListMarkup(text: string): string {
  if (!/[\d#*+\-_\p{So}\p{Sm}\u2022\u2023\u2043\u2219\u25e6]|^[^\S\n]*\(?[A-Za-z][.)\]:][^\S\n]/mu.test(text)) return text;
  return text.replace(LINE_MARKER, "$1").replace(BOLD, "");
}
