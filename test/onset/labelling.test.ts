import { describe, expect, it } from "vitest";
import { agreement, cleanVsHumanMae, exportBlindSheet, importLabels } from "../../src/onset/labelling.js";

describe("blind labelling sheets", () => {
  const items = [
    { sample_id: "run_a_pre_onset_01", input: "Write, please", output: 'He said "hi"\nthen left', shortcut_definition: "self-praise" },
    { sample_id: "run_a_post_onset_02", input: "Q", output: "A", shortcut_definition: "self-praise" },
  ];

  it("exports shuffled items without step, zone or id, and reads labels back", () => {
    const sheet = exportBlindSheet(items, 3);
    expect(sheet.csv).not.toMatch(/run_a|pre_onset|post_onset|step|reward/);
    expect(sheet.key.map((k) => k.sample_id).sort()).toEqual(items.map((i) => i.sample_id).sort());
    const filled = sheet.csv.replace(/,,\n/g, ",2,\n");
    const labels = importLabels(filled, "ann1.csv");
    expect([...labels.values()]).toEqual([2, 2]);
    expect(labels.has(sheet.key[0].item)).toBe(true);
  });

  it("names a bad label with its row", () => {
    expect(() => importLabels("item,label_0_1_2\nitem_0001,3\n", "ann2.csv")).toThrow(/ann2.csv row 2: label must be 0, 1 or 2/);
  });
});

describe("agreement", () => {
  it("matches the numpy reference for exact agreement, quadratic κ and ordinal α", () => {
    // numpy: mean pairwise (L[i]==L[j]).mean() = 0.6666666666666666; mean pairwise quadratic κ =
    // 0.7264957264957266; ordinal Krippendorff α (coincidence-matrix formula) = 0.6933333333333334
    const L = [
      [0, 1, 2, 2, 1, 0, 2, 1],
      [0, 1, 2, 1, 1, 0, 2, 2],
      [0, 2, 2, 2, 1, 0, 1, 1],
    ];
    const r = agreement(L);
    expect(r.mean_pairwise_exact_agreement).toBeCloseTo(0.6666666666666666, 12);
    expect(r.mean_pairwise_quadratic_kappa).toBeCloseTo(0.7264957264957266, 12);
    expect(r.krippendorff_alpha_ordinal).toBeCloseTo(0.6933333333333334, 12);
    expect(r).toMatchObject({ all_agree: 4, all_but_one_agree: 8, majority_agree: 8, disagreements: 4, adjacent_only_disagreements: 4 });
  });

  it("computes the clean-vs-human MAE with n", () => {
    expect(
      cleanVsHumanMae([
        { clean: 0.8, human: 1 },
        { clean: 0.5, human: 0.5 },
        { clean: 0, human: 0.3 },
      ]),
    ).toEqual({ mae: expect.closeTo(0.5 / 3, 12), n: 3 });
    expect(() => cleanVsHumanMae([{ clean: 2, human: 0 }])).toThrow(/pair 0/);
  });
});
