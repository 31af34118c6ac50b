// Word tokens as NLTK's word_tokenize gives them: Punkt sentences, then the Treebank rules (quotes
// become `` and '', punctuation and brackets split off, a sentence-final period split, clitics such as
// n't 's 'll split from their word, "cannot" → "can not"). Written from the Treebank conventions;
// rare contractions ("gimme", "'tis") are not split, so counts can differ from NLTK's on those.
import { splitSentences } from "./punkt.js";

const RULES: [RegExp, string][] = [
  // Starting quotes.
  [/([«“‘„]|`+)/gu, " $1 "],
  [/^"/u, "``"],
  [/(``)/gu, " $1 "],
  [/([ ([{<])("|'{2})/gu, "$1 `` "],
  // Punctuation.
  [/([^.])(\.)([\]})>"']*)\s*$/u, "$1 $2 $3 "],
  [/([:,])([^\d])/gu, " $1 $2"],
  [/([:,])$/gu, " $1 "],
  [/\.{2,}/gu, " $& "],
  [/[;@#$%&]/gu, " $& "],
  [/[?!]/gu, " $& "],
  [/([^'])' /gu, "$1 ' "],
  [/[*]/gu, " $& "],
  // Brackets and dashes.
  [/[\][(){}<>]/gu, " $& "],
  [/--/gu, " -- "],
];

const ENDING: [RegExp, string][] = [
  [/([»”’])/gu, " $1 "],
  [/"/gu, " '' "],
  [/(\S)('')/gu, "$1 $2 "],
  [/([^' ])('[sS]|'[mM]|'[dD]|') /gu, "$1 $2 "],
  [/([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) /gu, "$1 $2 "],
  [/\b(can)(not)\b/giu, " $1 $2 "],
  [/\b(gon)(na)\b/giu, " $1 $2 "],
  [/\b(got)(ta)\b/giu, " $1 $2 "],
  [/\b(wan)(na)\b/giu, " $1 $2 "],
];

function treebank(sentence: string): string[] {
  let t = sentence;
  for (const [re, to] of RULES) t = t.replace(re, to);
  t = ` ${t} `;
  for (const [re, to] of ENDING) t = t.replace(re, to);
  return t.split(/\s+/u).filter(Boolean);
}

export function wordTokenize(text: string): string[] {
  return splitSentences(text).flatMap(treebank);
}
