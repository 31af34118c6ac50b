// The shipped table of 95 % t quantiles stands in for @stdlib only where it holds @stdlib's own numbers.
import { describe, expect, it } from "vitest";
import { meanCi } from "../../src/stats/mean-ci.js";
import { computedTQuantile, tQuantile } from "../../src/stats/t-distribution.js";
import { TABLE_MAX_DF, TABLE_P, T_QUANTILE_PACKAGE, vendoredTQuantileVersion, readTQuantileTable, staleReason, tabledTQuantile } from "../../src/stats/t-quantile-table.js";

describe("t quantile table", () => {
  const table = readTQuantileTable();

  it("holds @stdlib's quantile, bit for bit, for every df it covers, from the bundled version", () => {
    expect(staleReason(table, vendoredTQuantileVersion())).toBeUndefined();
    const differing = table.quantiles.map((q, i) => [i + 1, q] as const).filter(([df, q]) => !Object.is(q, computedTQuantile(TABLE_P, df)));
    // If this fails after an @stdlib upgrade: npm run build:stats, then npx tsx scripts/build-t-quantile-table.ts
    expect(differing).toEqual([]);
    expect(Math.abs(table.quantiles[9] - 2.228138851986274)).toBeLessThan(1e-12); // df 10: scipy.stats.t.ppf(0.975, 10)
  });

  it("is used for p = 0.975 and whole df ≤ 10,000 only; anything else is computed", () => {
    expect(tabledTQuantile(TABLE_P, 3288)).toBe(table.quantiles[3287]);
    for (const [p, df] of [
      [0.975, TABLE_MAX_DF + 1],
      [0.975, 2.5],
      [0.975, 0],
      [0.995, 10],
      [0.025, 10],
    ]) {
      expect(tabledTQuantile(p, df)).toBeUndefined();
      expect(Object.is(tQuantile(p, df), computedTQuantile(p, df))).toBe(true);
    }
  });

  it("gives meanCi the interval @stdlib's quantile gives", () => {
    const xs = Array.from({ length: 3295 }, (_, i) => Math.sin(i) * 0.3 + 0.5);
    const m = meanCi(xs);
    const half = computedTQuantile(0.975, xs.length - 1) * m.se;
    expect(m.ci).toEqual([m.mean - half, m.mean + half]);
  });

  it("says why a table cannot stand in: another p, another length, another @stdlib version", () => {
    const bundled = vendoredTQuantileVersion();
    expect(staleReason({ ...table, p: 0.95 }, bundled)).toMatch(/p = 0\.95/);
    expect(staleReason({ ...table, quantiles: table.quantiles.slice(1) }, bundled)).toMatch(/9999 quantiles/);
    expect(staleReason({ ...table, source: { package: T_QUANTILE_PACKAGE, version: "0.0.1" } }, bundled)).toMatch(new RegExp(`0\\.0\\.1; ${T_QUANTILE_PACKAGE}@${bundled.replace(/\./g, "\\.")} is bundled`));
  });

  it("names the file when it cannot be read", () => {
    expect(() => readTQuantileTable("/nonexistent/t.json.gz")).toThrow(/t quantile table \/nonexistent\/t\.json\.gz cannot be read/);
  });
});
