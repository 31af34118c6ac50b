// Does the reference LM's reward carry signal at all? (SPEC §8.) On the same jokes, reasoning that
// names the gold punchline's content words should earn more than equally shaped reasoning naming
// another joke's words. Both reasonings use one template, so only their content differs; the
// comparison is paired per joke.
import { wordSpans } from "../../text/tokenize.js";
import { isStopword } from "../../text/stopwords.js";
import type { ModelClient } from "../../models/spec.js";
import { scoreVrcli } from "../../terms/vrcli/term.js";
import type { Joke } from "./joke.js";
import { meanWithCi, type MeanSummary } from "./summary.js";

/** Content words as written (case kept, first occurrence), stopwords and numbers dropped; all words if none remain. */
export function punchlineContentWords(punchline: string): string[] {
  const spans = wordSpans(punchline);
  const seen = new Set<string>();
  const pick = (keepStopwords: boolean): string[] => {
    const out: string[] = [];
    for (const span of spans) {
      if (seen.has(span.word) || !/\p{L}/u.test(span.word) || (!keepStopwords && isStopword(span.word))) continue;
      seen.add(span.word);
      out.push(punchline.slice(span.start, span.end));
    }
    return out;
  };
  const content = pick(false);
  return content.length > 0 ? content : pick(true);
}

export function reasoningNaming(words: readonly string[]): string {
  return `The setup can be read two ways; the answer should turn on the words ${words.join(", ")}.`;
}

export interface SignalRow {
  joke_id: string;
  related: number | null;
  unrelated: number | null;
  error?: string;
}

export interface SignalResult {
  /** Jokes where both rewards were computed. */
  n: number;
  related: MeanSummary;
  unrelated: MeanSummary;
  /** Paired related − unrelated, with its t interval. */
  difference: MeanSummary;
  /** Jokes where related > unrelated, = , < (a sign-test view of the same pairs). */
  wins: number;
  ties: number;
  losses: number;
  rows: SignalRow[];
}

/**
 * Joke i's unrelated reasoning names the words of joke (i + 1) mod n: a derangement, so no joke
 * gets its own words, and every word list is used exactly once in each arm.
 */
export async function reasoningSignal(reference: ModelClient, jokes: readonly Joke[], signal?: AbortSignal): Promise<SignalResult> {
  if (jokes.length < 2) throw new RangeError("the signal check needs at least two jokes");
  const words = jokes.map((j) => punchlineContentWords(j.punchline));
  const completion = (w: string[]) => `<think>${reasoningNaming(w)}</think> `;
  const items = jokes.flatMap((joke, i) => [
    { setup: joke.setup, punchline: joke.punchline, completion: completion(words[i]) },
    { setup: joke.setup, punchline: joke.punchline, completion: completion(words[(i + 1) % jokes.length]) },
  ]);
  const outcomes = await scoreVrcli(reference, items, { signal });
  const rows: SignalRow[] = jokes.map((joke, i) => {
    const related = outcomes[2 * i];
    const unrelated = outcomes[2 * i + 1];
    const error = related.error ?? unrelated.error;
    return { joke_id: joke.id, related: related.value, unrelated: unrelated.value, ...(error ? { error } : {}) };
  });
  const complete = rows.filter((r): r is SignalRow & { related: number; unrelated: number } => r.related !== null && r.unrelated !== null);
  const diffs = complete.map((r) => r.related - r.unrelated);
  return {
    n: complete.length,
    related: meanWithCi(complete.map((r) => r.related)),
    unrelated: meanWithCi(complete.map((r) => r.unrelated)),
    difference: meanWithCi(diffs),
    wins: diffs.filter((d) => d > 0).length,
    ties: diffs.filter((d) => d === 0).length,
    losses: diffs.filter((d) => d < 0).length,
    rows,
  };
}
