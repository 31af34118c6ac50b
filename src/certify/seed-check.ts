// Banks rolled out elsewhere still have to be on never-trained-on seeds (SPEC §4, §6): every seed is
// checked against the registry's training splits (refused) and decision sets (warned unless declared).
import { InputError } from "../core/errors.js";
import { assertEvaluationSet, loadSeedRegistry, type SeedRegistry } from "../envs/humor/seed-sets.js";

export interface SeedCheck {
  /** Overlaps with sets already used for a decision, not declared. */
  warnings: string[];
  declared: string[];
}

/** `own` is the registered set the banks claim to be (the pre-registration's): its own seeds are no overlap. */
export function checkBankSeeds(registry: SeedRegistry, seeds: readonly number[], where: string, declaredOverlaps: readonly string[] = [], own?: string): SeedCheck {
  const out: SeedCheck = { warnings: [], declared: [] };
  for (const set of registry.sets) {
    if (own !== undefined && set.name === own && set.purpose !== "training") {
      const outside = seeds.filter((s) => s < set.offset || s >= set.offset + set.size);
      if (outside.length > 0) throw new InputError(where, `${outside.length} seed(s) lie outside the pre-registered set "${own}" (e.g. ${outside.slice(0, 3).join(", ")})`);
      continue;
    }
    const inside = seeds.filter((s) => s >= set.offset && s < set.offset + set.size);
    if (inside.length === 0) continue;
    const what = `${inside.length} seed(s) of "${set.name}" (e.g. ${inside.slice(0, 3).join(", ")})`;
    if (set.purpose === "training") throw new InputError(where, `evaluation refused: ${what} belong to a training split`);
    if (declaredOverlaps.includes(set.name)) out.declared.push(`declared overlap: ${what}`);
    else if (set.used_for_decision || set.purpose === "decision") out.warnings.push(`${what}, a set already used for a decision (declare it to silence this)`);
  }
  return out;
}

/** A pre-registration's seed sets must be evaluation sets of the registry (never a training split). */
export function assertPreregSeedSets(p: { seed_set?: string; replications: string[] }, registryPath?: string): void {
  const registry = loadSeedRegistry(registryPath);
  if (p.seed_set !== undefined) assertEvaluationSet(registry, p.seed_set, "seed_set");
  p.replications.forEach((r, i) => assertEvaluationSet(registry, r, `replications[${i}]`));
}
