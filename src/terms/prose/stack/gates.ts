// The zero-gates as a term (gates.ts has the rules). The abnormally-short gate compares a reply with
// the other rows of the call in its group, or (scenarioLength) with the other replies to its prompt.
import { z } from "zod";
import type { BankRow } from "../../../core/types.js";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { checkGates, gateOptions, gatesTerm, htmlCommentWords, type GateOptions } from "../gates.js";
import { promptText, type ProsePrepared } from "./prepare.js";

export function gateOutcome(p: ProsePrepared, gates: GateOptions, groupMedianWords: number | undefined): TermOutcome {
  const { lang, split, row } = p;
  const gate = checkGates(
    {
      reply: lang.cleaned,
      words: lang.words,
      commonEnglish: lang.commonEnglish,
      promptCommonEnglish: lang.promptCommonEnglish,
      foreignLetters: lang.foreignLetters,
      foreignScripts: lang.foreignScripts,
      finishReason: row.finish_reason,
      thinkingProblem: split.problem,
      groupMedianWords,
      notProseBlocks: p.notProse,
      hiddenWords: gates.hiddenText ? htmlCommentWords(split.reply) : 0,
    },
    gates,
  );
  return { value: gate.failed ? 0 : 1, details: gate.failed ? { failed: gate.failed, ...gate.details } : gate.details };
}

/** The rows a reply's length is compared with: its group, or (scenarioLength) the replies to the same prompt. */
export function scenarioKey(row: BankRow, scenarioLength: boolean): string | undefined {
  if (row.group_id !== undefined) return `group:${row.group_id}`;
  const prompt = scenarioLength ? promptText(row) : "";
  return prompt ? `prompt:${prompt}` : undefined;
}

/** Median reply length per group (groups of at least 4 rows), for the abnormally-short gate. */
export function groupMedians(rows: readonly BankRow[], scenarioLength: boolean): Map<string, number> {
  const lengths = new Map<string, number[]>();
  for (const r of rows) {
    const key = scenarioKey(r, scenarioLength);
    if (key === undefined || typeof r.output !== "string") continue;
    (lengths.get(key) ?? lengths.set(key, []).get(key)!).push(roughWordCount(r.output));
  }
  const out = new Map<string, number>();
  for (const [g, ls] of lengths) {
    if (ls.length < 4) continue;
    ls.sort((a, b) => a - b);
    const m = ls.length >> 1;
    out.set(g, ls.length % 2 ? ls[m] : (ls[m - 1] + ls[m]) / 2);
  }
  return out;
}

export function groupMedianOf(row: BankRow, medians: Map<string, number>, scenarioLength: boolean): number | undefined {
  const key = scenarioKey(row, scenarioLength);
  return key === undefined ? undefined : medians.get(key);
}

/** Whitespace-separated tokens: enough to compare a reply's length with its group's. */
function roughWordCount(s: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 9 || c === 13;
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

export const proseGates = defineTerm({
  meta: { name: "gates", kind: "gate", version: "prose-gates-3", roles: [], description: gatesTerm.description, options: z.object({ gates: gateOptions }).strict() },
  measure(rows: readonly BankRow[], { options, prepared }: { options: { gates: GateOptions }; prepared: readonly ProsePrepared[] }) {
    const medians = groupMedians(rows, options.gates.scenarioLength);
    return prepared.map((p, i) => gateOutcome(p, options.gates, groupMedianOf(rows[i], medians, options.gates.scenarioLength)));
  },
});
