// Function-word order guard (not in seed 002; on in the hardened preset): word salad without a model.
// Every seed term reads words within short windows, so shuffling a reply's words paid (+0.08 on 300
// held-out replies, docs/prose.md) unless a reference LM was configured. English fixes where its
// articles go: "the", "a" and "an" come before what they determine, almost never before another
// grammar word ("the of", "a she", "the was") or a break. In the shared corpora's 2,514 human texts
// with ≥ 8 articles, the share of articles so misplaced has p99 0.043 and max 0.091; shuffled, p1 0.19
// and median 0.41. factor = 1 − clip((share − free) / (full − free), 0, 1), free 0.10, full 0.25,
// counted only with ≥ 8 articles. The reference-LM guard (word-order.ts) reads more than articles.
import { z } from "zod";
import type { Lexicon } from "../../text/lexicon.js";
import { T_COMMA_AFTER, T_DASH_AFTER, T_END_AFTER, T_PARAGRAPH_AFTER, T_QUESTION_AFTER, T_QUOTE_AFTER, T_SEMI_AFTER, type Scan } from "../../text/scan.js";

export const functionOrderOptions = z
  .object({
    enabled: z.boolean(),
    /** Share of misplaced articles that costs nothing (above every human text in the shared corpora). */
    free: z.number().min(0).max(1),
    /** Share at which the factor reaches 0. */
    full: z.number().min(0).max(1),
    /** Fewer articles than this: too little evidence, factor 1. */
    minArticles: z.number().int().min(1),
  })
  .strict()
  .refine((o) => o.full > o.free, { message: "full must be greater than free", path: ["full"] });
export type FunctionOrderOptions = { enabled: boolean; free: number; full: number; minArticles: number };

export const FUNCTION_ORDER_DEFAULTS = { free: 0.1, full: 0.25, minArticles: 8 };

const ARTICLES = ["the", "a", "an"];
/** Closed-class words an article does not precede: articles, demonstratives, possessives, prepositions, auxiliaries, conjunctions, pronouns. */
const GRAMMAR_WORDS = (
  "the a an this these those my your our their its of to in on at by for with from into onto upon about over under through " +
  "and or but nor is was were are be been am has have had do does did will would can could shall should may might must " +
  "i he she we they me him them us it"
).split(" ");
const BREAK = T_COMMA_AFTER | T_DASH_AFTER | T_SEMI_AFTER | T_END_AFTER | T_QUOTE_AFTER | T_QUESTION_AFTER | T_PARAGRAPH_AFTER;

/** The articles' and grammar words' ids, kept with each word table (Lexicon.derived). */
const IDS = {};

function idsOf(lexicon: Lexicon): { the: number; a: number; an: number; grammar: Set<number> } {
  return lexicon.derived(IDS, (l) => {
    const [the, a, an] = ARTICLES.map((w) => l.surface(w));
    return { the, a, an, grammar: new Set(GRAMMAR_WORDS.map((w) => l.surface(w))) };
  });
}

/** Articles in the reply and the share of them followed by a grammar word, a break or nothing in their sentence. */
export function misplacedArticles(scan: Scan, lexicon: Lexicon): { articles: number; share: number } {
  const { the, a, an, grammar } = idsOf(lexicon);
  const { n, surface, flags, sentence } = scan;
  let count = 0;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    // Three ids compared, not a Set probed, for every word of every reply.
    const w = surface[i];
    if (w !== the && w !== a && w !== an) continue;
    count++;
    if (flags[i] & BREAK || i + 1 >= n || sentence[i + 1] !== sentence[i] || grammar.has(surface[i + 1])) bad++;
  }
  return { articles: count, share: count ? bad / count : 0 };
}

/**
 * The factor is read off the share's Wilson 95% lower bound, not the share itself (issue 36, second
 * round): eight articles, two of them before a noun that is also a grammar word ("the will", "by the
 * by"), are a share of 0.25 in a Dickens paragraph; its lower bound, 0.07, is within what people write.
 * A shuffled reply holds far more articles, and its lower bound stays far above `full`.
 */
export function functionOrderFactor(m: { articles: number; share: number }, o: Omit<FunctionOrderOptions, "enabled">): number {
  if (m.articles < o.minArticles) return 1;
  return 1 - Math.min(1, Math.max(0, (wilsonLower(m.share, m.articles) - o.free) / (o.full - o.free)));
}

/** The Wilson score interval's lower bound (95%) of a share observed over n trials. */
export function wilsonLower(share: number, n: number): number {
  const z2 = 1.959964 ** 2;
  const centre = share + z2 / (2 * n);
  const spread = Math.sqrt((share * (1 - share)) / n + z2 / (4 * n * n));
  return Math.max(0, (centre - Math.sqrt(z2) * spread) / (1 + z2 / n));
}
