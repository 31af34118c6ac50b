// Format screens (SPEC §4): a policy turn fails when it contains a CJK character or asterisk-delimited
// text (*sighs*, **bold**). B = 1 iff every policy turn passes both.
import { z } from "zod";
import { hasCjk } from "../../text/script.js";
import type { TermMeta } from "../types.js";

export const screensMeta: TermMeta<Record<string, never>> = {
  name: "screens",
  kind: "gate",
  needsModel: false,
  description: "CJK-character and asterisk-delimited-text screens on policy turns; B = 1 iff all pass.",
  options: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
};

/** Text between two asterisks on one line, with something other than spaces inside ("5 * 3 * 2" passes). */
const ASTERISK_DELIMITED = /\*+[^*\s][^*\n]*\*+/;

export function hasAsteriskText(text: string): boolean {
  return ASTERISK_DELIMITED.test(text);
}

export interface ScreenResult {
  cjk: boolean;
  asterisk: boolean;
  fail: boolean;
}

export function screenTurn(text: string): ScreenResult {
  const cjk = hasCjk(text);
  const asterisk = hasAsteriskText(text);
  return { cjk, asterisk, fail: cjk || asterisk };
}
