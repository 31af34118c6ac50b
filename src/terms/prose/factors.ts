// The prose reward's factors, in order (the gates come first and are not a factor).
export const PROSE_FACTORS = ["thinking_length", "slop", "human_phrases", "openers", "echo"] as const;
export type ProseFactor = (typeof PROSE_FACTORS)[number];
