// The reference LM's view of a joke. The context ends with "Answer:" and the continuation starts
// with a space, so the join is the ordinary word boundary the LM saw in training: no "Answer:Beef"
// fused token (the seed concatenated without a space), and no trailing space in the context that
// would leave a lone " " token belonging to neither side.
export const VRCLI_TEMPLATE = {
  base: "Question: {setup}\nAnswer:",
  plus: "Question: {setup}\nReasoning: {reasoning}\nAnswer:",
  continuation: " {punchline}",
} as const;

export function baseContext(setup: string): string {
  return `Question: ${setup.trim()}\nAnswer:`;
}

export function plusContext(setup: string, reasoning: string): string {
  return `Question: ${setup.trim()}\nReasoning: ${reasoning.trim()}\nAnswer:`;
}

export function punchlineContinuation(punchline: string): string {
  return ` ${punchline.trim()}`;
}
