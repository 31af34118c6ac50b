// The five @stdlib distribution functions bundled into src/stats/vendor/stdlib-dists.js (so the installed
// package needs no @stdlib): the same numbers as the @stdlib packages themselves, to the last bit, and
// the file is what scripts/build-stats-vendor.mjs writes from the installed (dev) @stdlib now.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { VENDOR_JS, VENDOR_LICENSE, VENDORED, buildStdlibVendor } from "../../scripts/build-stats-vendor.mjs";
import { STDLIB_VERSIONS, chisquareCdf, normalCdf, normalQuantile, tCdf, tQuantile } from "../../src/stats/vendor/stdlib-dists.js";

const require = createRequire(import.meta.url);
const vendored: Record<keyof typeof VENDORED, (...args: number[]) => number> = { normalCdf, normalQuantile, chisquareCdf, tCdf, tQuantile };
type Fn = (...args: number[]) => number;
const original = (name: keyof typeof VENDORED): Fn => require(VENDORED[name]) as Fn;

const range = (from: number, to: number, step: number) => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);
const SPECIAL = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0, -0];
/** Probabilities from deep in both tails to the middle, and a few outside [0, 1]. */
const PROBABILITIES = [...[1e-300, 1e-200, 1e-100, 1e-50, 1e-20, 1e-12, 1e-8, 1e-6, 1e-4].flatMap((p) => [p, 1 - p]), ...range(0.001, 0.999, 0.002), 0.025, 0.975, 1 - (1 - 0.95) / 2, 0, 1, -0.1, 1.1, Number.NaN];
const DEGREES = [0.1, 0.5, 1, 1.5, 2, 3, 4, 5, 7.5, 10, 29, 30, 100, 999, 1000, 10_000, 1e6, 1e12, Number.POSITIVE_INFINITY, 0, -1, Number.NaN];

/** Inputs where the vendored function and @stdlib's package give different bits (Object.is), and how many were compared. */
function differences(name: keyof typeof VENDORED, grid: number[][]): { compared: number; differing: string[] } {
  const mine = vendored[name];
  const theirs = original(name);
  const differing = grid.filter((args) => !Object.is(mine(...args), theirs(...args))).map((args) => `${name}(${args.join(", ")}): ${mine(...args)} vs ${theirs(...args)}`);
  return { compared: grid.length, differing };
}

describe("the vendored @stdlib distribution functions", () => {
  it("give @stdlib's own numbers to the last bit on a grid of inputs", () => {
    const zs = [...range(-40, 40, 0.05), -1e3, 1e3, ...SPECIAL];
    const xs = [...range(0, 20, 0.05), ...range(20, 2000, 7.3), 1e-300, 1e-10, 1e5, 1e12, -1, ...SPECIAL];
    const ts = [...range(-12, 12, 0.05), -1e3, -50, 50, 1e3, 1e-300, ...SPECIAL];
    const grids: [keyof typeof VENDORED, number[][]][] = [
      ["normalCdf", [...zs.map((z) => [z, 0, 1]), ...zs.map((z) => [z, 2.5, 0.3]), [1, 0, 0], [1, 0, -1], [1, Number.NaN, 1]]],
      ["normalQuantile", [...PROBABILITIES.map((p) => [p, 0, 1]), ...PROBABILITIES.map((p) => [p, -3, 7]), [0.5, 0, 0], [0.5, 0, -1]]],
      ["chisquareCdf", DEGREES.flatMap((k) => xs.map((x) => [x, k]))],
      ["tCdf", DEGREES.flatMap((v) => ts.map((t) => [t, v]))],
      ["tQuantile", [...DEGREES.flatMap((v) => PROBABILITIES.map((p) => [p, v])), ...range(1, 400, 1).map((v) => [0.975, v])]],
    ];
    let compared = 0;
    for (const [name, grid] of grids) {
      const found = differences(name, grid);
      expect(found.differing, name).toEqual([]);
      compared += found.compared;
    }
    expect(compared).toBeGreaterThan(40_000); // 42,073 calls of each implementation
    // And they are the distributions they claim to be (scipy.stats values).
    expect(normalQuantile(0.975, 0, 1)).toBeCloseTo(1.959963984540054, 14);
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.228138851986274, 13);
    expect(chisquareCdf(3.841458820694124, 1)).toBeCloseTo(0.95, 14);
    expect(normalCdf(-30, 0, 1) / 4.906713927148187e-198).toBeCloseTo(1, 10);
  }, 120_000);

  it("record the @stdlib version of each export, as installed for the build", () => {
    expect(STDLIB_VERSIONS).toEqual(Object.fromEntries(Object.values(VENDORED).map((pkg) => [pkg, (require(`${pkg}/package.json`) as { version: string }).version])));
  });

  it("need no @stdlib package at run time: the bundle reaches only Node's builtins", () => {
    const js = readFileSync(VENDOR_JS, "utf8");
    const required = [...js.matchAll(/\b(?:__require|require)\(\s*"([^"]+)"\s*\)|\bfrom\s+"([^"]+)"/g)].map((m) => m[1] ?? m[2]);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((spec) => !/^(?:node:)?(?:tty|util|fs|net|module)$/.test(spec))).toEqual([]);
  });

  it("are what npm run build:stats writes now (rerun it after upgrading @stdlib)", async () => {
    const built = await buildStdlibVendor();
    expect(readFileSync(VENDOR_JS, "utf8") === built.js, "src/stats/vendor/stdlib-dists.js is stale: npm run build:stats").toBe(true);
    expect(readFileSync(VENDOR_LICENSE, "utf8") === built.license, "src/stats/vendor/stdlib-dists.LICENSE.txt is stale: npm run build:stats").toBe(true);
    // The license file carries Apache-2.0 and every bundled package's third-party attribution.
    expect(built.license).toContain("Apache License");
    expect(built.license).toContain("Version 2.0, January 2004");
    for (const pkg of Object.keys(built.packages)) {
      expect(built.js, pkg).toContain(`${pkg}@${built.packages[pkg]}`);
    }
    expect(Object.keys(built.packages)).toEqual(expect.arrayContaining(Object.values(VENDORED)));
  }, 120_000);
});
