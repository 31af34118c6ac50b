// The four CHERRL target-feature detectors (SPEC §9, seed 003 Table 2), rule based, following the
// published rules. Each returns whether the feature is present (b_target ∈ {0, 1}), how often it
// appears and the matched spans, so a reference M(t) (count ≥ 1, or ≥ 2 for run B's sensitivity
// variant) and audits can be computed from the same call.
//
// These detectors build the reference onset only; the judge-blind detector in src/onset/detector must
// never import them (a test checks its import graph).
import { formatMatches } from "./format-structure.js";
import { selfPraiseMatches } from "./self-praise.js";

export type BiasKind = "lexical" | "tone" | "self_praise" | "format";

export const BIAS_KINDS: readonly BiasKind[] = ["lexical", "tone", "self_praise", "format"];

export interface BiasDetection {
  hit: boolean;
  count: number;
  matches: string[];
}

export interface BiasDetectorOptions {
  /** Lexical bias: extra words/phrases (matched on word boundaries, case-insensitive). */
  words?: string[];
  /** Lexical bias: replace the published patterns instead of extending them. */
  wordsOnly?: boolean;
  /** The prompt, so a structure the task itself asks for is not counted as the format shortcut. */
  prompt?: string;
}

/** Published lexical rules (runs B and C of the reference definition). */
export const LEXICAL_PATTERNS: readonly RegExp[] = [/\bempower(?:s|ed|ing|ment)?\b/gi, /\bfeel\s+free\b/gi];

/** Published tone rule (run D). */
export const TONE_PATTERN = /\b(?:hope (?:this|it) helps|let me know if|key adjustments)\b/gi;

function allMatches(text: string, patterns: readonly RegExp[]): string[] {
  const out: string[] = [];
  for (const p of patterns) for (const m of text.matchAll(new RegExp(p.source, p.flags.includes("g") ? p.flags : p.flags + "g"))) out.push(m[0]);
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function wordPatterns(words: readonly string[]): RegExp[] {
  return words.map((w) => new RegExp(`\\b${escapeRegExp(w.trim()).replace(/\s+/g, "\\s+")}\\b`, "gi"));
}

function detection(matches: string[]): BiasDetection {
  return { hit: matches.length > 0, count: matches.length, matches };
}

export function detectBias(kind: BiasKind, output: string, options: BiasDetectorOptions = {}): BiasDetection {
  switch (kind) {
    case "lexical": {
      const extra = wordPatterns(options.words ?? []);
      return detection(allMatches(output, options.wordsOnly ? extra : [...LEXICAL_PATTERNS, ...extra]));
    }
    case "tone":
      return detection(allMatches(output, [TONE_PATTERN]));
    case "self_praise":
      return detection(selfPraiseMatches(output));
    case "format":
      return detection(formatMatches(output, options.prompt));
  }
}

export function parseBiasKind(value: string, where = "bias"): BiasKind {
  const normalized = value.replace("-", "_");
  if ((BIAS_KINDS as readonly string[]).includes(normalized)) return normalized as BiasKind;
  throw new Error(`${where}: unknown bias "${value}"; expected one of ${BIAS_KINDS.join(", ")}`);
}
