// `foolsgold certify verify CERT.json`: a saved certificate is a claim, not evidence. It is recomputed
// from the inputs it records (the banks, the registry, the pre-registration and the instrument, read
// afresh) and compared field by field with what it says. The registry must still hold the head the
// certificate recorded, so a log truncated or rewritten since then is named too.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Artifact } from "../core/artifact.js";
import { FoolsgoldError, InputError } from "../core/errors.js";
import { diffPreregistrations, type PreregistrationChange } from "./preregistration.js";
import { formatAnchor } from "./registry.js";
import { runCertification, type BankCertifyResult, type CertifyHooks, type CertifyInputs, type CertifyResult } from "./run.js";

/** The certificate says something its inputs do not give. */
export class CertificateDiffers extends FoolsgoldError {
  constructor(
    readonly changes: PreregistrationChange[],
    file: string,
  ) {
    const show = (v: unknown) => (v === undefined ? "(absent)" : JSON.stringify(v));
    const listed = changes
      .slice(0, 8)
      .map((c) => `${c.path}: says ${show(c.registered)}, recomputed ${show(c.now)}`)
      .join("; ");
    super("certificate_differs", `${file}: NOT VALID: ${changes.length} field(s) differ from the recomputation (${listed}${changes.length > 8 ? "; …" : ""})`);
    this.name = "CertificateDiffers";
  }
}

export interface VerifiedCertificate {
  valid: true;
  recomputed_from: string[];
  head: string;
}

/** Fields that legitimately differ between two runs: how the model answers were checked, and the registry's head (it may have grown). */
function comparable(result: CertifyResult | BankCertifyResult): unknown {
  const { model_answers: _answers, registry, ...bindings } = result.bindings;
  return { ...result, bindings: { ...bindings, registry: registry ? { ...registry, head: undefined } : registry } };
}

/** The banks a certificate was computed from: its bank files, or the banks its rollout wrote to --banks-dir. */
function bankInputs(inputs: CertifyInputs, result: CertifyResult, file: string): Pick<CertifyInputs, "base" | "trained" | "bait" | "replication"> {
  if (!inputs.rollout) return { base: inputs.base, trained: inputs.trained, bait: inputs.bait, replication: inputs.replication };
  if (!inputs.banks_dir) throw new InputError(file, "was rolled out without --banks-dir, so its banks were not kept and it cannot be recomputed; certify with --banks-dir DIR");
  const path = (set: string, arm: string) => join(inputs.banks_dir!, `${set}.${arm}.jsonl`);
  const [primary, ...replications] = result.sets.map((s) => s.name);
  const bait = path(primary, "bait");
  return {
    base: path(primary, "base"),
    trained: path(primary, "trained"),
    ...(existsSync(bait) ? { bait } : {}),
    replication: replications.map((r) => `${r}=${path(r, "base")},${path(r, "trained")}`),
  };
}

export async function verifyCertificate(stored: Artifact<CertifyResult>, file: string, options: { preregLog?: string; cache?: string | false }, hooks: CertifyHooks = {}): Promise<VerifiedCertificate> {
  const inputs = (stored?.params as { inputs?: CertifyInputs } | undefined)?.inputs;
  if (stored?.kind !== "certify" || !inputs || !stored.result?.bindings) {
    throw new InputError(file, "is not a certificate certify can recompute (no params.inputs or result.bindings: written by the demo, by hand, or by an older version)");
  }
  const head = stored.result.bindings.registry?.head;
  const banks = bankInputs(inputs, stored.result, file);
  const again: CertifyInputs = {
    ...inputs,
    ...banks,
    rollout: undefined,
    banks_dir: undefined,
    prereg_log: options.preregLog ?? inputs.prereg_log,
    ...(options.cache !== undefined ? { cache: options.cache } : {}),
    anchors: [...inputs.anchors, ...(head ? [formatAnchor(head)] : [])],
  };
  const { artifact } = await runCertification(again, hooks);
  const described = (params: Record<string, unknown>) => ({ instrument: params.instrument, revised_instrument: params.revised_instrument });
  const changes = [
    ...diffPreregistrations(comparable(stored.result), comparable(artifact.result)).map((c) => ({ ...c, path: `result.${c.path}` })),
    ...diffPreregistrations(described(stored.params), described(artifact.params)).map((c) => ({ ...c, path: `params.${c.path}` })),
  ];
  if (changes.length > 0) throw new CertificateDiffers(changes, file);
  const from = [banks.base!, banks.trained!, ...(banks.bait ? [banks.bait] : []), ...banks.replication, again.prereg_log, ...(inputs.prereg ? [inputs.prereg] : [])];
  return { valid: true, recomputed_from: from, head: head ? formatAnchor(head) : "(none recorded)" };
}
