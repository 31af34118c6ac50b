// Undo Penn-Treebank-style tokenization ("I do n't know , he said .") in corpora published that way,
// such as the WritingPrompts stories behind HANNA (Fan et al. 2018). Policies write ordinary text, so
// a human corpus left tokenized would differ from model text in its spacing alone: split contractions
// look like extra words and a spaced "n't" escapes the negation detector. Only the spacing is changed.

const RULES: [RegExp, string][] = [
  // Split contractions: do n't, it 's, I 've, we 're, you 'll, he 'd, I 'm.
  [/(\w) (n't|'s|'ve|'re|'ll|'d|'m|n’t|’s|’ve|’re|’ll|’d|’m)\b/gi, "$1$2"],
  [/\b(gon|wan|got) (na|ta)\b/gi, "$1$2"],
  // No space before closing punctuation or a closing quote, none after an opening one.
  [/ +([.,!?;:%)\]}…]|\.{2,})/g, "$1"],
  [/([([{$]) +/g, "$1"],
  [/ +([”’])/g, "$1"],
  [/([“‘]) +/g, "$1"],
];

/** `detokenizePtb("I do n't know , he said .")` → "I don't know, he said." */
export function detokenizePtb(text: string): string {
  let out = text;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}

/** True when a text looks Treebank-tokenized: several spaced contractions or spaced punctuation marks. */
export function looksPtbTokenized(text: string): boolean {
  const hits = text.match(/\w (?:n't|'s|'ve|'re|'ll|'m)\b|\w [,.!?;:](?= |$)/g);
  return (hits?.length ?? 0) >= 3;
}
