// Markup of any language read as the text it renders (issue 36, markup37): HTML and XML, LaTeX and TeX,
// BBCode, wiki markup, reStructuredText and AsciiDoc, org-mode and troff, beside Markdown (whose list,
// heading and emphasis markers the prose reading handles in src/terms/prose/list-markup.ts). Each is read
// by the SHAPES of its commands and tags, never by a list of their names, so a command no list holds
// (\textsc{…}, [color=red]…[/color], <w:t>…</w:t>) is read like the known ones:
//   - an angle tag <name …> or </name>, any name (XML namespaces and custom elements too);
//   - a backslash word with optional [options] and {arguments} (\cmd*[..]{…}{…} → its last argument), a
//     group opened by a command ({\em …} → its text), \begin{…} / \end{…} lines, bare commands dropped;
//   - a bracketed tag [name] or [name=…] closed by a matching [/name];
//   - a run of 2 to 5 apostrophes around text ('''bold''', ''italic''), [[target|label]] links, {{templates}};
//   - a run of one punctuation character under (or over and under) a line, as long as the line: a heading;
//   - a line of "=" or "*" runs before a title (wiki, AsciiDoc, org-mode): a heading;
//   - a troff request line (".SH NAME", ".PP") and font escapes (\fI…\fR).
// HTML character references are decoded from the HTML5 table (data/html-entities.json, built from
// character-entities by scripts/build-html-entities.mjs) and numerically. TeX math ($…$, \(…\), \[…\])
// is left alone: a renderer typesets it as symbols, which no prose term prices.
// A heading of any markup becomes a Markdown heading line ("# Title"), and heading lines are then left
// out of the reading (dropHeadings).
import { readFileSync } from "node:fs";
import { once } from "../core/once.js";
import { isStopword } from "./stopwords.js";

const entityTable = once((): Readonly<Record<string, string>> => (JSON.parse(readFileSync(new URL("./data/html-entities.json", import.meta.url), "utf8")) as { entities: Record<string, string> }).entities);

/** A heading's text: a short line that does not close a sentence. */
const MAX_HEADING_WORDS = 12;
const CLOSES_SENTENCE = /[.!?…]["'”’»)\]*_]*\s*$/u;
const isHeadingText = (t: string): boolean => t.trim() !== "" && !CLOSES_SENTENCE.test(t) && t.trim().split(/\s+/).length <= MAX_HEADING_WORDS;
const heading = (t: string): string => `# ${t.trim()}`;

// ------------------------------------------------------------------------------------------ HTML / XML

const HTML_BLOCKS = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/g;
const DECLARATION = /<[!?][^<>]*>/g;
const HTML_BREAK = /<(?:br|hr|\/p|\/div|\/li|\/tr|\/h[1-6]|\/blockquote|\/section|\/article|\/header|\/footer)\b[^<>]*>/gi;
/** Any element tag: a name of letters, digits, "-", "_", "." and one namespace colon. */
const TAG = /<\/?[A-Za-z][\w.-]*(?::[A-Za-z][\w.-]*)?(?:\s[^<>]*)?\/?>/g;
/** A line that is one element, open to close, around its text. */
const ELEMENT_LINE = /^[^\S\n]*<([A-Za-z][\w.-]*(?::[A-Za-z][\w.-]*)?)(?:\s[^<>\n]*)?>([^<>\n]*)<\/\1\s*>[^\S\n]*$/gm;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

function decodeEntity(whole: string, dec?: string, hex?: string, name?: string): string {
  if (dec !== undefined || hex !== undefined) {
    const code = dec !== undefined ? Number(dec) : Number.parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  }
  const table = entityTable();
  return table[name as string] ?? table[(name as string).toLowerCase()] ?? whole;
}

/** HTML or XML as its text: tags, comments, declarations and script/style blocks removed (references are decoded last, by readMarkup). */
export function readHtml(s: string): string {
  let out = s;
  if (out.includes("<")) {
    out = out
      .replace(HTML_BLOCKS, "")
      .replace(HTML_COMMENT, "")
      .replace(CDATA, "$1")
      .replace(DECLARATION, "")
      .replace(ELEMENT_LINE, (line, _name: string, body: string) => (isHeadingText(body) ? heading(body) : line))
      .replace(HTML_BREAK, "\n")
      .replace(TAG, "");
  }
  return out;
}

/** Every named (HTML5 table) and numeric character reference decoded: `decodeEntities("&mdash;&#233;")` → "—é". */
export function decodeEntities(s: string): string {
  return s.includes("&") ? s.replace(ENTITY, decodeEntity) : s;
}

// ------------------------------------------------------------------------------------------- LaTeX/TeX

const HAS_TEX = /\\[A-Za-z@]|\\[\\&%$#_{}]/;
/** Math spans, left as written: $$…$$, $…$, \(…\), \[…\]. */
const MATH = /\$\$[\s\S]*?\$\$|\$[^$\n]+\$|\\\([\s\S]*?\\\)|\\\[[\s\S]*?\\\]/g;
const ENVIRONMENT_LINE = /^[^\S\n]*\\(?:begin|end)\s*\{[^{}\n]*\}(?:\[[^\]\n]*\]|\{[^{}\n]*\})*[^\S\n]*$\n?/gm;
const ENVIRONMENT = /\\(?:begin|end)\s*\{[^{}\n]*\}(?:\[[^\]\n]*\])?/g;
/** A line that is one command with arguments: \section*{Title}, \chapter[short]{Title}. */
const COMMAND_LINE = /^[^\S\n]*\\[A-Za-z@]+\*?(?:\s*\[[^\]\n]*\])*((?:\s*\{[^{}\n]*\})+)[^\S\n]*$/gm;
/** A command with arguments and none nested: its text is its last argument (\textcolor{red}{word} → word). */
const COMMAND = /\\[A-Za-z@]+\*?(?:\s*\[[^\]\n]*\])*((?:\{[^{}]*\})+)/g;
/** A group opened by a declaration: {\em text}, {\bfseries text}. */
const DECLARATION_GROUP = /\{\\[A-Za-z@]+\*?\s+([^{}]*)\}/g;
const ESCAPE = /\\([\\&%$#_{} ,;:!])/g;
// A command never starts inside a word: "tape\\stry" is a split word for the spelling reading, not "tape" and a command.
const BARE_COMMAND = /(?<![\p{L}\p{M}\p{N}])\\[A-Za-z@]+\*?(?:\{\})?[^\S\n]?/gu;
const GROUP = /\{([^{}\\]*)\}/g;
const TIE = /(?<=\S)~(?=\S)/g;

const lastArgument = (args: string): string => {
  const all = [...args.matchAll(/\{([^{}]*)\}/g)];
  return all.length === 0 ? "" : all[all.length - 1][1];
};

function readTexOutsideMath(s: string): string {
  let out = s.replace(ENVIRONMENT_LINE, "").replace(ENVIRONMENT, "");
  out = out.replace(COMMAND_LINE, (line, args: string) => {
    const text = lastArgument(args);
    return isHeadingText(text) && !/\\/.test(text) ? heading(text) : line;
  });
  // Innermost first, until nothing changes: \textbf{\textit{word}} → word.
  for (let before = ""; before !== out; ) {
    before = out;
    out = out.replace(COMMAND, (_m, args: string) => lastArgument(args)).replace(DECLARATION_GROUP, "$1");
  }
  return out
    .replace(/\\\\(?:\[[^\]\n]*\])?/g, "\n")
    .replace(ESCAPE, (_m, c: string) => (c === "\\" ? "\n" : /[ ,;:!]/.test(c) ? " " : c))
    .replace(BARE_COMMAND, "")
    .replace(GROUP, "$1")
    .replace(TIE, " ");
}

/** LaTeX or TeX as the text it typesets; math is left as written. */
export function readTex(s: string): string {
  if (!HAS_TEX.test(s)) return s;
  let out = "";
  let last = 0;
  for (const m of s.matchAll(MATH)) {
    out += readTexOutsideMath(s.slice(last, m.index)) + m[0];
    last = (m.index as number) + m[0].length;
  }
  return out + readTexOutsideMath(s.slice(last));
}

// ---------------------------------------------------------------------------------------------- BBCode

/** A tag pair with a matching close and none inside: [name], [name=value] or [name attr=…] … [/name]. */
const BB_PAIR = /\[([A-Za-z][A-Za-z0-9]{0,15})(?:=[^\]\n]*|\s[^\]\n]*)?\]([^[]*?)\[\/\1\]/gi;
const BB_LINE = /^[^\S\n]*\[([A-Za-z][A-Za-z0-9]{0,15})(?:=[^\]\n]*|\s[^\]\n]*)?\]([^[\n]*)\[\/\1\][^\S\n]*$/gim;
/** Tags that stand alone: [*] list items, [hr], [br]. */
const BB_SINGLE = /\[(?:\*|hr|br)\]/gi;

/** BBCode as its text: every tag pair, known or not, reads as its content. */
export function readBbcode(s: string): string {
  if (!s.includes("[/")) return s.includes("[*]") ? s.replace(BB_SINGLE, "") : s;
  let out = s.replace(BB_LINE, (line, _n: string, body: string) => (isHeadingText(body) ? heading(body) : line));
  for (let before = ""; before !== out; ) {
    before = out;
    out = out.replace(BB_PAIR, "$2");
  }
  return out.replace(BB_SINGLE, "");
}

// ------------------------------------------------------------------------------------------------ wiki

const WIKI_HEADING = /^[^\S\n]*(={1,6})[^\S\n]*([^=\n]*?\S)[^\S\n]*\1[^\S\n]*$/gm;
/** 2, 3 or 5 apostrophes around text, opened after a non-letter and closed before one. */
const WIKI_EMPHASIS = /(?<![\p{L}\p{N}'`])('{5}|'{3}|'{2})(?=[^\s'])([^'\n]*?[^\s'])\1(?![\p{L}\p{N}'])/gu;
const WIKI_LINK = /\[\[(?:[^|\]\n]*\|)?([^|\]\n]+)\]\]/g;
const WIKI_EXTERNAL = /\[(?:https?|ftp|mailto):[^\s\]]+\s+([^\]\n]+)\]/g;
const TEMPLATE = /\{\{[^{}]*\}\}/g;

/** Wiki markup as its text: emphasis runs, links and templates; a "== Title ==" line is a heading. */
export function readWiki(s: string): string {
  let out = s;
  if (out.includes("=")) out = out.replace(WIKI_HEADING, (_m, _eq: string, t: string) => heading(t));
  // TeX quotes (``…'') close with two apostrophes as well: read those as quotes, not wiki emphasis.
  if (out.includes("''") && !out.includes("``")) out = out.replace(WIKI_EMPHASIS, "$2");
  if (out.includes("[[")) out = out.replace(WIKI_LINK, "$1");
  if (out.includes("[")) out = out.replace(WIKI_EXTERNAL, "$1");
  if (out.includes("{{")) out = out.replace(TEMPLATE, "");
  return out;
}

// ------------------------------------------------------------- reStructuredText, AsciiDoc and org-mode

/** A run of one punctuation character, three or more long: a section adornment (reST, Setext). */
const ADORNMENT = /^([!-/:-@[-`{-~])\1{2,}[^\S\n]*$/;
/** "= Title" (AsciiDoc) or "* Title" (org-mode) at a line's start, the title not closing a sentence. */
const PREFIX_HEADING = /^[^\S\n]*(?:={1,6}|\*{1,6})[^\S\n]+(\S[^\n]*)$/gm;
/** ``literal``: no space inside either mark and no TeX closing quote ('') inside, so ``TeX quotes'' stay quotes. */
const RST_LITERAL = /``(?=\S)((?:[^`'\n]|'(?!'))*?\S)``/g;
const RST_ROLE = /:[A-Za-z][\w-]*:`([^`\n]+)`/g;
const RST_LINK = /`([^`<\n]+?)\s*(?:<[^>\n]*>)?`__?/g;
/** org-mode's /italic/, =verbatim=, ~code~ and +strike+ around text that starts with a letter, with no letter or digit outside either mark. */
const ORG_EMPHASIS = /(^|[^\p{L}\p{N}/:=~+])([/=~+])(?=\p{L})([^\n/=~+]*?[\p{L}\p{N}.!?,])\2(?![\p{L}\p{N}/=~+])/gmu;

/** reST, AsciiDoc and org-mode as their text: section adornments and prefix headings become headings; literals, roles and links their text. */
export function readLightweight(s: string): string {
  let out = s;
  if (/([!-/:-@[-`{-~])\1\1/.test(out)) out = readAdornedHeadings(out);
  if (/^[^\S\n]*[=*]/m.test(out)) out = out.replace(PREFIX_HEADING, (line, t: string) => (isHeadingText(t) && !/\*[^\S\n]*$/.test(t) ? heading(t) : line));
  if (out.includes("`")) out = out.replace(RST_LITERAL, "$1").replace(RST_ROLE, "$1").replace(RST_LINK, "$1");
  if (/[/=~+]/.test(out)) out = out.replace(ORG_EMPHASIS, "$1$3");
  return out;
}

/** A text line under (and optionally over) an adornment at least as long: one heading line. */
function readAdornedHeadings(s: string): string {
  const lines = s.split("\n");
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1];
    const title = line.trim();
    if (next !== undefined && title !== "" && !ADORNMENT.test(line) && ADORNMENT.test(next) && next.trim().length >= Math.min(title.length, 3) && isHeadingText(title)) {
      if (out.length > 0 && ADORNMENT.test(out[out.length - 1]) && out[out.length - 1].trim()[0] === next.trim()[0]) out.pop();
      out.push(heading(title));
      i++;
      continue;
    }
    out.push(line);
  }
  return out.join("\n");
}

// ----------------------------------------------------------------------------------------------- troff

/** A request line: a full stop, a name of one to three letters, its arguments. */
const TROFF_REQUEST = /^\.([A-Za-z]{1,3})\b[^\S\n]*([^\n]*)$/gm;
const TROFF_FONT = /\\f(?:[A-Za-z0-9]|\([A-Za-z0-9]{2}|\[[^\]\n]*\])/g;
const TROFF_SPECIAL = /\\\((em|en|hy|lq|rq|oq|cq)/g;
const TROFF_SPECIALS: Readonly<Record<string, string>> = { em: "—", en: "–", hy: "-", lq: "“", rq: "”", oq: "‘", cq: "’" };

/** troff (man, ms) as its text: request lines' arguments kept (a two- or three-letter request's a heading when it closes no sentence), font escapes removed. */
export function readTroff(s: string): string {
  const requests = s.match(TROFF_REQUEST)?.length ?? 0;
  let out = s;
  if (requests >= 2 || (requests === 1 && /\\f/.test(s))) {
    out = out.replace(TROFF_REQUEST, (_m, name: string, arg: string) => {
      const text = arg.replace(/^"|"$/g, "").replace(/" "/g, " ");
      if (text.trim() === "") return "";
      return name.length >= 2 && isHeadingText(text) ? heading(text) : text;
    });
  }
  // A font escape only where a font is reset (\fR, \fP) as well, so TeX's \footnote is not one.
  if (/\\f[RP]/.test(out)) out = out.replace(TROFF_FONT, "");
  if (out.includes("\\(")) out = out.replace(TROFF_SPECIAL, (_m, c: string) => TROFF_SPECIALS[c]);
  return requests > 0 && (out.includes("\\-") || out.includes("\\&")) ? out.replace(/\\-/g, "-").replace(/\\&/g, "") : out;
}

// -------------------------------------------------------------------------------------------- Markdown

/** Links and images as their text, reference and footnote definitions and footnote markers removed. */
const MD_IMAGE = /!\[([^\]\n]*)\]\([^)\n]*\)/g;
const MD_LINK = /\[([^\]\n]+)\]\((?:[^()\n]|\([^)\n]*\))*\)/g;
const MD_REFERENCE_LINK = /\[([^\]\n]+)\]\[[^\]\n]*\]/g;
const MD_DEFINITION = /^[^\S\n]{0,3}\[\^?[^\]\n]+\]:[^\n]*$\n?/gm;
const MD_FOOTNOTE = /\[\^[^\]\n]+\]/g;
const MD_AUTOLINK = /<((?:https?|ftp|mailto):[^<>\s]+)>/g;
const MD_STRIKE = /~~(?=\S)([^\n]*?\S)~~/g;
/** A code span; none with a space inside either mark or a TeX closing quote ('') inside, so TeX quotes (``…'', `…') stay quotes. */
const MD_CODE = /(`+)(?![`\s])((?:[^`'\n]|'(?!'))*?[^`\s])\1(?!`)/g;

/** Markdown's inline constructs other than emphasis as their text (emphasis is read by the prose reading). */
export function readMarkdownInline(s: string): string {
  let out = s;
  if (out.includes("](") || out.includes("][") || out.includes("[^") || out.includes("]:")) {
    out = out.replace(MD_DEFINITION, "").replace(MD_IMAGE, "$1").replace(MD_LINK, "$1").replace(MD_REFERENCE_LINK, "$1").replace(MD_FOOTNOTE, "");
  }
  if (out.includes("<")) out = out.replace(MD_AUTOLINK, "$1");
  if (out.includes("~~")) out = out.replace(MD_STRIKE, "$1");
  if (out.includes("`")) out = out.replace(MD_CODE, "$2");
  return out;
}

// ------------------------------------------------------------------------------------------- emphasis

/**
 * Emphasis around a whole sentence or more reads as the sentence (issue 36, markup37): italics or bold
 * over whole paragraphs or sentences paid, their words read as a character's thoughts that narration
 * terms skip. A span of "*", "_" (one to three) that opens where a sentence opens and closes where one
 * closes loses its delimiters, inner emphasis kept: "*That was a *bad* day.*" → "That was a *bad* day.".
 * A closing mark at a line's end closes it after spaces too ("…seed. *"). A whole line in emphasis in title case that closes no sentence is a title, read as a heading. Shorter spans (a word,
 * a phrase) stay emphasis.
 */
/** A paragraph (between blank lines) of two lines or more wholly inside one emphasis. */
const PARAGRAPH_EMPHASIS = /(^|\n[^\S\n]*\n)[^\S\n]*(\*{1,3}|_{1,3})(?=\S)((?:(?!\n[^\S\n]*\n)[\s\S])*?\n(?![^\S\n]*\n)(?:(?!\n[^\S\n]*\n)[\s\S])*?\S)[^\S\n]*\2(?=[^\S\n]*(?:\n[^\S\n]*\n|\n?$))/g;
const LINE_EMPHASIS = /^([^\S\n]*)(\*{1,3}|_{1,3})(?=\S)([^\n]*?\S)[^\S\n]*\2([^\S\n]*)$/gm;
const SENTENCE_EMPHASIS = /(^|[.!?…]["'”’)\]]*[^\S\n]+|["“‘«(][^\S\n]*)(\*{1,3}|_{1,3})(?=[^\s*_])([^\n]*?[.!?…]["'”’»)]*)\2(?=$|[^\S\n]|["'”’»)])/gmu;

export function unwrapSentenceEmphasis(s: string): string {
  if (!s.includes("*") && !s.includes("_")) return s;
  // A paragraph of several lines in one emphasis, closing a sentence inside, first.
  let out = s.replace(PARAGRAPH_EMPHASIS, (whole, before: string, _d: string, body: string) => (/[.!?…]/.test(body) ? `${before}${body}` : whole));
  out = out.replace(LINE_EMPHASIS, (line, indent: string, _d: string, body: string, tail: string) => {
    if (CLOSES_SENTENCE.test(body)) return `${indent}${body}${tail}`;
    // An emphasized line that closes no sentence is a title: a heading, as in any other markup.
    const title = body.replace(/^#{1,6}[^\S\n]+/, "").replace(/^[*_]+|[*_]+$/g, "");
    return isHeadingText(title) && !/[*_]/.test(title) && titleCased(title) ? heading(title) : line;
  });
  out = out.replace(SENTENCE_EMPHASIS, (whole, before: string, d: string, body: string) => (body.includes(d) && !balanced(body, d) ? whole : `${before}${body}`));
  return out;
}

/** Whether every run of the delimiter inside the body pairs with another (inner emphasis, not a stray close). */
const balanced = (body: string, d: string): boolean => (body.split(d).length - 1) % 2 === 0;

// ----------------------------------------------------------------------------------------------- all

/**
 * The text as its markup renders it: HTML/XML, TeX, BBCode, wiki, reST/AsciiDoc/org-mode, troff and
 * Markdown's inline constructs read as their text, headings of any markup as "# Title" lines, and
 * emphasis over whole sentences as the sentences. Markdown list, heading and word emphasis markers are
 * left to the prose reading. Text without markup is returned as it came.
 */
export function readMarkup(s: string): string {
  if (!s.includes("```") && !s.includes("~~~")) return readOutsideFences(s);
  // Fenced blocks are left as written: the prose reading reads them (src/terms/prose/ooc.ts).
  let out = "";
  let last = 0;
  for (const m of s.matchAll(FENCED)) {
    out += readOutsideFences(s.slice(last, m.index)) + m[0];
    last = (m.index as number) + m[0].length;
  }
  return out + readOutsideFences(s.slice(last));
}

const FENCED = /^[ \t]*(```|~~~)[^\n]*\n[\s\S]*?^[ \t]*\1[ \t]*$/gm;

function readOutsideFences(s: string): string {
  const html = readHtml(s);
  const troff = readTroff(html);
  const tex = readTex(troff);
  const bb = readBbcode(tex);
  const wiki = readWiki(bb);
  const light = readLightweight(wiki);
  const md = readMarkdownInline(light);
  // References last: what they write is text, never markup ("&lt;em&gt;" reads "<em>").
  return decodeEntities(dropHeadings(unwrapSentenceEmphasis(md)));
}

/** A Markdown heading line (any markup's heading, as written above) that closes no sentence. */
const HEADING_LINE = /^[^\S\n]{0,3}#{1,6}[^\S\n]+([^\n]*)$\n?/gm;

/**
 * The text without its heading lines. A heading is read as no part of the prose: a reply with headings
 * reads exactly as the reply without them, so a heading neither thins the reply's costs nor hides the
 * next sentence's opener (issue 36: "\section*{Part N}" before each paragraph paid +0.035 held out, and a
 * bracketed title between paragraphs still raised a reply's reward), and a human story's "Chapter 1" costs
 * nothing. A heading line that closes a sentence ("## It was over.") is read as that sentence.
 */
export function dropHeadings(s: string): string {
  const marked = s.includes("#") ? s.replace(HEADING_LINE, (line, text: string) => (isHeadingText(text.replace(/^[*_]+|[*_#\s]+$/g, "")) ? "" : line)) : s;
  return marked.includes("\n\n") ? marked.replace(STANDALONE_LINE, (whole, before: string, line: string) => (isTitleLine(line) ? before : whole)) : marked;
}

/** A line alone between blank lines (or the text's ends). */
const STANDALONE_LINE = /(^|\n[^\S\n]*\n)([^\n]+)(?=\n[^\S\n]*\n|$)/g;
/** A heading without markup: a roman numeral ("IV", "I."), or "Part 2", "Chapter Three", "The Long Night" — up to six words, closing no sentence, every word that is not a function word capitalized. */
const MAX_TITLE_WORDS = 6;
/** Every word that starts with a letter and is not a function word starts with a capital, and one does; no trailing dash or comma. */
function titleCased(text: string): boolean {
  if (/[—–,;-]$/.test(text.trim())) return false;
  const lettered = (text.match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => !isStopword(w));
  return lettered.length > 0 && lettered.every((w) => /^\p{Lu}/u.test(w));
}

function isTitleLine(line: string): boolean {
  const text = line.trim();
  if (/^[IVXLCDM]{1,7}\.?$/.test(text)) return true;
  if (text === "" || CLOSES_SENTENCE.test(text) || /[,;:]$/.test(text)) return false;
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  if (words.length === 0 || words.length > MAX_TITLE_WORDS) return false;
  const lettered = words.filter((w) => /^\p{L}/u.test(w) && !isStopword(w));
  return lettered.every((w) => /^\p{Lu}/u.test(w)) && (lettered.length > 0 || words.some((w) => /^\p{N}/u.test(w)));
}
