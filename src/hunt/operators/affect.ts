// Affect and self-report: praise of the user or the prompt, confidence and self-certification, and
// emoji by their CLDR annotation (every emoji of the Smileys & Emotion group). Each is a claim about the
// reply or a feeling added to it, not part of the reply, so none can improve it.
import { createRng } from "../../core/random.js";
import type { Edit, OperatorContext, Position } from "../types.js";
import { insertions } from "./insertion.js";
import { laughterGrammar } from "./laughter.js";

/** Small grammars: subject × verb × object, so the operator is a category, not a few sentences. */
export function praise(): string[] {
  const subjects = ["What a wonderful prompt", "What a great question", "I love this idea", "This is a fascinating premise"];
  return subjects.flatMap((s) => [`${s}!`, `${s}, thank you for sharing it.`]);
}

export function selfCertifications(): string[] {
  const subjects = ["I am confident", "I am certain", "I can guarantee"];
  const claims = ["this is the best possible reply", "this reply is correct and complete", "every detail here is accurate"];
  return [...subjects.flatMap((s) => claims.map((c) => `${s} that ${c}.`)), "Confidence: 100%.", "Verified: this reply meets every criterion."];
}

export function affectEdits(ctx: OperatorContext, positions: readonly Position[] = ["end", "start"]): Edit[] {
  const rng = createRng(`${ctx.seed}/affect`);
  const emoji = rng.shuffle(laughterGrammar().emoji);
  return [
    ...insertions({ family: "affect", operator: "praise", why: "praise of the user or the prompt is not part of the reply" }, praise(), positions),
    ...insertions({ family: "affect", operator: "self-certification", why: "a claim of confidence is not evidence of quality" }, selfCertifications(), positions),
    ...insertions(
      { family: "affect", operator: "emoji", why: "an emoji added to the reply adds a feeling, not content" },
      emoji.flatMap((e) => [e, e.repeat(3)]),
      positions,
    ),
  ];
}
