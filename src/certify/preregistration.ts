// Pre-registration (SPEC §6, seed 000 §2: "the project log recorded the run's hypothesis, its
// configuration changes, and its success bars" before launch). The file is validated, hashed over its
// canonical JSON, and stamped into every bank row when the banks are rolled out; `certify` recomputes
// the hash and refuses, naming each change, when the file no longer matches the stamp.
import { readFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { FoolsgoldError, InputError } from "../core/errors.js";
import { canonicalJson, hashOf } from "../core/hash.js";
import type { TranscriptRow } from "../core/types.js";
import { DEFAULT_GUARD_THRESHOLDS } from "./guards.js";

export const PREREGISTRATION_FORMAT = "foolsgold-preregistration/1";

const barSchema = z
  .object({
    /** "retention" (certified C), "on_band", or a component term name such as "taste". */
    metric: z.string().min(1),
    /** The mean paired delta must be at least this. */
    min_delta: z.number(),
    /** Optionally, the paired t must be at least this. */
    min_t: z.number().optional(),
  })
  .strict();

const guardSchema = z
  .object({
    trigram_diversity_drift: z.number().min(0).default(DEFAULT_GUARD_THRESHOLDS.trigram_diversity_drift),
    strict_laughter_rise_pp: z.number().default(DEFAULT_GUARD_THRESHOLDS.strict_laughter_rise_pp),
    audience_address_rise_pp: z.number().default(DEFAULT_GUARD_THRESHOLDS.audience_address_rise_pp),
    screen_fail_rise_pp: z.number().default(DEFAULT_GUARD_THRESHOLDS.screen_fail_rise_pp),
    zero_cert_rise: z.number().default(DEFAULT_GUARD_THRESHOLDS.zero_cert_rise),
    mean_reply_chars_change: z.number().min(0).optional(),
    completed_sessions_drop: z.number().min(0).optional(),
  })
  .strict();

export const preregistrationSchema = z
  .object({
    /** Editors' schema pointer; not part of the registered content (excluded from the hash). */
    $schema: z.string().optional(),
    format: z.literal(PREREGISTRATION_FORMAT),
    name: z.string().min(1),
    /** When the file was written; must precede the rollouts it is stamped into. */
    registered_at: z.iso.datetime({ offset: true }),
    hypothesis: z.string().min(1),
    config_changes: z.array(z.string()).default([]),
    /** The primary evaluation's seed set (a name in the seed-set registry). */
    seed_set: z.string().min(1).optional(),
    /** Disjoint seed sets repeating the evaluation; reported side by side and pooled. */
    replications: z.array(z.string().min(1)).default([]),
    bars: z.array(barSchema).min(1),
    guards: guardSchema.default(guardSchema.parse({})),
    /** Largest acceptable change of a delta when the scorer is revised (seed 000: 0.01). */
    scorer_tolerance: z.number().positive().default(0.01),
    /**
     * The scorer revision the primary banks are rescored under (humor option changes, e.g.
     * {"normalization":{"mode":"none"}}); when set, certify needs it and every trained − base shift
     * must stay within scorer_tolerance.
     */
    scorer_revision: z.record(z.string(), z.unknown()).optional(),
    /** A bait arm is part of the evaluation: it must be present and must trip at least one guard. */
    bait: z.boolean().default(true),
    /**
     * How many times an arm may be recorded again after its first record (`prereg record --revise`);
     * absent: none. Every revision is reported in the certificate.
     */
    allow_revisions: z.number().int().min(1).optional(),
  })
  .strict();

export type Preregistration = z.infer<typeof preregistrationSchema>;

/** The JSON Schema editors validate pre-registration files against (schemas/preregistration.schema.json). */
export function preregistrationJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(preregistrationSchema, { io: "input", target: "draft-2020-12" }),
    $id: "https://foolsgold.dev/schemas/preregistration.schema.json",
    title: "foolsgold pre-registration",
  };
}
export type Bar = z.infer<typeof barSchema>;

export function parsePreregistration(raw: unknown, where: string): Preregistration {
  const parsed = preregistrationSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${where}: ${issue.path.join(".") || "(root)"}`, issue.message);
  }
  return parsed.data;
}

export function loadPreregistration(path: string): Preregistration {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new InputError(path, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    throw new InputError(path, `is not valid YAML or JSON (${(err as Error).message})`);
  }
  return parsePreregistration(raw, path);
}

/**
 * The hash covers the validated content with defaults filled in, so spelling a default out changes
 * nothing; the editors' `$schema` pointer is left out.
 */
export function preregistrationHash(p: Preregistration): string {
  return hashOf({ ...p, $schema: undefined });
}

export interface PreregistrationStamp {
  hash: string;
  name: string;
  registered_at: string;
  /** When the bank was rolled out under this pre-registration. */
  stamped_at: string;
  /** The registered content, so a later change can be named, not just detected. */
  content: Preregistration;
  /** The registry entry the rollout ran under (seq, entry hash, registry time). */
  registry?: { seq: number; entry_hash: string; at: string };
}

export function makeStamp(p: Preregistration, stampedAt: Date = new Date(), registration?: { seq: number; hash: string; at: string }): PreregistrationStamp {
  if (Date.parse(p.registered_at) > stampedAt.getTime()) {
    throw new InputError("pre-registration", `registered_at ${p.registered_at} is after the rollout (${stampedAt.toISOString()}); a pre-registration must be written before the rollouts`);
  }
  if (registration && Date.parse(registration.at) > stampedAt.getTime()) {
    throw new InputError("pre-registration", `registry entry ${registration.seq} is dated ${registration.at}, after the rollout (${stampedAt.toISOString()})`);
  }
  return {
    hash: preregistrationHash(p),
    name: p.name,
    registered_at: p.registered_at,
    stamped_at: stampedAt.toISOString(),
    content: p,
    ...(registration ? { registry: { seq: registration.seq, entry_hash: registration.hash, at: registration.at } } : {}),
  };
}

/** Returns new rows whose meta carries the stamp; the rows themselves are not modified. */
export function stampRows<T extends TranscriptRow>(rows: readonly T[], stamp: PreregistrationStamp): T[] {
  return rows.map((row) => ({ ...row, meta: { ...(row.meta ?? {}), preregistration: stamp } }));
}

/** One changed field between two pre-registrations, by JSON path. */
export interface PreregistrationChange {
  path: string;
  registered: unknown;
  now: unknown;
}

export function diffPreregistrations(registered: unknown, now: unknown, path = ""): PreregistrationChange[] {
  if (canonicalJson(registered) === canonicalJson(now)) return [];
  const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object";
  if (Array.isArray(registered) && Array.isArray(now)) {
    const out: PreregistrationChange[] = [];
    for (let i = 0; i < Math.max(registered.length, now.length); i++) out.push(...diffPreregistrations(registered[i], now[i], `${path}[${i}]`));
    return out;
  }
  if (isObj(registered) && isObj(now) && !Array.isArray(registered) && !Array.isArray(now)) {
    const keys = [...new Set([...Object.keys(registered), ...Object.keys(now)])].sort();
    return keys.flatMap((k) => diffPreregistrations(registered[k], now[k], path ? `${path}.${k}` : k));
  }
  return [{ path: path || "(root)", registered, now }];
}

/** Thrown when banks were stamped with a different pre-registration than the one given now. */
export class PreregistrationMismatch extends FoolsgoldError {
  constructor(
    readonly changes: PreregistrationChange[],
    message: string,
  ) {
    super("preregistration_mismatch", message);
    this.name = "PreregistrationMismatch";
  }
}

const show = (v: unknown) => (v === undefined ? "(absent)" : JSON.stringify(v));

/**
 * Checks every row of every arm carries one stamp whose hash matches `p`. Returns the stamp; throws
 * PreregistrationMismatch naming each changed field, or InputError when rows are unstamped.
 */
export function verifyStamps(arms: Record<string, readonly TranscriptRow[]>, p: Preregistration): PreregistrationStamp {
  const stamps = new Map<string, PreregistrationStamp>();
  for (const [arm, rows] of Object.entries(arms)) {
    rows.forEach((row, i) => {
      const stamp = row.meta?.preregistration as PreregistrationStamp | undefined;
      if (!stamp || typeof stamp.hash !== "string") {
        throw new InputError(`${arm} bank row ${i + 1} (seed ${row.seed})`, "carries no pre-registration stamp (meta.preregistration); roll the banks out with --prereg, or pass --allow-unregistered to certify without one");
      }
      stamps.set(stamp.hash, stamp);
    });
  }
  if (stamps.size > 1) {
    throw new PreregistrationMismatch([], `banks carry ${stamps.size} different pre-registration stamps (${[...stamps.values()].map((s) => `${s.name} ${s.hash.slice(0, 12)}`).join(", ")}); all arms must be rolled out under one`);
  }
  const stamp = [...stamps.values()][0];
  const contentHash = preregistrationHash(stamp.content);
  if (contentHash !== stamp.hash) {
    throw new PreregistrationMismatch([], `the stamp in the banks is inconsistent: its content hashes to ${contentHash.slice(0, 12)}, not the stamped ${stamp.hash.slice(0, 12)} (edited banks?)`);
  }
  const hash = preregistrationHash(p);
  if (stamp.hash !== hash) {
    const changes = diffPreregistrations({ ...stamp.content, $schema: undefined }, { ...p, $schema: undefined });
    const listed = changes.map((c) => `${c.path}: ${show(c.registered)} -> ${show(c.now)}`).join("; ");
    throw new PreregistrationMismatch(changes, `pre-registration changed since the banks were rolled out (stamped ${stamp.hash.slice(0, 12)}, now ${hash.slice(0, 12)}): ${listed || "content differs"}`);
  }
  if (Date.parse(stamp.registered_at) > Date.parse(stamp.stamped_at)) {
    throw new PreregistrationMismatch([], `pre-registration "${stamp.name}" is dated ${stamp.registered_at}, after the rollout stamped ${stamp.stamped_at}`);
  }
  return stamp;
}
