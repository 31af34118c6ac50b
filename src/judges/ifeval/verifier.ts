// The offline clean judge of SPEC §9: J_unbiased = share of the prompt's verifiable constraints that
// the response meets (IFEval / IFBench style: instruction_id_list + kwargs). Unsupported ids are
// reported and left out of the share (never counted as met); a prompt with no supported constraint has
// no clean score (value null + error), so the CHERRL loop never invents a number.
import { IFEVAL_CHECKS, MissingKwarg, type Check, type Kwargs } from "./checks.js";
import { IFBENCH_APPROXIMATE, IFBENCH_CHECKS } from "./ifbench-checks.js";

export interface ConstraintPrompt {
  instruction_id_list: string[];
  kwargs: Kwargs[];
}

export interface ConstraintResult {
  id: string;
  /** null when the id is unsupported or its kwargs are unusable. */
  met: boolean | null;
  approximate?: boolean;
  problem?: string;
}

export interface Verification {
  value: number | null;
  met: number;
  checked: number;
  unsupported: string[];
  results: ConstraintResult[];
  error?: string;
}

const ALL_CHECKS: Record<string, { check: Check; approximate: boolean }> = {
  ...Object.fromEntries(Object.entries(IFEVAL_CHECKS).map(([id, check]) => [id, { check, approximate: false }])),
  ...Object.fromEntries(Object.entries(IFBENCH_CHECKS).map(([id, check]) => [id, { check, approximate: IFBENCH_APPROXIMATE.has(id) }])),
};

export const SUPPORTED_INSTRUCTIONS: readonly string[] = Object.keys(ALL_CHECKS);

/** Drops the null-valued kwargs IFBench rows carry for every possible argument. */
function cleanKwargs(kwargs: Kwargs | null | undefined): Kwargs {
  const out: Kwargs = {};
  for (const [k, v] of Object.entries(kwargs ?? {})) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

export function verifyConstraints(prompt: ConstraintPrompt, response: string): Verification {
  const results: ConstraintResult[] = prompt.instruction_id_list.map((id, i) => {
    const entry = ALL_CHECKS[id];
    if (!entry) return { id, met: null, problem: "unsupported instruction id" };
    try {
      // Strict mode of the official checkers: a blank response follows no instruction.
      const met = response.trim() !== "" && entry.check(response, cleanKwargs(prompt.kwargs[i]));
      return { id, met, ...(entry.approximate ? { approximate: true } : {}) };
    } catch (err) {
      if (err instanceof MissingKwarg) return { id, met: null, problem: err.message };
      throw err;
    }
  });
  const checked = results.filter((r) => r.met !== null);
  const met = checked.filter((r) => r.met).length;
  const unsupported = results.filter((r) => r.met === null).map((r) => r.id);
  if (checked.length === 0) {
    return { value: null, met: 0, checked: 0, unsupported, results, error: `no verifiable constraint among [${prompt.instruction_id_list.join(", ")}]` };
  }
  return { value: met / checked.length, met, checked: checked.length, unsupported, results };
}
