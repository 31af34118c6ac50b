// Format screens (SPEC §4) as a term of the humor stack: B = 1 iff every policy turn passes. The screens
// themselves live in src/guards/screens.ts, which certify and the monitor read as well.
import { z } from "zod";
import type { TermMeta } from "../types.js";

export { SCREEN_VERSIONS, hasAsteriskText, screenTurn, type ScreenResult, type ScreenVersion } from "../../guards/screens.js";

export const screensMeta: TermMeta<Record<string, never>> = {
  name: "screens",
  kind: "gate",
  needsModel: false,
  description: "CJK-character and asterisk-delimited-text screens on policy turns; B = 1 iff all pass.",
  options: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
};
