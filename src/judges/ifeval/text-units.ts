// Word units as the IFEval reference implementation counts them (google-research/instruction_following_eval:
// nltk RegexpTokenizer(r"\w+")), and Python's case predicates.

const WORD = /[\p{L}\p{N}_]+/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
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
