// The token rules of echo's line normalization (echo.ts): titles left out, contractions expanded, the
// first and second person unified. echo-index.ts reads a line's tokens by the same rules.
import { isCommonEnglish } from "../../text/english.js";

export const TITLES = new Set("mr mrs ms miss sir madam ma'am maam lord lady master mistress captain doctor dr professor prof king queen prince princess majesty highness officer detective sergeant general commander boss".split(" "));

export const CONTRACTIONS: [RegExp, string][] = [
  [/\bcan't\b/g, "can not"],
  [/\bwon't\b/g, "will not"],
  [/\bshan't\b/g, "shall not"],
  [/\bain't\b/g, "is not"],
  [/n't\b/g, " not"],
  [/'re\b/g, " are"],
  [/'m\b/g, " am"],
  [/'ve\b/g, " have"],
  [/'ll\b/g, " will"],
  [/'d\b/g, " would"],
  [/\b(it|that|what|there|here|he|she|who|where|how)'s\b/g, "$1 is"],
  [/'s\b/g, ""],
];

/** The second person and the first are one speaker for matching ("you're crazy" ≈ "i'm crazy"). */
const UNIFY: Record<string, string> = {
  i: "P",
  me: "P",
  you: "P",
  my: "PP",
  your: "PP",
  mine: "PPS",
  yours: "PPS",
  myself: "PR",
  yourself: "PR",
  am: "BE",
  are: "BE",
};

export const UNIFY_KEYS: readonly string[] = Object.keys(UNIFY);

export interface Tokens {
  raw: string[];
  unified: string[];
}

/** The tokens of a normalized line (echo.ts normalizedText), titles and `extraNames` left out, contractions expanded. */
export function tokensOf(s: string, extraNames: ReadonlySet<string>): Tokens {
  // "_" is a word character to \b but splits tokens: with one in the line the contractions run on the
  // whole line, as they were written; without, each token is expanded alone (tokenParts).
  if (s.includes("_")) {
    if (s.includes("'")) for (const [re, rep] of CONTRACTIONS) s = s.replace(re, rep);
    const raw = (s.match(TOKEN) ?? []).filter((w) => !TITLES.has(w) && !extraNames.has(w));
    return { raw, unified: raw.map(unify) };
  }
  const raw: string[] = [];
  const unified: string[] = [];
  const tokens = s.match(TOKEN);
  if (tokens === null) return { raw, unified };
  for (const token of tokens) {
    if (token.includes("'")) {
      for (const w of tokenParts(token)) if (!TITLES.has(w) && !extraNames.has(w)) raw.push(w), unified.push(unify(w));
    } else if (!TITLES.has(token) && !extraNames.has(token)) raw.push(token), unified.push(unify(token));
  }
  return { raw, unified };
}

export const TOKEN = /[a-z0-9']+/g;

/**
 * The tokens one token with an apostrophe becomes under CONTRACTIONS. Every pattern is letters and
 * apostrophes between \b's, so a match never leaves a token and the characters around a token (white
 * space or marks, never a word character once "_" is ruled out) read as the line's edge would: the
 * rewrites give the same tokens on the token alone as on the whole line. Few such tokens recur ("don't",
 * "it's"), so a caller that reads many lines keeps them, up to a bound, in `memo` (a pure function's results).
 */
export function tokenParts(token: string, memo?: Map<string, readonly string[]>): readonly string[] {
  let parts = memo?.get(token);
  if (parts === undefined) {
    let s = token;
    for (const [re, rep] of CONTRACTIONS) s = s.replace(re, rep);
    parts = s.match(TOKEN) ?? NO_PARTS;
    if (memo) {
      if (memo.size >= MAX_PARTS) memo.clear();
      memo.set(token, parts);
    }
  }
  return parts;
}
/**
 * No parts, in an array of the map match() gives (elements of any kind, not the small integers an
 * empty literal starts as): a second array map reaching the loops over parts deoptimized them.
 */
const NO_PARTS: readonly string[] = ["'"].slice(1);
const MAX_PARTS = 4096;

// A Map, not the object: a property lookup by a fresh string first looks the string up among the
// engine's internalized strings, which cost more than the rest of the line's normalization.
const UNIFIED = new Map<string, string>(Object.entries(UNIFY));

/**
 * `UNIFY[w] ?? w`. The object also answered for what every object inherits; of those names only
 * `constructor` is a token, and it answered Object itself. Its text stands in for it: lines compare,
 * join and look up the same, where the function made the partial-echo check throw (issue 20).
 */
export function unify(w: string): string {
  const u = UNIFIED.get(w);
  if (u !== undefined) return u;
  return w === "constructor" ? INHERITED_CONSTRUCTOR : w;
}
const INHERITED_CONSTRUCTOR = String(UNIFY.constructor);

/** Whether a name may start at p: an A–Z not preceded by a word character ([A-Za-z0-9_], the regex's \w). */
export function mayStartName(s: string, p: number): boolean {
  const c = s.charCodeAt(p);
  return c >= 65 && c <= 90 && (p === 0 || !isAsciiWord(s.charCodeAt(p - 1)));
}

/**
 * Where the name starting at p ends, when echo's normalization drops it, or −1. p must pass
 * mayStartName. A name is a match of /\b[A-Z][a-z]+\b/ (an A–Z, a run of a–z, no word character
 * after) that does not start a sentence, or one that does and is addressed with a comma ("Elena, go
 * home") unless it is a common word ("Well, …"); "I" is never a name. Matches never overlap, so each
 * is found alike from any A–Z on, as a text is walked or as its tokens are read.
 */
export function droppedNameEnd(s: string, p: number): number {
  const len = s.length;
  let q = p + 1;
  while (q < len && s.charCodeAt(q) >= 97 && s.charCodeAt(q) <= 122) q++;
  // q < len checked first: a read past the end (NaN) deoptimized the loop the first time a name ended the text.
  if (q === p + 1 || (q < len && isAsciiWord(s.charCodeAt(q)))) return -1;
  const keep = startsSentence(s, p) && !(q < len && s.charCodeAt(q) === 44 && !isCommonEnglish(s.slice(p, q)));
  return keep ? -1 : q;
}

function isAsciiWord(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** What `/[.!?…"“(*_]$/` said of the text before `offset` with its trailing white space trimmed (or that text is empty), without copying it. */
function startsSentence(s: string, offset: number): boolean {
  let k = offset - 1;
  while (k >= 0 && WHITE.test(s[k])) k--;
  return k < 0 || SENTENCE_START_AFTER.includes(s[k]);
}
const WHITE = /\s/;
const SENTENCE_START_AFTER = '.!?…"“(*_';
