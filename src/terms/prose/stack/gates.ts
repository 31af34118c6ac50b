// The zero-gates as a term (gates.ts has the rules). The abnormally-short gate compares a reply with
// the other rows of the call in its group, or (scenarioLength) with the other replies to its prompt.
import { z } from "zod";
import type { BankRow } from "../../../core/types.js";
import { defineTerm } from "../../define.js";
import type { TermOutcome } from "../../types.js";
import { checkGates, commonEnglishWithoutNames, htmlCommentWords, type GateOptions } from "../gates.js";
import { promptText, promptWordSet, type ProsePrepared } from "./prepare.js";
import { gatesOption } from "./options.js";
import { proseScan } from "./resources.js";

export function gateOutcome(p: ProsePrepared, gates: GateOptions, groupMedianWords: number | undefined): TermOutcome {
  const { lang, split, row } = p;
  const gate = checkGates(
    {
      reply: lang.cleaned,
      words: lang.words,
      // Hardened: names and numbers are words of no language (a genealogy entry is English).
      commonEnglish: gates.namesAndNumbers && lang.commonEnglish < gates.minCommonEnglish ? Math.max(lang.commonEnglish, commonEnglishWithoutNames(lang.cleaned, promptWordSet(p))) : lang.commonEnglish,
      promptCommonEnglish: lang.promptCommonEnglish,
      foreignLetters: lang.foreignLetters,
      foreignScripts: lang.foreignScripts,
      finishReason: row.finish_reason,
      thinkingProblem: split.problem,
      groupMedianWords,
      groupElsewhere: row.group_id !== undefined,
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

/**
 * Each row's group median reply length (groups of at least 4 rows), for the abnormally-short gate;
 * undefined for a row without a group or in a smaller one. Groups are keyed as scenarioKey says, but
 * in two maps (group ids, prompts) so that no key string joins a prefix to a whole prompt per row.
 */
export function rowGroupMedians(rows: readonly BankRow[], scenarioLength: boolean): (number | undefined)[] {
  const byGroup = new Map<string, LengthGroup>();
  const byPrompt = new Map<string, LengthGroup>();
  const groups = rows.map((r, i): LengthGroup | undefined => {
    let map = byGroup;
    let key: string;
    if (r.group_id !== undefined) key = String(r.group_id);
    else {
      map = byPrompt;
      key = scenarioLength ? promptText(r) : "";
      if (key === "") return undefined;
    }
    let group = map.get(key);
    if (!group) map.set(key, (group = { rows: [], median: undefined }));
    if (typeof r.output === "string") group.rows.push(i);
    return group;
  });
  for (const map of [byGroup, byPrompt]) {
    for (const group of map.values()) if (group.rows.length >= 4) group.median = median(group.rows.map((i) => roughWordCount(rows[i].output as string)));
  }
  return groups.map((g) => g?.median);
}

interface LengthGroup {
  /** Indices of the rows with an output. */
  rows: number[];
  median: number | undefined;
}

function median(ls: number[]): number {
  const sorted = Float64Array.from(ls).sort();
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}

/** Whitespace-separated tokens: enough to compare a reply's length with its group's. Counts the tokens' first characters, without a branch per character. */
function roughWordCount(s: string): number {
  let count = 0;
  let prevSpace = 1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const space = c <= 32 && (c === 32 || c === 10 || c === 9 || c === 13) ? 1 : 0;
    count += prevSpace & (space ^ 1);
    prevSpace = space;
  }
  return count;
}

export const proseGates = defineTerm({
  meta: {
    name: "gates",
    kind: "gate",
    version: "prose-gates-5",
    roles: [],
    needs: { scan: proseScan },
    description: "0 for truncated output, a bad thinking block, non-prose fenced content, (hardened) more words in HTML comments than shown, a refusal/stub/abnormally short reply, a script switch or too little common English; else 1",
    options: z.object({ gates: gatesOption }).strict(),
  },
  measure(rows: readonly BankRow[], { options, needs }: { options: { gates: GateOptions }; needs: { scan: readonly ProsePrepared[] } }) {
    const medians = rowGroupMedians(rows, options.gates.scenarioLength);
    return needs.scan.map((p, i) => gateOutcome(p, options.gates, medians[i]));
  },
});
