// A term is a pure, named reward component with its metadata beside the handler (SPEC §1).
// Terms never swallow errors: a failed model call propagates and becomes an explicit error on
// the score, never a silent 0.
import type { z } from "zod";

export type TermKind = "gate" | "factor" | "additive" | "screen" | "diagnostic";

export interface TermMeta<Options = unknown> {
  name: string;
  kind: TermKind;
  needsModel: boolean;
  description: string;
  /** Validated options with their defaults (recorded in the instrument). */
  options: z.ZodType<Options>;
}

export interface TermResult {
  value: number;
  details?: Record<string, unknown>;
}
