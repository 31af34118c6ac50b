// What a kind's view needs from an artifact's result, checked before it is drawn, so a file whose body
// does not match its kind gets a sentence naming the field instead of a crash.
import { isObj } from "./format.ts";

const typeName = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : typeof v);

/** Fields of the result each kind's view reads, with the type it needs. */
const NEEDS: Record<string, Record<string, "array" | "object" | "boolean">> = {
  certify: { sets: "array", guards_fired: "array", certified: "boolean" },
  hunt: { findings: "array", classes: "array" },
  probe: { suffixes: "array", paths: "array" },
};

export function shapeProblem(kind: keyof typeof NEEDS, result: unknown, where = "result"): string | null {
  if (!isObj(result)) return `${where} must be an object, got ${typeName(result)}`;
  for (const [field, type] of Object.entries(NEEDS[kind])) {
    const v = result[field];
    const ok = type === "array" ? Array.isArray(v) : type === "object" ? isObj(v) : typeof v === type;
    if (!ok) {
      const has = Object.keys(result).slice(0, 6).join(", ");
      return `${where}.${field} must be ${type === "array" ? "an array" : `a ${type}`}, got ${v === undefined ? "nothing" : typeName(v)} (this ${where} has ${has || "no fields"})`;
    }
  }
  return null;
}
