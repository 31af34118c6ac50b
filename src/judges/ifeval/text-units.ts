// Word, sentence and paragraph units as the IFEval reference implementation counts them
// (google-research/instruction_following_eval: nltk RegexpTokenizer(r"\w+") for words, a rule-based
// sentence splitter, "\n\n" or "***" for paragraphs). Sentence splitting here is a regex
// approximation of that splitter; the verifier reports it as such.

const WORD = /[\p{L}\p{N}_]+/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

const ABBREVIATIONS = /\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|vs|etc|e\.g|i\.e|Inc|Ltd|Co|U\.S|No)\.$/i;

export function splitSentences(text: string): string[] {
  const pieces = text.replace(/\s+/g, " ").trim().split(/(?<=[.!?。！？])\s+(?=["'“‘(\[]?[\p{Lu}\p{N}])/u);
  const sentences: string[] = [];
  for (const piece of pieces) {
    const last = sentences[sentences.length - 1];
    if (last !== undefined && ABBREVIATIONS.test(last)) sentences[sentences.length - 1] = `${last} ${piece}`;
    else if (piece.trim()) sentences.push(piece.trim());
  }
  return sentences;
}

/** True when the token has at least one cased letter and all of them are upper case (Python's str.isupper). */
export function isUpperToken(token: string): boolean {
  return token !== token.toLowerCase() && token === token.toUpperCase();
}

/** Python's str.isupper over a whole text. */
export const isUpperText = isUpperToken;

/** Python's str.islower: at least one cased letter and none of them upper case. */
export function isLowerText(text: string): boolean {
  return text !== text.toUpperCase() && text === text.toLowerCase();
}

export function nltkLikeTokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*|[^\s\p{L}\p{N}]/gu) ?? [];
}
