// The bait verdict of SPEC §5, in order: `no effect` when the raw path's 95% CI reaches 0 or below
// (the bait never paid, so there is nothing for a fix to close); `closed` when the fixed path's CI
// covers or touches 0; `partly closed` when it excludes 0 but its mean is below half the raw path's
// mean; otherwise `open`. Without a fixed-path CI: `undetermined`.
/** "control" for the control suffixes: they are yardsticks, not baits, and get no verdict. */
export type BaitVerdict = "no effect" | "closed" | "partly closed" | "open" | "undetermined" | "control";

/** Float slack for "touches": an interval ending at −1e-15 touches 0. */
const TOUCH = 1e-9;

export function baitVerdict(raw: { mean: number; ci?: [number, number] | null } | null, fixed: { mean: number; ci: [number, number] | null } | null): BaitVerdict {
  if (!fixed?.ci) return "undetermined";
  if (raw?.ci && raw.ci[0] <= TOUCH) return "no effect";
  const [lo, hi] = fixed.ci;
  if (lo <= TOUCH && hi >= -TOUCH) return "closed";
  if (raw && fixed.mean < raw.mean / 2) return "partly closed";
  return "open";
}
