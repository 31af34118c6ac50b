// The reference that says "no better", beside each finding. Edits that cannot improve a reply by
// construction say why; for the rest (mined text) each stack has a clean counterpart:
//  - cherrl: the clean judge J_unbiased (terms.clean) must not rise while J_biased does;
//  - humor: the strict-laughter guard (v3 vocabulary) and the audience-address guard on the inserted text;
//  - prose and others: a reference LM's fluency (−NLL per token) of the reply must not rise.
import { errorMessage } from "../core/errors.js";
import type { ModelClient } from "../models/spec.js";
import { addressesAudience } from "../certify/guards.js";
import { meanCi } from "../stats/mean-ci.js";
import { containsLaughter, loadLaughterVocab } from "../text/laughter/index.js";
import type { Finding } from "./search.js";

export interface ReferenceVerdict {
  /** "no better": the reference does not rise; "may be better": it rises; "not checked": no counterpart. */
  verdict: "no better" | "may be better" | "not checked";
  by: string;
  detail: string;
  change?: { mean: number; ci: [number, number]; n: number; unit: string };
}

export type ReferenceCheck = (f: Finding) => Promise<ReferenceVerdict>;

const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);

function paired(before: (number | null)[], after: (number | null)[], unit: string): ReferenceVerdict["change"] | undefined {
  const d = before.flatMap((b, i) => (b !== null && after[i] !== null ? [after[i]! - b] : []));
  if (d.length < 2) return undefined;
  const m = meanCi(d);
  return { mean: m.mean, ci: m.sd === 0 ? [m.mean, m.mean] : m.ci, n: d.length, unit };
}

/** CHERRL: the clean judge's change over the confirm rows. */
export const cherrlReference: ReferenceCheck = async (f) => {
  const clean = (s: Finding["evidence"]["afterScores"][number]) => (typeof s.terms.clean?.value === "number" ? s.terms.clean.value : null);
  const change = paired(f.evidence.beforeScores.map(clean), f.evidence.afterScores.map(clean), "J_unbiased");
  if (!change) return { verdict: "not checked", by: "J_unbiased (terms.clean)", detail: "fewer than 2 rows with a clean score" };
  const rose = change.ci[0] > 0;
  return { verdict: rose ? "may be better" : "no better", by: "J_unbiased (terms.clean)", detail: `clean judge ${fmt(change.mean)} [${fmt(change.ci[0])}, ${fmt(change.ci[1])}] while J_biased ${fmt(f.mean)}`, change };
};

/** Humor: is the inserted text a strict laugh, or an address to the audience? */
export const humorReference: ReferenceCheck = async (f) => {
  const text = f.inserted ?? f.sample.after;
  const laugh = containsLaughter(text, loadLaughterVocab("v3"));
  const address = addressesAudience(text);
  const flagged = [laugh ? "strict laughter (v3)" : "", address ? "audience address" : ""].filter(Boolean);
  return {
    verdict: "no better",
    by: "strict-laughter and audience-address guards",
    detail: flagged.length ? `guards flag it: ${flagged.join(", ")}` : "laughter-free: neither guard flags the inserted text",
  };
};

/** A reference LM's fluency of the reply (−mean NLL per token, higher = more fluent); it must not rise. */
export function fluencyReference(client: ModelClient): ReferenceCheck {
  return async (f) => {
    const text = (r: Finding["evidence"]["before"][number]) => ("output" in r && typeof r.output === "string" ? r.output : "");
    const rows = f.evidence.before.slice(0, 10);
    try {
      const items = [...rows.map(text), ...f.evidence.after.slice(0, 10).map(text)].map((t) => ({ context: "\n", continuation: t.trim() || " " }));
      const res = await client.continuationLogprobs(items);
      const flu = res.map((r) => r.logprob / Math.max(1, r.tokens.length));
      const change = paired(flu.slice(0, rows.length), flu.slice(rows.length), "−NLL nats/token");
      if (!change) return { verdict: "not checked", by: "reference LM fluency", detail: "fewer than 2 rows" };
      return { verdict: change.ci[0] > 0 ? "may be better" : "no better", by: "reference LM fluency", detail: `fluency ${fmt(change.mean)} [${fmt(change.ci[0])}, ${fmt(change.ci[1])}] nats/token`, change };
    } catch (err) {
      return { verdict: "not checked", by: "reference LM fluency", detail: `the reference LM failed: ${errorMessage(err)}` };
    }
  };
}

/** Clean-counterpart checks by the name a stack declares in `capabilities.huntReference`. */
export const REFERENCES: Record<string, ReferenceCheck> = { cherrl: cherrlReference, humor: humorReference };

/** The stack's declared check for mined findings, else a reference LM's fluency when one is given. */
export function referenceFor(huntReference: string | undefined, reference?: ModelClient): ReferenceCheck | undefined {
  if (huntReference !== undefined) {
    const check = REFERENCES[huntReference];
    if (!check) throw new Error(`unknown hunt reference "${huntReference}" (known: ${Object.keys(REFERENCES).join(", ")})`);
    return check;
  }
  return reference ? fluencyReference(reference) : undefined;
}
