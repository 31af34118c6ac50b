// Expected values from scipy 1.17 on this machine (calls named beside each).
import { describe, expect, it } from "vitest";
import { meanCi, oneSampleT } from "../../src/stats/mean-ci.js";
import { pairedT } from "../../src/stats/paired-t.js";
import { welchT } from "../../src/stats/welch-t.js";
import { expectClose } from "./close.js";

const A = [0.61, 0.72, 0.55, 0.8, 0.66, 0.59, 0.74, 0.7, 0.63, 0.68];
const B = [0.58, 0.7, 0.57, 0.71, 0.6, 0.61, 0.69, 0.66, 0.6, 0.65];

describe("pairedT", () => {
  it("matches scipy.stats.ttest_rel(a, b) and its confidence_interval(0.95)", () => {
    const r = pairedT(A, B);
    expect(r.n).toBe(10);
    expect(r.df).toBe(9);
    expectClose(r.meanDiff, 0.031000000000000028, 1e-12);
    expectClose(r.sd, 0.033482997343593834, 1e-10);
    expectClose(r.t, 2.9277727575955996, 1e-9);
    expectClose(r.p, 0.01681781926612476, 1e-8);
    expectClose(r.ci95[0], 0.0070477066176627585, 1e-9);
    expectClose(r.ci95[1], 0.0549522933823373, 1e-9);
    expectClose(r.se, r.sd / Math.sqrt(10), 1e-12);
  });
  it("follows scipy on zero-variance differences", () => {
    const shifted = pairedT([1, 2, 3], [0, 1, 2]);
    expect(shifted.t).toBe(Number.POSITIVE_INFINITY);
    expect(shifted.p).toBe(0);
    expect(shifted.ci95).toEqual([1, 1]);
    const same = pairedT([1, 2, 3], [1, 2, 3]);
    expect(same.t).toBeNaN();
    expect(same.p).toBeNaN();
  });
  it("refuses unpaired or too-short input", () => {
    expect(() => pairedT([1, 2, 3], [1, 2])).toThrow(/lengths 3 and 2/);
    expect(() => pairedT([1], [2])).toThrow(/at least 2/);
  });
});

describe("oneSampleT / meanCi", () => {
  it("matches scipy.stats.ttest_1samp([1,2,3,4,5], 2.0) and its interval", () => {
    const r = oneSampleT([1, 2, 3, 4, 5], 2);
    expectClose(r.t, Math.SQRT2, 1e-12);
    expectClose(r.p, 0.2301996410804989, 1e-9);
    expectClose(r.ci[0], 1.0367568385224428, 1e-10);
    expectClose(r.ci[1], 4.963243161477557, 1e-10);
  });
  it("supports other levels: ttest_1samp(...).confidence_interval(0.90)", () => {
    const r = meanCi([1, 2, 3, 4, 5], 0.9);
    expectClose(r.ci[0], 1.4925566809376762, 1e-10);
    expectClose(r.ci[1], 4.507443319062323, 1e-10);
    expect(() => meanCi([1, 2], 1.2)).toThrow(/level/);
  });
});

describe("welchT", () => {
  it("matches scipy.stats.ttest_ind(a, b, equal_var=False)", () => {
    const r = welchT([1, 2, 3, 4], [2, 4, 6, 8, 10]);
    expectClose(r.t, -2.2514363231593695, 1e-10);
    expectClose(r.df, 5.520787746170677, 1e-10);
    expectClose(r.p, 0.06913359319239237, 1e-8);
    expectClose(r.ci[0], -7.385368080514045, 1e-9);
    expectClose(r.ci[1], 0.3853680805140449, 1e-9);
    const r2 = welchT(A, B);
    expectClose(r2.t, 1.0712323784055986, 1e-10);
    expectClose(r2.df, 15.905565661170352, 1e-10);
    expectClose(r2.p, 0.3000512558607675, 1e-8);
    expectClose(r2.ci[0], -0.0303767753922076, 1e-9);
    expectClose(r2.ci[1], 0.09237677539220765, 1e-9);
  });
  it("handles two constant groups like scipy (t = −inf, p = 0, df = 1)", () => {
    const r = welchT([1, 1, 1], [2, 2]);
    expect(r.t).toBe(Number.NEGATIVE_INFINITY);
    expect(r.p).toBe(0);
    expect(r.df).toBe(1);
  });
});
