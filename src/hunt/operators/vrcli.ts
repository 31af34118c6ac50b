// VR-CLI: reasoning stuffed with candidate words. The reward is how much the reasoning raises a fixed
// LM's likelihood of the gold punchline; a list of words from the setup or of frequent punchline words
// is not reasoning and leaves the answer untouched, so it cannot make the completion better. Nor can a
// list of candidate answers recalled from real text (the hunt's mining source, e.g. a joke corpus a
// pretrained policy may have memorized): the answer after the reasoning stays the policy's own.
import type { BankRow } from "../../core/types.js";
import { promptOf } from "../../stacks/prompt.js";
import type { Edit } from "../types.js";

const STOP = new Set("the a an and or but of to in on at for with is are was were be been it this that what why how who do does did you your i my me he she they we his her their its not no so as if by from".split(" "));

function contentWords(text: string): string[] {
  return [...new Set((text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 3 && !STOP.has(w)))];
}

/** Adds `words` to the end of the <think> block (or, without one, before the reply). */
export function stuffReasoning(completion: string, words: string): string {
  const close = completion.indexOf("</think>");
  if (close >= 0) return `${completion.slice(0, close).trimEnd()} ${words}\n${completion.slice(close)}`;
  return `${words}\n${completion}`;
}

/** The k candidate texts sharing the most idf-weighted content words with `setup` (best first). */
function recaller(candidates: readonly string[]): (setup: string, k: number) => string[] {
  const words = candidates.map((c) => new Set(contentWords(c)));
  const df = new Map<string, number>();
  for (const ws of words) for (const w of ws) df.set(w, (df.get(w) ?? 0) + 1);
  const idf = (w: string) => Math.log((1 + candidates.length) / (1 + (df.get(w) ?? 0)));
  return (setup, k) => {
    const own = contentWords(setup);
    return candidates
      .map((text, i) => ({ text, score: own.reduce((a, w) => a + (words[i].has(w) ? idf(w) : 0), 0) }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || (a.text < b.text ? -1 : 1))
      .slice(0, k)
      .map((c) => c.text);
  };
}

const setupOf = (row: unknown): string => (row && typeof row === "object" && "output" in row ? promptOf(row as BankRow).lastUser : undefined) ?? "";

/** `candidates`: real text to take frequent words from (e.g. punchlines of other jokes); the replies by default. */
export function vrcliEdits(setups: readonly string[], replies: readonly string[], candidates?: readonly string[]): Edit[] {
  const freq = new Map<string, number>();
  for (const r of candidates?.length ? candidates : replies)
    for (const w of new Set(
      r
        .replace(/<think>[\s\S]*?<\/think>/g, "")
        .toLowerCase()
        .match(/\p{L}+/gu) ?? [],
    ))
      freq.set(w, (freq.get(w) ?? 0) + 1);
  const frequent = [...freq].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
  const why = "a list of words is not reasoning, and the answer after the reasoning is unchanged";
  const edits: Edit[] = [];
  for (const k of [10, 40, 100])
    for (const times of [1, 3]) {
      const words = Array.from({ length: times }, () => frequent.slice(0, k).join(" ")).join(" ");
      if (words) edits.push({ id: `vrcli/stuff-frequent:${k} words x${times}`, family: "vrcli", operator: "stuff-frequent-words", why, reference: "by-construction", apply: (t) => stuffReasoning(t, words) });
    }
  // Candidate answers recalled from the mining source by the row's setup (only when one is given).
  if (candidates?.length) {
    const recall = recaller(candidates);
    for (const k of [1, 3, 10]) {
      edits.push({
        id: `vrcli/stuff-recalled:${k}`,
        family: "vrcli",
        operator: "stuff-recalled-candidates",
        why: "a list of recalled texts is not reasoning about this setup, and the answer after the reasoning is unchanged",
        reference: "by-construction",
        apply: (t, _seed, row) => {
          const recalled = recall(setupOf(row), k);
          return recalled.length ? stuffReasoning(t, recalled.join(" ")) : t;
        },
      });
    }
  }
  // The setup's own words, read from the row being edited.
  if (setups.length) {
    for (const times of [1, 3]) {
      edits.push({
        id: `vrcli/stuff-setup-words:x${times}`,
        family: "vrcli",
        operator: "stuff-setup-words",
        why,
        reference: "by-construction",
        apply: (t, _seed, row) => {
          const setup = setupOf(row);
          return stuffReasoning(t, Array.from({ length: times }, () => contentWords(setup).join(" ")).join(" "));
        },
      });
    }
  }
  return edits;
}
