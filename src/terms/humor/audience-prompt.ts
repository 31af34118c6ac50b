// The audience's view of a conversation (SPEC §4): a short header, the transcript with speaker names,
// then the audience's own speaker tag. The audience model "continues the conversation as another
// participant"; what it says first is what taste measures. Versioned: any change to this text is a new
// instrument.
import type { Turn } from "../../core/types.js";

export const AUDIENCE_PROMPT_VERSION = "humor-audience-1";
export const AUDIENCE_NAME = "Riley";

const HEADER = `A conversation between coworkers at an office. ${AUDIENCE_NAME} sits nearby and joins in.\n\n`;

const DISPLAY_NAMES: Record<string, string> = { policy: "Sam", partner: "Jordan" };

export function displayName(speaker: string): string {
  return DISPLAY_NAMES[speaker] ?? speaker.charAt(0).toUpperCase() + speaker.slice(1);
}

/** The audience prompt after `turns` (already normalized): ends with "\nRiley:" and no trailing space. */
export function audiencePrompt(turns: readonly Turn[]): string {
  let text = HEADER;
  for (const t of turns) text += `${displayName(t.speaker)}: ${t.text.replace(/\s*\n\s*/g, " ")}\n`;
  return `${text}${AUDIENCE_NAME}:`;
}

/** The template itself, recorded in the instrument so a change to the wording changes the hash. */
export const AUDIENCE_PROMPT_TEMPLATE = `${HEADER}{Speaker}: {text}\n…\n${AUDIENCE_NAME}:`;
