// The dashboard's number formatting and key normalizing (web/src): significant digits instead of fixed
// decimals (certify printed taste "+0.0000" for a deciding +0.00002 and counts as "8.0000"), round axis
// ticks, and camelCase artifact keys read as snake_case. Expected strings follow from the rules by hand
// (and agree with Python's format(v, ".3g") / "%.2e" for the same values).
import { describe, expect, it } from "vitest";
import { snakeKeys } from "../../web/src/api.js";
import { niceTicks, sig, signedSig } from "../../web/src/format.js";

describe("significant digits", () => {
  it("keeps a small deciding difference visible and counts as integers", () => {
    expect(signedSig(0.00002)).toBe("+2.00e-5");
    expect(signedSig(-0.0000462)).toBe("-4.62e-5");
    expect(sig(8)).toBe("8");
    expect(sig(0)).toBe("0");
    expect(sig(0.2035140249)).toBe("0.204");
    expect(sig(10.1712)).toBe("10.2");
    expect(sig(10.1712, 4)).toBe("10.17");
    expect(sig(0.0234)).toBe("0.0234");
    expect(sig(1234.5)).toBe("1235");
    expect(sig(null)).toBe("—");
    expect(sig(Number.NaN)).toBe("—");
  });
});

describe("axis ticks", () => {
  it("steps by 1, 2 or 5 × 10^k and includes zero when spanned", () => {
    expect(niceTicks(-0.6, 10.7, 5)).toEqual([0, 5, 10]);
    expect(niceTicks(-0.6, 10.7, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(-1.2e-5, 2.1e-5, 4)).toEqual([-1e-5, 0, 1e-5, 2e-5]);
  });
});

describe("artifact keys", () => {
  it("reads camelCase keys as snake_case, leaving names that are data (G, M, v2, suffixes) alone", () => {
    expect(snakeKeys({ sdTaste: 1, bitExact: { k: 2 }, afterPartnerLaugh: 3, G: 4, v2: 5, " Haha!": 6, rows: [{ meanNats: 7 }], already_snake: 8 })).toEqual({
      sd_taste: 1,
      bit_exact: { k: 2 },
      after_partner_laugh: 3,
      G: 4,
      v2: 5,
      " Haha!": 6,
      rows: [{ mean_nats: 7 }],
      already_snake: 8,
    });
  });
});
