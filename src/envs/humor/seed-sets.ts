// The seed-set registry (SPEC §4): named ranges of session seeds with their purpose. An evaluation whose
// seeds overlap a training split is refused; an undeclared overlap with a set already used for a
// decision is a warning; declared overlaps (eval5 began with eval4's seeds on purpose) are allowed.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { InputError } from "../../core/errors.js";

export const SEED_REGISTRY_FORMAT = "foolsgold-seed-sets/1";

const seedSetSchema = z.object({
  name: z.string().min(1),
  offset: z.number().int().min(0),
  size: z.number().int().min(1),
  purpose: z.enum(["training", "evaluation", "decision", "replication"]),
  /** Results on this set have informed a decision (so later evaluations should not reuse it silently). */
  used_for_decision: z.boolean().optional(),
  /** Names of sets this one overlaps on purpose. */
  declared_overlaps: z.array(z.string()).optional(),
  /** For a replication: the evaluation it repeats on fresh seeds. */
  replicates: z.string().optional(),
  note: z.string().optional(),
});

export const seedRegistrySchema = z.object({
  format: z.literal(SEED_REGISTRY_FORMAT),
  note: z.string().optional(),
  sets: z.array(seedSetSchema),
});

export type SeedSet = z.infer<typeof seedSetSchema>;

/** JSON Schema of the registry file, for editors. */
export function seedRegistryJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(seedRegistrySchema) as Record<string, unknown>;
}
export type SeedRegistry = z.infer<typeof seedRegistrySchema>;

export function parseSeedRegistry(raw: unknown, where: string): SeedRegistry {
  const parsed = seedRegistrySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${where}: ${issue.path.join(".") || "(root)"}`, issue.message);
  }
  const seen = new Set<string>();
  for (const [i, set] of parsed.data.sets.entries()) {
    if (seen.has(set.name)) throw new InputError(`${where}: sets.${i}.name`, `duplicate seed set name "${set.name}"`);
    seen.add(set.name);
  }
  for (const [i, set] of parsed.data.sets.entries()) {
    for (const other of [...(set.declared_overlaps ?? []), ...(set.replicates ? [set.replicates] : [])]) {
      if (!seen.has(other)) throw new InputError(`${where}: sets.${i}`, `refers to unknown seed set "${other}"`);
    }
  }
  return parsed.data;
}

export function loadSeedRegistry(path?: string): SeedRegistry {
  const file = path ?? new URL("./seed-sets.json", import.meta.url);
  const where = path ?? "built-in seed-sets.json";
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new InputError(where, `cannot be read as JSON (${(err as Error).message})`);
  }
  return parseSeedRegistry(raw, where);
}

export function findSeedSet(registry: SeedRegistry, name: string): SeedSet {
  const found = registry.sets.find((s) => s.name === name);
  if (!found) throw new InputError("seed set", `unknown seed set "${name}"; known: ${registry.sets.map((s) => s.name).join(", ")}`);
  return found;
}

/** The seeds of a set (or of its first `limit` seeds). */
export function seedsOf(set: Pick<SeedSet, "offset" | "size">, limit = set.size): number[] {
  return Array.from({ length: Math.min(limit, set.size) }, (_, i) => set.offset + i);
}

/** The half-open seed range two sets share, or null. */
export function overlapOf(a: Pick<SeedSet, "offset" | "size">, b: Pick<SeedSet, "offset" | "size">): [number, number] | null {
  const lo = Math.max(a.offset, b.offset);
  const hi = Math.min(a.offset + a.size, b.offset + b.size);
  return lo < hi ? [lo, hi] : null;
}

export interface EvaluationCheck {
  /** Overlaps that forbid the evaluation (training splits). */
  refused: string[];
  /** Undeclared overlaps with sets already used for a decision. */
  warnings: string[];
  /** Overlaps that were declared and are allowed. */
  declared: string[];
}

/**
 * Checks seeds an evaluation wants to use against every registered set. `target` is a registered set
 * or an ad-hoc range ({offset, size}, with optional declared overlaps).
 */
export function checkEvaluationSeeds(registry: SeedRegistry, target: Pick<SeedSet, "offset" | "size"> & Partial<Pick<SeedSet, "name" | "declared_overlaps">>): EvaluationCheck {
  const check: EvaluationCheck = { refused: [], warnings: [], declared: [] };
  const declared = new Set(target.declared_overlaps ?? []);
  for (const set of registry.sets) {
    if (target.name !== undefined && set.name === target.name) {
      // The target itself: its purpose decides, its own seeds are no overlap.
      if (set.purpose === "training") check.refused.push(`"${set.name}" is a training split, not an evaluation set`);
      continue;
    }
    const shared = overlapOf(target, set);
    if (!shared) continue;
    const span = `seeds ${shared[0]}–${shared[1] - 1} (${shared[1] - shared[0]})`;
    if (set.purpose === "training") check.refused.push(`overlaps training split "${set.name}" on ${span}`);
    else if (declared.has(set.name)) check.declared.push(`declared overlap with "${set.name}" on ${span}`);
    else if (set.used_for_decision || set.purpose === "decision") check.warnings.push(`overlaps "${set.name}", already used for a decision, on ${span} (declare it to silence this)`);
  }
  return check;
}

/** Throws an InputError naming every training split the evaluation would reuse. */
export function assertEvaluationAllowed(registry: SeedRegistry, target: Pick<SeedSet, "offset" | "size"> & Partial<Pick<SeedSet, "name" | "declared_overlaps">>): EvaluationCheck {
  const check = checkEvaluationSeeds(registry, target);
  if (check.refused.length > 0) {
    const label = target.name ?? `seeds ${target.offset}+${target.size}`;
    throw new InputError(label, `evaluation refused: ${check.refused.join("; ")}`);
  }
  return check;
}

/**
 * A pre-registered evaluation set (seed_set or a replication) must be a registered set whose purpose
 * is an evaluation and whose seeds touch no training split.
 */
export function assertEvaluationSet(registry: SeedRegistry, name: string, where: string): SeedSet {
  const set = registry.sets.find((s) => s.name === name);
  if (!set) throw new InputError(where, `unknown seed set "${name}"; known: ${registry.sets.map((s) => s.name).join(", ")}`);
  if (set.purpose === "training") throw new InputError(where, `"${name}" is a training split; an evaluation must be on never-trained-on seeds (purpose evaluation, decision or replication)`);
  assertEvaluationAllowed(registry, set);
  return set;
}

/** The replications registered for an evaluation; they must be pairwise disjoint to be pooled. */
export function replicationsOf(registry: SeedRegistry, evaluation: string): SeedSet[] {
  const reps = registry.sets.filter((s) => s.replicates === evaluation);
  const all = [findSeedSet(registry, evaluation), ...reps];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) if (overlapOf(all[i], all[j])) throw new InputError(`seed set "${all[j].name}"`, `replication overlaps "${all[i].name}"; replications must use disjoint seeds`);
  return reps;
}
