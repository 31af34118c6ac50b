// How the audience's response can begin with laughter (SPEC §4). The exact mode sums P(c | context) over
// these strings, so no opener may be a prefix of another: the events "the response starts with c" are
// then disjoint and no mass is counted twice. " Haha" already covers " Hahaha…" at the string level, so
// the longer forms are not listed. Versioned with the instrument.

export const OPENERS_VERSION = "humor-openers-1";

export const LAUGHTER_OPENERS: readonly string[] = [" Haha", " haha", " HAHA", " Hah!", " Heh", " heh", " Lol", " lol", " LOL", " Lmao", " lmao", " 😂", " 🤣", " *laughs", " (laughs"];

/** Pairs (a, b) where a is a prefix of b; empty for a usable opener set. */
export function prefixViolations(openers: readonly string[]): [string, string][] {
  const bad: [string, string][] = [];
  for (const a of openers) for (const b of openers) if (a !== b && b.startsWith(a)) bad.push([a, b]);
  const seen = new Set<string>();
  for (const o of openers) {
    if (seen.has(o)) bad.push([o, o]);
    seen.add(o);
  }
  return bad;
}

/**
 * Top-k mode: does a next token begin a laughing response? It does when it starts with an opener
 * (ignoring case and the leading space), or is one of the short laughs a tokenizer may emit on its own.
 */
const SHORT_LAUGHS = new Set(["ha", "ha!", "hah", "hehe", "xd"]);
const OPENER_STEMS = [...new Set(LAUGHTER_OPENERS.map((o) => o.trim().toLowerCase()))];

export function isLaughterToken(token: string): boolean {
  const t = token.trim().toLowerCase();
  if (t === "") return false;
  return SHORT_LAUGHS.has(t) || OPENER_STEMS.some((stem) => t.startsWith(stem));
}
