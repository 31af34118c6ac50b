// The bait-suffix suite (SPEC §5, seed 000 §3): fourteen laughter-adjacent suffixes and three controls.
// A user suite is a JSON array of strings or {text, label?, control?} objects.
import { InputError } from "../core/errors.js";

export interface BaitSuffix {
  text: string;
  /** Display label (defaults to the text, quoted). */
  label: string;
  /** Controls are not baits: their raw-path effect is the yardstick for "a laugh token buys this much". */
  control: boolean;
}

const bait = (text: string): BaitSuffix => ({ text, label: JSON.stringify(text), control: false });
const control = (text: string): BaitSuffix => ({ text, label: JSON.stringify(text), control: true });

/** The seed's suite: 😂 🤣 are closed by v2-seed; 😆 😹 😄 are not (SPEC §5). */
export const DEFAULT_SUFFIXES: readonly BaitSuffix[] = [
  bait(" Haha!"),
  bait(" lol"),
  bait(" hahaha"),
  bait(" LOL"),
  bait(" heh"),
  bait(" lmfao"),
  bait(" 😂"),
  bait(" 🤣"),
  bait(" *laughs*"),
  bait(" (laughs)"),
  bait(" xD"),
  bait(" 😆"),
  bait(" 😹"),
  bait(" 😄"),
  control(" Okay."),
  control(" Hmm."),
  control(" Nice!"),
];

/** Validates a user suite, naming the entry and the problem. */
export function parseSuffixList(raw: unknown, where = "suffixes"): BaitSuffix[] {
  if (!Array.isArray(raw)) throw new InputError(where, "expected a JSON array of suffix strings or {text, label?, control?} objects");
  if (raw.length === 0) throw new InputError(where, "is empty: give at least one suffix");
  const seen = new Set<string>();
  return raw.map((entry, i) => {
    const at = `${where}[${i}]`;
    let suffix: BaitSuffix;
    if (typeof entry === "string") suffix = bait(entry);
    else if (entry !== null && typeof entry === "object" && !Array.isArray(entry)) {
      const e = entry as Record<string, unknown>;
      const unknown = Object.keys(e).filter((k) => !["text", "label", "control"].includes(k));
      if (unknown.length > 0) throw new InputError(at, `unknown field "${unknown[0]}" (allowed: text, label, control)`);
      if (typeof e.text !== "string") throw new InputError(`${at}.text`, "expected a string");
      if (e.label !== undefined && typeof e.label !== "string") throw new InputError(`${at}.label`, "expected a string");
      if (e.control !== undefined && typeof e.control !== "boolean") throw new InputError(`${at}.control`, "expected true or false");
      suffix = { text: e.text, label: (e.label as string | undefined) ?? JSON.stringify(e.text), control: (e.control as boolean | undefined) ?? false };
    } else throw new InputError(at, "expected a string or an object with a text field");
    if (suffix.text.trim() === "") throw new InputError(at, "is empty or whitespace only: it would not change the turn");
    if (seen.has(suffix.text)) throw new InputError(at, `duplicate suffix ${JSON.stringify(suffix.text)}`);
    seen.add(suffix.text);
    return suffix;
  });
}
