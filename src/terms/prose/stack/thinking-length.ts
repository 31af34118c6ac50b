// Thinking length as a term (thinking.ts has the curve).
import { z } from "zod";
import { words } from "../../../text/tokenize.js";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { thinkingFactor } from "../thinking.js";
import { markOff, offOption } from "./options.js";
import type { ProsePrepared } from "./prepare.js";
import { proseScan } from "./resources.js";

export interface ThinkingOptions {
  freeThinkingWords: number;
  zeroThinkingWords: number;
  off: readonly string[];
}

export function thinkingOutcome(p: ProsePrepared, o: ThinkingOptions): TermOutcome {
  const thinkingWords = p.split.thinking ? words(p.split.thinking).length : 0;
  return markOff({ value: thinkingFactor(thinkingWords, o.freeThinkingWords, o.zeroThinkingWords), details: { thinking_words: thinkingWords } }, "thinking_length", o.off);
}

export const proseThinkingLength = defineTerm({
  meta: {
    name: "thinking_length",
    kind: "factor",
    version: "prose-thinking-1",
    roles: [],
    needs: { scan: proseScan },
    description: "1 up to 600 thinking words, half-cosine to 0 at 1,200",
    options: z.object({ freeThinkingWords: z.number().int().min(0).default(600), zeroThinkingWords: z.number().int().min(1).default(1200), off: offOption }).strict(),
  },
  measure: (_rows, { options, needs }: { options: ThinkingOptions; needs: { scan: readonly ProsePrepared[] } }) => needs.scan.map((p) => thinkingOutcome(p, options)),
});
