// The options schema of a composed stack, derived from its terms: one strict object, so an unknown
// option is an error naming the key. "flat" merges every term's option keys (and the stack's own) into
// one object — the layout the shipped stacks' configs use; two terms may share a key only through the
// same schema. "nested" keys each term's options by the term's name. A preset fills defaults under
// what the user gave (one level deep for objects).
import { z } from "zod";
import type { TermOptionsSchema } from "../terms/types.js";

/** What declares options: a term's metadata or a resource a term needs. */
export interface OptionOwner {
  name: string;
  options: TermOptionsSchema;
  /** "term" or "resource", for messages. */
  label: string;
}

export type OptionLayout = "flat" | "nested";

export interface Presets {
  default: string;
  values: Record<string, Record<string, unknown>>;
}

export interface StackOptionsPlan {
  schema: z.ZodType<Record<string, unknown>>;
  /** The resolved options of one term or resource, out of the stack's resolved options. */
  termOptions(owner: Omit<OptionOwner, "label">, resolved: Record<string, unknown>): Record<string, unknown>;
}

export function planStackOptions(stack: string, owners: readonly OptionOwner[], own: TermOptionsSchema | undefined, layout: OptionLayout, presets: Presets | undefined): StackOptionsPlan {
  const shape: Record<string, z.ZodType> = {};
  const owner: Record<string, string> = {};
  const add = (key: string, schema: z.ZodType, from: string) => {
    if (key in shape && shape[key] !== schema) throw new Error(`composeStack ${stack}: option "${key}" is declared by both ${owner[key]} and ${from}`);
    shape[key] = schema;
    owner[key] = from;
  };
  for (const [key, schema] of Object.entries(own?.shape ?? {})) add(key, schema as z.ZodType, "the stack");
  for (const owner of owners) {
    const from = `${owner.label} ${owner.name}`;
    if (layout === "nested") add(owner.name, owner.options.prefault({}), from);
    else for (const [key, schema] of Object.entries(owner.options.shape)) add(key, schema as z.ZodType, from);
  }
  if (presets) {
    const names = Object.keys(presets.values);
    if (!names.includes(presets.default)) throw new Error(`composeStack ${stack}: default preset "${presets.default}" is not among ${names.join(", ")}`);
    add("preset", z.enum(names as [string, ...string[]]).default(presets.default), "the presets");
  }
  const object = z.strictObject(shape);
  const schema = presets ? z.preprocess((raw) => withPreset(raw, presets), object) : object;
  return {
    schema: schema as unknown as z.ZodType<Record<string, unknown>>,
    termOptions(owner, resolved) {
      if (layout === "nested") return resolved[owner.name] as Record<string, unknown>;
      return Object.fromEntries(Object.keys(owner.options.shape).map((key) => [key, resolved[key]]));
    },
  };
}

function withPreset(raw: unknown, presets: Presets): unknown {
  if (raw === undefined) raw = {};
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const given = raw as Record<string, unknown>;
  const name = typeof given.preset === "string" ? given.preset : presets.default;
  // An unknown preset is filled from the default one, so the enum's error (naming `preset` and the
  // allowed values) is the only one, not buried under every field the preset would have filled.
  const base = presets.values[name] ?? presets.values[presets.default];
  if (!base) return raw;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(given)) out[key] = isPlainObject(value) && isPlainObject(base[key]) ? { ...base[key], ...value } : value;
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
