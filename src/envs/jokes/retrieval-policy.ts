// An offline policy that reasons (SPEC §8 needs one: the embedded n-gram LM never writes a <think>
// block, so every sample would score −1). It retrieves the training jokes whose setup and punchline
// share the most content words with the new setup (idf-weighted), and writes its reasoning from them:
// the setup's key words, then those jokes; it answers with the nearest joke's punchline. It only ever sees the training split, so no held-out gold
// punchline can leak into its reasoning. Greedy (temperature 0) picks the top jokes; with temperature
// > 0 each sample draws its jokes in proportion to exp(score / temperature), seeded per choice.
import { createRng } from "../../core/random.js";
import type { ChatRequest, ChatResult, ModelClient } from "../../models/spec.js";
import { contentWords } from "../../text/stopwords.js";
import type { Joke } from "./joke.js";
import { normalizeSetup } from "./split.js";

/** The part of a model client a policy needs. */
export type JokePolicyClient = Pick<ModelClient, "chat">;

export const RETRIEVAL_POLICY_NAME = "retrieval-reasoner-v1";
const NEIGHBOURS = 3;

interface Indexed {
  joke: Joke;
  words: Set<string>;
  punchWords: string[];
}

export function createRetrievalPolicy(train: readonly Joke[]): JokePolicyClient {
  const indexed: Indexed[] = train.map((joke) => ({
    joke,
    words: new Set([...contentWords(joke.setup), ...contentWords(joke.punchline)]),
    punchWords: contentWords(joke.punchline),
  }));
  const df = new Map<string, number>();
  for (const item of indexed) for (const w of item.words) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log((1 + indexed.length) / (1 + (df.get(w) ?? 0)));
  const postings = new Map<string, number[]>();
  indexed.forEach((item, i) => {
    for (const w of item.words) (postings.get(w) ?? postings.set(w, []).get(w)!).push(i);
  });

  function neighbours(setup: string): { item: Indexed; score: number }[] {
    const own = normalizeSetup(setup);
    const scores = new Map<number, number>();
    for (const w of new Set(contentWords(setup))) for (const i of postings.get(w) ?? []) scores.set(i, (scores.get(i) ?? 0) + idf(w));
    return [...scores.entries()]
      .filter(([i]) => normalizeSetup(indexed[i].joke.setup) !== own)
      .map(([i, score]) => ({ item: indexed[i], score }))
      .sort((a, b) => b.score - a.score || (a.item.joke.id < b.item.joke.id ? -1 : 1));
  }

  function pick(ranked: { item: Indexed; score: number }[], temperature: number, seed: string): Indexed[] {
    if (temperature <= 0) return ranked.slice(0, NEIGHBOURS).map((r) => r.item);
    const rng = createRng(seed);
    const pool = ranked.slice(0, 4 * NEIGHBOURS);
    const chosen: Indexed[] = [];
    while (chosen.length < NEIGHBOURS && pool.length > 0) {
      const weights = pool.map((r) => Math.exp((r.score - pool[0].score) / temperature));
      let u = rng.next() * weights.reduce((a, b) => a + b, 0);
      let k = 0;
      while (k < pool.length - 1 && u >= weights[k]) u -= weights[k++];
      chosen.push(pool.splice(k, 1)[0].item);
    }
    return chosen;
  }

  // Short reasoning works best under the reference LM: the setup's key words, then the related jokes
  // (measured in docs/vrcli.md; longer commentary adds words the gold punchline does not use).
  function reason(setup: string, jokes: Indexed[]): { text: string; answer: string } {
    const key = [...new Set(contentWords(setup))];
    const lines = [key.length ? `Key words: ${key.join(", ")}.` : `The setup asks: ${setup}`, ...jokes.map((j) => `${j.joke.setup} ${j.joke.punchline}`)];
    return { text: lines.join("\n"), answer: jokes[0]?.joke.punchline ?? "I don't know." };
  }

  return {
    async chat(req: ChatRequest): Promise<ChatResult> {
      const setup = [...req.messages].reverse().find((m) => m.role === "user")?.content ?? "";
      const ranked = neighbours(setup);
      const n = req.n ?? 1;
      const temperature = req.temperature ?? 1;
      const choices = Array.from({ length: n }, (_, c) => {
        const { text, answer } = reason(setup, pick(ranked, temperature, `${req.seed ?? 0}:${c}:${setup}`));
        return { text: `<think>\n${text}\n</think>\n${answer}`, finishReason: "stop" };
      });
      return { choices };
    },
  };
}
