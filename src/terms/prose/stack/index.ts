// The prose terms by name, for stacks that reuse them (a user's module, a YAML composition).
import { proseEcho } from "./echo.js";
import { proseFunctionOrder } from "./function-order.js";
import { proseGates } from "./gates.js";
import { proseHumanPhrases } from "./human-phrases.js";
import { proseOpeners } from "./openers.js";
import { proseSelfRepetition } from "./self-repetition.js";
import { proseSlop } from "./slop.js";
import { proseThinkingLength } from "./thinking-length.js";
import { proseWordOrder } from "./word-order.js";

export const proseTerms = {
  gates: proseGates,
  thinking_length: proseThinkingLength,
  slop: proseSlop,
  human_phrases: proseHumanPhrases,
  openers: proseOpeners,
  echo: proseEcho,
  self_repetition: proseSelfRepetition,
  function_order: proseFunctionOrder,
  word_order: proseWordOrder,
} as const;
