// The held-out evaluation split. Membership is a pure function of the normalized setup's hash, so
// it does not depend on file order, on which other jokes are present, or on a seed: the same joke
// is held out in every run and every dataset that contains it, and training never sees it. Jokes
// sharing a setup (different punchlines) always land on the same side.
import { sha256 } from "../../core/hash.js";
import type { Joke, JokeCandidate } from "./joke.js";

/** Case, whitespace and punctuation differences must not move a joke across the split. */
export function normalizeSetup(setup: string): string {
  return setup
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Uniform in [0, 1) from the first 52 bits of sha256("foolsgold/jokes/v1:" + normalized setup). */
export function splitPosition(setup: string): number {
  const hex = sha256(`foolsgold/jokes/v1:${normalizeSetup(setup)}`).slice(0, 13);
  return parseInt(hex, 16) / 2 ** 52;
}

export function jokeId(candidate: JokeCandidate): string {
  return sha256(`${normalizeSetup(candidate.setup)}\u0000${candidate.punchline.trim()}`).slice(0, 16);
}

export interface JokeSplit {
  train: Joke[];
  eval: Joke[];
  evalFraction: number;
}

export function splitJokes(candidates: readonly JokeCandidate[], evalFraction: number): JokeSplit {
  if (!(evalFraction > 0 && evalFraction < 1)) throw new RangeError(`evalFraction must be in (0, 1), got ${evalFraction}`);
  const train: Joke[] = [];
  const held: Joke[] = [];
  for (const candidate of candidates) {
    const joke: Joke = { id: jokeId(candidate), ...candidate };
    (splitPosition(candidate.setup) < evalFraction ? held : train).push(joke);
  }
  return { train, eval: held, evalFraction };
}
