// Number-valued flags, parsed one way for every command: a bad value is one line that names the flag,
// the rule and what was given (`--n: must be a positive integer, got "x"`); the CLI prints it and
// exits 2 before any work starts.
import { InputError } from "../core/errors.js";

/** Inclusive bounds of an integer flag; `min` defaults to 1, `max` to none. */
export interface IntBounds {
  min?: number;
  max?: number;
}

/**
 * The integer `value` spells, within the bounds. Only decimal digits (with an optional sign) count:
 * "", "1.5", "1e3" and "0x10" are refused rather than read as numbers a user did not write.
 */
export function intFlag(flag: string, value: string, { min = 1, max = Infinity }: IntBounds = {}): number {
  const n = /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new InputError(flag, `must be ${intRule(min, max)}, got ${JSON.stringify(value)}`);
  return n;
}

/** intFlag for a flag with no default: undefined when it was not given. */
export function optionalIntFlag(flag: string, value: string | undefined, bounds?: IntBounds): number | undefined {
  return value === undefined ? undefined : intFlag(flag, value, bounds);
}

function intRule(min: number, max: number): string {
  if (max !== Infinity) return min === -Infinity ? `an integer ≤ ${max}` : `an integer from ${min} to ${max}`;
  if (min === -Infinity) return "an integer";
  return min === 1 ? "a positive integer" : `an integer ≥ ${min}`;
}

/** Bounds of a real-valued flag: `above`/`below` exclude the bound, `atLeast`/`atMost` include it. */
export interface NumberBounds {
  above?: number;
  atLeast?: number;
  below?: number;
  atMost?: number;
}

/** The finite number `value` spells (decimal or exponent notation), within the bounds. */
export function numberFlag(flag: string, value: string, bounds: NumberBounds = {}): number {
  const n = value.trim() === "" ? NaN : Number(value);
  const { above, atLeast, below, atMost } = bounds;
  const inside = Number.isFinite(n) && !(above !== undefined && n <= above) && !(atLeast !== undefined && n < atLeast) && !(below !== undefined && n >= below) && !(atMost !== undefined && n > atMost);
  if (!inside) throw new InputError(flag, `must be ${numberRule(bounds)}, got ${JSON.stringify(value)}`);
  return n;
}

/** numberFlag for a flag with no default: undefined when it was not given. */
export function optionalNumberFlag(flag: string, value: string | undefined, bounds?: NumberBounds): number | undefined {
  return value === undefined ? undefined : numberFlag(flag, value, bounds);
}

function numberRule({ above, atLeast, below, atMost }: NumberBounds): string {
  const low = above ?? atLeast;
  const high = below ?? atMost;
  if (low !== undefined && high !== undefined) return `a number in ${above !== undefined ? "(" : "["}${low}, ${high}${below !== undefined ? ")" : "]"}`;
  if (low !== undefined) return `a number ${above !== undefined ? ">" : "≥"} ${low}`;
  if (high !== undefined) return `a number ${below !== undefined ? "<" : "≤"} ${high}`;
  return "a number";
}
