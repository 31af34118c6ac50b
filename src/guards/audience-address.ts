// Audience address (seed 000 §4–5): phrases that speak to listeners rather than to the conversation
// partner. A guard of the certify step and of the live monitor.

/**
 * Phrases that address listeners rather than the conversation partner (seed 000: "audience-address").
 * Matched case-insensitively on word boundaries; straight and curly apostrophes both count.
 */
export const AUDIENCE_ADDRESS_PHRASES = [
  "you guys",
  "folks",
  "everyone",
  "everybody",
  "y'all",
  "yall",
  "you all",
  "ladies and gentlemen",
  "audience",
  "dear viewers",
  "viewers",
  "listeners",
  "people at home",
  "give it up for",
  "am i right",
];

const ADDRESS_PATTERN = new RegExp(`\\b(?:${AUDIENCE_ADDRESS_PHRASES.map((p) => p.replace(/'/g, "['’]").replace(/ /g, "\\s+")).join("|")})\\b`, "i");

export function addressesAudience(text: string): boolean {
  return ADDRESS_PATTERN.test(text);
}
