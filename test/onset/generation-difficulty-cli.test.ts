// `foolsgold generation-difficulty` on the embedded defaults (a real n-gram LM served over the
// OpenAI protocol): every bias asked n times, the share re-derived here from the kept generations
// with the rule detector, Wilson 95 % intervals against scipy, and the seed's Table 5 beside it.
// Expected intervals: scipy 1.17 `scipy.stats.binomtest(k, n).proportion_ci(method="wilson")`.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectBias, type BiasKind } from "../../src/judges/bias-detectors.js";
import { DIFFICULTY_PROMPTS } from "../../src/onset/difficulty-prompts.js";
import { runMain } from "../helpers/capture-output.js";

const SCIPY_WILSON: Record<string, [number, number]> = {
  "300/300": [0.9873570287754541, 1.0],
  "296/300": [0.9662244697474675, 0.9948030382606411],
  "285/300": [0.9191529665272559, 0.9694683593706527],
  "198/300": [0.604674453304638, 0.7112797959035073],
  "0/12": [0.0, 0.24249400665524085],
};

describe("generation-difficulty command (embedded policy)", () => {
  it("reports every bias's share with a Wilson interval, re-derivable from its generations, beside seed Table 5", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-gd-"));
    const out = join(dir, "gd.json");
    const r = await runMain(["generation-difficulty", "--n", "12", "--max-tokens", "40", "--no-cache", "--out", out]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const artifact = JSON.parse(readFileSync(out, "utf8"));
    const rows = artifact.result.biases as { bias: BiasKind; satisfied: number; satisfied_count: number; n: number; ci95: [number, number]; failed: number; seed: { value: number; ci: [number, number]; n: number } }[];
    expect(rows.map((x) => x.bias)).toEqual(["lexical", "tone", "self_praise", "format"]);
    const seedCounts = { lexical: 300, tone: 296, self_praise: 285, format: 198 };
    for (const row of rows) {
      const gens = artifact.result.generations[row.bias] as { index: number; prompt_index: number; text: string; hit: boolean }[];
      expect(gens.map((g) => g.index)).toEqual([...Array(12).keys()]);
      expect(row.n + row.failed).toBe(12);
      // the share is the rule detector over the model's own texts, recomputed here
      const hits = gens.filter((g) => detectBias(row.bias, g.text, { prompt: DIFFICULTY_PROMPTS[g.prompt_index] }).hit).length;
      expect(row.satisfied_count).toBe(hits);
      expect(row.satisfied).toBeCloseTo(hits / row.n, 12);
      expect(row.ci95[0]).toBeLessThanOrEqual(row.satisfied);
      expect(row.ci95[1]).toBeGreaterThanOrEqual(row.satisfied);
      const expected = SCIPY_WILSON[`${hits}/${row.n}`];
      if (expected) {
        expect(row.ci95[0]).toBeCloseTo(expected[0], 9);
        expect(row.ci95[1]).toBeCloseTo(expected[1], 9);
      }
      const seed = SCIPY_WILSON[`${seedCounts[row.bias]}/300`];
      expect(row.seed.value).toBeCloseTo(seedCounts[row.bias] / 300, 12);
      expect(row.seed.ci[0]).toBeCloseTo(seed[0], 9);
      expect(row.seed.ci[1]).toBeCloseTo(seed[1], 9);
    }
    // the embedded n-gram LM does not follow instructions: no bias's share reaches the seed's interval
    for (const row of rows) expect(row.ci95[0]).toBeLessThan(row.seed.ci[0]);
    expect(r.stdout).toMatch(/^format\s+\d+\/12 = [\d.]+%\s+\[[\d.]+%, [\d.]+%\]\s+0\s+66\.00% \[60\.47%, 71\.13%\]$/m);
  });

  it("refuses a bad flag with a one-line error naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-gd-"));
    const empty = join(dir, "empty.txt");
    writeFileSync(empty, "\n\n");
    for (const [args, message] of [
      [["--bias", "sarcasm"], /--bias: unknown bias "sarcasm"/],
      [["--n", "0"], /--n: must be an integer from 1 to 100000, got "0"/],
      [["--prompts", empty], /--prompts .*empty\.txt: holds no prompts/],
    ] as const) {
      const r = await runMain(["generation-difficulty", ...args]);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    }
  });
});
