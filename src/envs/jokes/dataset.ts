// One entry point for the joke data every command uses: read (user file or default set), filter
// with counts, split off the held-out evaluation jokes.
import { loadDefaultCandidates, type DefaultSource } from "./default-set.js";
import { filterJokes, type FilterCounts, type FilterOptions } from "./filters.js";
import { loadJokeCandidates } from "./load.js";
import { splitJokes, type JokeSplit } from "./split.js";

export interface JokeDataOptions extends FilterOptions {
  /** A user's JSONL/JSON/CSV file; without it, the default set from installed packages. */
  data?: string;
  /** Share of setups held out for evaluation (by setup hash); default 0.2. */
  evalFraction?: number;
}

export interface JokeDataset extends JokeSplit {
  sources: DefaultSource[] | { name: string }[];
  counts: FilterCounts;
}

export const DEFAULT_EVAL_FRACTION = 0.2;

export function loadJokeDataset(options: JokeDataOptions = {}): JokeDataset {
  const { candidates, sources } = options.data ? { candidates: loadJokeCandidates(options.data), sources: [{ name: options.data }] } : loadDefaultCandidates();
  const { kept, counts } = filterJokes(candidates, { minScore: options.minScore });
  return { ...splitJokes(kept, options.evalFraction ?? DEFAULT_EVAL_FRACTION), sources, counts };
}
