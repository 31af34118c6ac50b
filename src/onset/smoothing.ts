// Centred moving average used by the CHERRL reference onset (cherrl_reference_onset_definition.json:
// "centered 5-step window mean (radius=2), computed only if at least 3 valid points in window").
// Undefined points (null) are skipped; a window with fewer than `minValid` defined points is null.
// The window is over positions in the step-sorted series, so a missing step shrinks nothing.

export function centredMean(values: readonly (number | null)[], radius = 2, minValid = 3): (number | null)[] {
  const out: (number | null)[] = new Array(values.length).fill(null);
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    let n = 0;
    for (let j = Math.max(0, i - radius); j <= Math.min(values.length - 1, i + radius); j++) {
      const v = values[j];
      if (v === null || Number.isNaN(v)) continue;
      sum += v;
      n++;
    }
    out[i] = n >= minValid ? sum / n : null;
  }
  return out;
}
