import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { bootstrapCi } from "../../src/stats/bootstrap.js";
import { mean } from "../../src/stats/mean.js";
import { meanCi } from "../../src/stats/mean-ci.js";

const DATA = [2.3, 4.1, 3.3, 5.8, 1.2, 4.4, 3.9, 6.1, 2.8, 3.0, 4.7, 5.2, 2.2, 3.6, 4.0, 7.3, 1.9, 3.4, 4.8, 2.6];

describe("bootstrapCi (percentile)", () => {
  it("agrees with scipy.stats.bootstrap(method='percentile') up to Monte Carlo error", () => {
    // st.bootstrap((data,), np.mean, n_resamples=20000, method='percentile', random_state=default_rng(1))
    // → CI [3.195, 4.505], standard_error 0.3375706621168871. Different RNGs, so compare within ~0.05.
    const r = bootstrapCi(DATA, mean, { resamples: 20000, seed: 1 });
    expect(r.estimate).toBeCloseTo(3.83, 12);
    expect(Math.abs(r.ci[0] - 3.195)).toBeLessThan(0.05);
    expect(Math.abs(r.ci[1] - 4.505)).toBeLessThan(0.05);
    expect(Math.abs(r.se - 0.3375706621168871)).toBeLessThan(0.01);
    expect(r).toMatchObject({ n: 20, resamples: 20000, level: 0.95, method: "percentile", seed: 1 });
  });
  it("is reproducible from its seed and changes with it", () => {
    const a = bootstrapCi(DATA, mean, { seed: "x" });
    expect(bootstrapCi(DATA, mean, { seed: "x" })).toEqual(a);
    expect(bootstrapCi(DATA, mean, { seed: "y" }).ci).not.toEqual(a.ci);
  });
  it("resamples whole rows (paired data stays paired)", () => {
    const pairs = DATA.map((x, i) => ({ a: x, b: x - 0.5 + (i % 3) * 0.1 }));
    const r = bootstrapCi(pairs, (rows) => mean(rows.map((p) => p.a - p.b)), { seed: 3 });
    expect(r.ci[0]).toBeGreaterThan(0.3);
    expect(r.ci[1]).toBeLessThan(0.5);
  });
  it("covers the true mean about 95% of the time (normal data, n = 30, 200 trials)", () => {
    let covered = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      // Standard normal data (Box–Muller on the project's seeded generator), true mean 0.
      const rng = createRng(`coverage-data:${t}`);
      const xs = Array.from({ length: 30 }, () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next()));
      const ci = bootstrapCi(xs, mean, { resamples: 400, seed: t }).ci;
      if (ci[0] <= 0 && 0 <= ci[1]) covered++;
    }
    // Percentile intervals undercover slightly at n = 30; 200 trials give ±3 points of noise.
    expect(covered / trials).toBeGreaterThan(0.85);
  });
  it("is close to the t interval for the mean of symmetric data", () => {
    const boot = bootstrapCi(DATA, mean, { resamples: 5000, seed: 9 });
    const t = meanCi(DATA);
    expect(Math.abs(boot.ci[0] - t.ci[0])).toBeLessThan(0.15);
    expect(Math.abs(boot.ci[1] - t.ci[1])).toBeLessThan(0.15);
  });
  it("refuses bad options and non-finite statistics", () => {
    expect(() => bootstrapCi([1], mean)).toThrow(/at least 2 rows/);
    expect(() => bootstrapCi(DATA, mean, { resamples: 10 })).toThrow(/resamples/);
    expect(() => bootstrapCi(DATA, () => Number.NaN)).toThrow(/finite/);
  });
});
