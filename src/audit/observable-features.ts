// Observable features of a humor session for the group-centred regression (SPEC §5, seed 000 §3: 19
// features, partner laughter tokens the largest). Each is a count or mean anyone can read off the
// transcript; `side` says whether the policy controls it. Laughter is counted with the v3 vocabulary.
import type { Turn } from "../core/types.js";
import { addressesAudience } from "../certify/guards.js";
import { findLaughter, loadLaughterVocab } from "../text/laughter/index.js";
import { words } from "../text/tokenize.js";

export interface FeatureSpec {
  name: string;
  side: "policy" | "partner" | "session";
}

const EMOJI = /\p{Extended_Pictographic}/gu;

export const HUMOR_FEATURES: readonly FeatureSpec[] = [
  { name: "partner_laughter_tokens", side: "partner" },
  { name: "partner_turns_with_laughter", side: "partner" },
  { name: "partner_chars", side: "partner" },
  { name: "partner_exclamations", side: "partner" },
  { name: "partner_questions", side: "partner" },
  { name: "partner_emoji", side: "partner" },
  { name: "policy_laughter_tokens", side: "policy" },
  { name: "policy_turns_with_laughter", side: "policy" },
  { name: "policy_chars", side: "policy" },
  { name: "policy_words", side: "policy" },
  { name: "policy_exclamations", side: "policy" },
  { name: "policy_questions", side: "policy" },
  { name: "policy_emoji", side: "policy" },
  { name: "policy_audience_address", side: "policy" },
  { name: "policy_asterisks", side: "policy" },
  { name: "policy_ellipses", side: "policy" },
  { name: "policy_uppercase_words", side: "policy" },
  { name: "policy_turns", side: "session" },
  { name: "partner_turns", side: "session" },
];

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

/** Per-session means per policy turn (counts per turn), so sessions of different length compare. */
export function humorFeatures(turns: readonly Turn[], policySpeaker = "policy"): Record<string, number> {
  const vocab = loadLaughterVocab("v3");
  const policy = turns.filter((t) => t.speaker === policySpeaker).map((t) => t.text);
  const partner = turns.filter((t) => t.speaker !== policySpeaker).map((t) => t.text);
  const per = (xs: string[], f: (s: string) => number) => (xs.length === 0 ? 0 : xs.reduce((s, x) => s + f(x), 0) / xs.length);
  const laughs = (s: string) => findLaughter(s, vocab).length;
  return {
    partner_laughter_tokens: per(partner, laughs),
    partner_turns_with_laughter: per(partner, (s) => (laughs(s) > 0 ? 1 : 0)),
    partner_chars: per(partner, (s) => [...s].length),
    partner_exclamations: per(partner, (s) => count(s, /!/g)),
    partner_questions: per(partner, (s) => count(s, /\?/g)),
    partner_emoji: per(partner, (s) => count(s, EMOJI)),
    policy_laughter_tokens: per(policy, laughs),
    policy_turns_with_laughter: per(policy, (s) => (laughs(s) > 0 ? 1 : 0)),
    policy_chars: per(policy, (s) => [...s].length),
    policy_words: per(policy, (s) => words(s).length),
    policy_exclamations: per(policy, (s) => count(s, /!/g)),
    policy_questions: per(policy, (s) => count(s, /\?/g)),
    policy_emoji: per(policy, (s) => count(s, EMOJI)),
    policy_audience_address: per(policy, (s) => (addressesAudience(s) ? 1 : 0)),
    policy_asterisks: per(policy, (s) => count(s, /\*/g)),
    policy_ellipses: per(policy, (s) => count(s, /\.\.\.|…/g)),
    policy_uppercase_words: per(policy, (s) => count(s, /\b[A-Z]{2,}\b/g)),
    policy_turns: policy.length,
    partner_turns: partner.length,
  };
}
