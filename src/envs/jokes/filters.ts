// The seed environment's joke filters (SPEC §8), one named rule each, with counts: how many
// records each rule rejects on its own, and how many it removed as the first rule they broke
// (those add up to the total removed), so a user sees exactly where their data went.
import type { JokeCandidate } from "./joke.js";

export interface FilterOptions {
  /** Minimum score where a record has one (the seed used 75 Reddit upvotes); records without a score pass. */
  minScore?: number;
}

export interface FilterRule {
  name: string;
  description: string;
  keep(joke: JokeCandidate, options: FilterOptions): boolean;
}

// Word boundary, so "What's" passes and "Whatever"/"However" do not (the seed's startswith let
// those through); case-sensitive like the seed.
const QUESTION_OPENER = /^(What|Why|How)\b/;
const REMOVED_MARKERS = new Set(["[removed]", "[deleted]"]);

export const FILTER_RULES: readonly FilterRule[] = [
  {
    name: "setup_is_question",
    description: 'setup ends with "?"',
    keep: (j) => j.setup.trim().endsWith("?"),
  },
  {
    name: "setup_opens_what_why_how",
    description: "setup starts with What, Why or How (as a word)",
    keep: (j) => QUESTION_OPENER.test(j.setup.trim()),
  },
  {
    name: "setup_no_brackets",
    description: 'setup contains no "(" or "["',
    keep: (j) => !j.setup.includes("(") && !j.setup.includes("["),
  },
  {
    name: "punchline_present",
    description: 'punchline is non-empty and not "[removed]" or "[deleted]"',
    keep: (j) => j.punchline.trim() !== "" && !REMOVED_MARKERS.has(j.punchline.trim()),
  },
  {
    name: "punchline_one_line",
    description: "punchline has no line break",
    keep: (j) => !/[\r\n]/.test(j.punchline.trim()),
  },
  {
    name: "punchline_no_semicolon",
    description: 'punchline has no ";"',
    keep: (j) => !j.punchline.includes(";"),
  },
  {
    name: "min_score",
    description: "score at least the minimum, where a score exists",
    keep: (j, o) => o.minScore === undefined || j.score === undefined || j.score >= o.minScore,
  },
];

export interface FilterCounts {
  input: number;
  kept: number;
  /** Exact repeats of a kept (setup, punchline) pair, removed after the rules. */
  duplicates: number;
  /** Records each rule rejects, judged on its own. */
  rejectedBy: Record<string, number>;
  /** Records removed where this rule was the first they broke (sums to input − kept − duplicates). */
  removedFirstBy: Record<string, number>;
}

export interface FilterResult {
  kept: JokeCandidate[];
  counts: FilterCounts;
}

export function filterJokes(candidates: readonly JokeCandidate[], options: FilterOptions = {}): FilterResult {
  const rejectedBy: Record<string, number> = {};
  const removedFirstBy: Record<string, number> = {};
  for (const rule of FILTER_RULES) {
    rejectedBy[rule.name] = 0;
    removedFirstBy[rule.name] = 0;
  }
  const kept: JokeCandidate[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const candidate of candidates) {
    let firstBroken: string | undefined;
    for (const rule of FILTER_RULES) {
      if (rule.keep(candidate, options)) continue;
      rejectedBy[rule.name]++;
      firstBroken ??= rule.name;
    }
    if (firstBroken !== undefined) {
      removedFirstBy[firstBroken]++;
      continue;
    }
    const joke = { ...candidate, setup: candidate.setup.trim(), punchline: candidate.punchline.trim() };
    const key = `${joke.setup}\u0000${joke.punchline}`;
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    kept.push(joke);
  }
  return { kept, counts: { input: candidates.length, kept: kept.length, duplicates, rejectedBy, removedFirstBy } };
}
