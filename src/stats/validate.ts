// Input checks shared by the statistics: a statistic on too few or non-finite values is an error that
// names the function and the problem, never a silent NaN.
import { InputError } from "../core/errors.js";

export function checkSample(fn: string, xs: readonly number[], minN: number, name = "values"): void {
  if (xs.length < minN) {
    throw new InputError(fn, `needs at least ${minN} ${name}, got ${xs.length}`);
  }
  for (let i = 0; i < xs.length; i++) {
    if (!Number.isFinite(xs[i])) throw new InputError(fn, `${name}[${i}] is ${xs[i]}, not a finite number`);
  }
}

export function checkSameLength(fn: string, a: readonly unknown[], b: readonly unknown[], names = ["a", "b"]): void {
  if (a.length !== b.length) {
    throw new InputError(fn, `${names[0]} and ${names[1]} must pair up: lengths ${a.length} and ${b.length}`);
  }
}

export function checkLevel(fn: string, level: number): void {
  if (!(level > 0 && level < 1)) throw new InputError(fn, `confidence level must be in (0, 1), got ${level}`);
}
