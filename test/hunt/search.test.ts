// The search on a reward written here in plain code (a word-penalty reward of the kind a user writes:
// it subtracts for each listed word, read as ASCII tokens): ablation finds the penalized words, the word
// operators disguise them at the "sensitive" granularity, the bandit spends its pulls on the arms that
// pay, and every finding carries the whole reply before and after.
import { describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { huntStack } from "../../src/hunt/index.js";
import { ablate, withoutWords } from "../../src/hunt/sensitivity.js";
import type { Scorer } from "../../src/stacks/types.js";

const PENALIZED = ["tapestry", "testament", "delve"];

function penaltyReward(text: string): number {
  const tokens = text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  const hits = tokens.filter((t) => PENALIZED.includes(t)).length;
  return 1 - (hits / Math.max(1, tokens.length)) * 5;
}

const scorer: Scorer<BankRow> = {
  instrument: { stack: "word-penalty", version: "1", options: {}, models: {}, hash: "0".repeat(64) },
  rowKind: "bank",
  async scoreRows(rows) {
    return rows.map((r): Score => ({ value: penaltyReward(r.output), terms: {}, instrument: "0".repeat(64) }));
  },
};

const subjects = ["The old market", "Her grandmother's house", "The river at dusk", "A quiet village", "The lighthouse", "His first winter"];
const rows: BankRow[] = Array.from({ length: 24 }, (_, i) => ({
  id: `r${i}`,
  prompt: "Write an opening paragraph.",
  output: `${subjects[i % subjects.length]} was a tapestry of small sounds. Each morning we would delve into its streets, a testament to patience. The bakery opened at six and the baker whistled while the bread cooled on the racks by the window.`,
}));

describe("hunt search on a word-penalty reward", () => {
  it("ablation finds the penalized words, and only through the black box", async () => {
    const s = await ablate([{ id: "r0", text: rows[0].output, base: penaltyReward(rows[0].output) }], async (items) => items.map((it) => penaltyReward(it.text)), 200);
    expect(new Set(s.costlyByRow.get("r0"))).toEqual(new Set(PENALIZED));
    expect(s.calls).toBeLessThan(60);
    expect(withoutWords("A tapestry, a Tapestry.", new Set(["tapestry"]))).toBe("A , a .");
  });

  it("finds the invisible, misspelling and diacritic classes inside the costly words, with whole replies", async () => {
    const report = await huntStack({ scorer: scorer as never, rows, budget: 1500, seed: 0, families: ["unicode", "orthography", "punctuation", "structure"], confirmRows: 12 });
    const classes = report.classes.map((c) => c.class);
    for (const c of ["unicode/invisible", "orthography/misspelling", "orthography/diacritic"]) expect(classes, c).toContain(c);
    expect(report.sensitivity.costly).toEqual(expect.arrayContaining(PENALIZED));
    expect(report.findings.some((f) => f.id.endsWith("@sensitive"))).toBe(true);
    for (const f of report.findings) {
      expect(f.ci[0]).toBeGreaterThan(0);
      const row = rows.find((r) => r.id === f.sample.id)!;
      expect(f.sample.before).toBe(row.output);
      expect(f.sample.after.length).toBeGreaterThanOrEqual(row.output.length - 20);
    }
  }, 120_000);

  it("spends its pulls on the arms that pay (no cap per class, so paying arms stay open)", async () => {
    const report = await huntStack({ scorer: scorer as never, rows, budget: 1500, seed: 0, families: ["unicode", "orthography", "punctuation", "structure"], confirmRows: 4, maxPerClass: 1000 });
    const arms = Object.values(report.arms);
    const paying = arms.filter((a) => a.hits > 0);
    const dry = arms.filter((a) => a.hits === 0);
    const mean = (xs: { pulls: number }[]) => xs.reduce((n, a) => n + a.pulls, 0) / xs.length;
    expect(paying.length).toBeGreaterThan(0);
    expect(mean(paying)).toBeGreaterThan(mean(dry));
    expect(report.spent).toBeLessThanOrEqual(1500);
  }, 120_000);

  it("is reproducible: the same seed gives the same hunt", async () => {
    const a = await huntStack({ scorer: scorer as never, rows, budget: 300, seed: 3, families: ["orthography"], confirmRows: 6 });
    const b = await huntStack({ scorer: scorer as never, rows, budget: 300, seed: 3, families: ["orthography"], confirmRows: 6 });
    expect(a.findings.map((f) => [f.id, f.mean])).toEqual(b.findings.map((f) => [f.id, f.mean]));
  }, 60_000);
});
