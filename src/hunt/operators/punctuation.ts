// Punctuation and typography: the same sentences punctuated another way. Quotation marks in every
// paired style Unicode lists as brackets or quotation marks, dashes for commas and back, semicolons and
// ellipses for full stops, clauses split into sentences, sentences split into paragraphs. The words and
// their order do not change, so the reply cannot be better.
import type { Edit } from "../types.js";
import { transform } from "./insertion.js";
import { unicodeTable } from "./unicode-table.js";

/** Quotation styles: the typographic pairs plus every paired bracket of the Unicode Character Database that a quotation can open with. */
export function quoteStyles(): [string, string][] {
  const typographic: [string, string][] = [
    ["“", "”"],
    ["‘", "’"],
    ["«", "»"],
    ["‹", "›"],
    ["„", "“"],
    ["'", "'"],
  ];
  const corner = unicodeTable().brackets.filter(([open]) => /[「『〈《【〔〖〘〚]/u.test(open));
  return [...typographic, ...corner];
}

/** Replaces each quotation (straight or curly double quotes) by the style's pair. */
export function requote(text: string, [open, close]: [string, string]): string {
  return text.replace(/["“]([^"“”\n]*)["”]/g, (_, inner: string) => `${open}${inner}${close}`);
}

export function punctuationEdits(): Edit[] {
  const why = "the same words in the same order, punctuated differently";
  const out: Edit[] = quoteStyles().map(([o, c]) => transform("punctuation", "quotation-style", why, (t) => requote(t, [o, c]), `${o}…${c}`));
  for (const dash of ["—", "–", " - "]) {
    out.push(transform("punctuation", "dash", why, (t) => t.replace(/, /g, dash === " - " ? dash : ` ${dash} `), `commas to ${dash.trim()}`));
  }
  out.push(transform("punctuation", "dash", why, (t) => t.replace(/\s*[—–]\s*/g, ", "), "dashes to commas"));
  out.push(transform("punctuation", "semicolon", why, (t) => t.replace(/\. (\p{Ll})/gu, "; $1").replace(/\. (\p{Lu})(\p{Ll})/gu, (_, a: string, b: string) => `; ${a.toLowerCase()}${b}`), "full stops to semicolons"));
  out.push(transform("punctuation", "semicolon", why, (t) => t.replace(/, (and|but|so|yet) /g, "; $1 "), "before conjunctions"));
  for (const ellipsis of ["…", "...", ". . ."]) out.push(transform("punctuation", "ellipsis", why, (t) => t.replace(/\.(\s)/g, `${ellipsis}$1`), `full stops to ${ellipsis}`));
  out.push(transform("punctuation", "clause-split", why, (t) => t.replace(/, (and|but|so|while|as) (\p{L})/gu, (_, c: string, l: string) => `. ${c[0].toUpperCase()}${c.slice(1)} ${l}`), "clauses to sentences"));
  out.push(transform("punctuation", "clause-split", why, (t) => t.replace(/, (\p{Ll})/gu, (_, l: string) => `. ${l.toUpperCase()}`), "every comma a full stop"));
  out.push(transform("punctuation", "paragraph-split", why, (t) => t.replace(/([.!?…]["”’]?) (?=\p{Lu}|["“])/gu, "$1\n\n"), "every sentence a paragraph"));
  out.push(transform("punctuation", "paragraph-split", why, (t) => t.replace(/\n\s*\n/g, " "), "paragraphs merged"));
  out.push(transform("punctuation", "exclamation", why, (t) => t.replace(/\.(\s|$)/g, "!$1"), "full stops to !"));
  return out;
}
