// Text made of the prompt's own words (issue 36, struct36): the prompt's words shuffled into one
// "sentence" carried no slop, so it scored 0.70 on slop and above a careful opening on the same prompt
// (+0.202 [0.125, 0.280], battery 3). A reply tells a story about the prompt, not the prompt again: in
// human stories written to a prompt, at most 0.261 of an opening's content words are the prompt's
// (HANNA, presets.ts HARDENED_PROMPT_ECHO). The share is read over content-word tokens, so repeating the
// prompt's words, shuffling them or restating the prompt all count alike.
import { T_CONTENT, type Scan } from "../../text/scan.js";

/** The share of the reply's content-word tokens whose lemma is a content lemma of the prompt (0 with no prompt). */
export function promptEchoShare(reply: Scan, prompt: Scan): number {
  const promptLemmas = new Set<number>();
  for (let k = 0; k < prompt.n; k++) if (prompt.flags[k] & T_CONTENT) promptLemmas.add(prompt.lemma[k]);
  if (promptLemmas.size === 0) return 0;
  let content = 0;
  let echoed = 0;
  for (let k = 0; k < reply.n; k++) {
    if ((reply.flags[k] & T_CONTENT) === 0) continue;
    content++;
    if (promptLemmas.has(reply.lemma[k])) echoed++;
  }
  return content === 0 ? 0 : echoed / content;
}
