// The "vrcli" stack (SPEC §8): scores bank rows whose `output` is a policy completion with a
// <think> block, against the gold punchline, through a fixed reference LM (model role "reference").
// Row contract: the joke's setup is `prompt` (a string, or chat messages whose last user message is
// the setup); the gold punchline is `meta.punchline` (accepted too: a top-level `label` or `answer`
// string, the shapes OpenRLHF and verl datasets carry).
import type { z } from "zod";
import type { BankRow } from "../core/types.js";
import { defineTerm } from "../terms/define.js";
import type { TermOutcome } from "../terms/types.js";
import { scoreVrcli, vrcliOptions, type VrcliItem } from "../terms/vrcli/term.js";
import { VRCLI_TEMPLATE } from "../terms/vrcli/template.js";
import { composeStack } from "./compose.js";

// 2: the hardened default controls the improvement against the reasoning's candidates (vrcli-2);
// preset "seed" keeps the paper's formula (vrcli-1), bit for bit.
export const VRCLI_STACK_VERSION = "2";

export function goldPunchlineOf(row: BankRow): string | undefined {
  const candidates = [row.meta?.punchline, row.label, row.answer];
  return candidates.find((c): c is string => typeof c === "string" && c.trim() !== "");
}

/** The VR-CLI term as a Term: one continuationLogprobs batch per call, rows it cannot read as input errors. */
export const vrcliTerm = defineTerm({
  meta: {
    name: "vrcli",
    kind: "additive",
    description: "Relative perplexity improvement of the gold punchline under a fixed reference LM when the policy's <think> reasoning is added to the setup: max(0, (base − plus)/base); −1 when the reasoning is missing or broken.",
    version: "vrcli-2",
    roles: ["reference"],
    options: vrcliOptions.strict(),
  },
  async measure(rows: readonly BankRow[], { options, models, prompts, signal }) {
    const outcomes: TermOutcome[] = new Array(rows.length);
    const items: VrcliItem[] = [];
    const itemRow: number[] = [];
    rows.forEach((row, i) => {
      const setup = prompts[i].lastUser;
      const punchline = goldPunchlineOf(row);
      const problem =
        setup === undefined
          ? "no setup: `prompt` must be the setup string or chat messages with a user turn"
          : punchline === undefined
            ? "no gold punchline: set meta.punchline (or label/answer)"
            : typeof row.output !== "string"
              ? "`output` must be a string"
              : undefined;
      if (problem) {
        outcomes[i] = { value: null, error: { kind: "input", message: problem } };
        return;
      }
      items.push({ setup: setup as string, punchline: punchline as string, completion: row.output });
      itemRow.push(i);
    });
    const scored = await scoreVrcli(models.reference, items, { ...options, signal });
    scored.forEach((outcome, k) => {
      outcomes[itemRow[k]] = { value: outcome.value, details: { ...outcome.details }, ...(outcome.error ? { error: outcome.error } : {}) };
    });
    return outcomes;
  },
});

export const vrcliStack = composeStack<z.infer<typeof vrcliOptions>, BankRow>({
  name: "vrcli",
  capabilities: { huntObjective: "reward", huntFamilies: ["vrcli"] },
  description: vrcliTerm.meta.description,
  version: VRCLI_STACK_VERSION,
  rowKind: "reply",
  terms: [vrcliTerm],
  combine: { weights: { vrcli: 1 } },
  recordOptions: (options) => ({ ...options, formula: options.preset === "seed" ? "vrcli-1 (paper)" : "vrcli-2 (controlled by the best candidate alone)", template: VRCLI_TEMPLATE }),
  // A GRPO group is usually ≤ 16 samples; 64 rows per reference batch bounds memory, not correctness.
  // One batch at a time, as before: the reference endpoint's limiter already spreads a batch's requests.
  batchRows: 64,
  concurrency: 1,
});
