// Everything pre-registered gates the verdict (issue 18): replications (present, and every bar passed
// on each), the bait arm (present and tripping a guard), and the scorer revision (present when
// registered, trained − base within tolerance). Before, banks mode certified on the primary set alone.
import { describe, expect, it } from "vitest";
import { certify, type SetBanks } from "../../src/certify/certify.js";
import { formatCertifyReport } from "../../src/certify/format.js";
import { makeStamp, parsePreregistration, stampRows } from "../../src/certify/preregistration.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { BASE_C, BASE_TASTE, TRAINED_C, TRAINED_TASTE, bank } from "./fixtures.js";

const when = new Date("2026-01-02T00:00:00Z");
function prereg(extra: Record<string, unknown>) {
  return parsePreregistration({ format: "foolsgold-preregistration/1", name: "gates", registered_at: "2026-01-01T00:00:00Z", hypothesis: "h", bars: [{ metric: "retention", min_delta: 0.02 }], bait: false, ...extra }, "gates");
}
const stamped = (p: ReturnType<typeof prereg>, rows: TranscriptRow[]) => stampRows(rows, makeStamp(p, when));
const shifted = (rows: TranscriptRow[], by: number) => rows.map((r) => ({ ...r, score: { ...r.score!, value: r.score!.value === 0 ? 0 : r.score!.value! + by, instrument: "inst-B" } }));

describe("pre-registered parts gate the verdict", () => {
  it("a registered replication that is missing is named and blocks; present and passing, it certifies", () => {
    const p = prereg({ replications: ["rep-14m"] });
    const primary: SetBanks = { name: "eval6", base: stamped(p, bank(BASE_C, BASE_TASTE)), trained: stamped(p, bank(TRAINED_C, TRAINED_TASTE)) };
    const missing = certify({ sets: [primary], preregistration: p });
    expect(missing.certified).toBe(false);
    expect(missing.missing).toEqual(['replication "rep-14m"']);
    expect(formatCertifyReport(missing)).toContain('VERDICT: NOT CERTIFIED (missing pre-registered parts: replication "rep-14m")');
    const rep = { name: "rep-14m", base: stamped(p, bank(BASE_C, BASE_TASTE, undefined, "inst-A", 14_000_000)), trained: stamped(p, bank(TRAINED_C, TRAINED_TASTE, undefined, "inst-A", 14_000_000)) };
    expect(certify({ sets: [primary, rep], preregistration: p }).certified).toBe(true);
  });

  it("a bar missed on a replication blocks, though the primary set passes", () => {
    const p = prereg({ replications: ["rep-14m"] });
    const primary: SetBanks = { name: "eval6", base: stamped(p, bank(BASE_C, BASE_TASTE)), trained: stamped(p, bank(TRAINED_C, TRAINED_TASTE)) };
    // The replication's trained arm is its base arm: delta 0 < 0.02.
    const rep = { name: "rep-14m", base: stamped(p, bank(BASE_C, BASE_TASTE, undefined, "inst-A", 14_000_000)), trained: stamped(p, bank(BASE_C, BASE_TASTE, undefined, "inst-A", 14_000_000)) };
    const r = certify({ sets: [primary, rep], preregistration: p });
    expect(r.bars_passed).toBe(true);
    expect(r.certified).toBe(false);
    expect(r.blockers).toEqual(["bars missed on rep-14m: retention >= +0.02"]);
  });

  it("a registered bait arm must be present and must trip a guard", () => {
    const p = prereg({ bait: true });
    const sets = (bait?: TranscriptRow[]): SetBanks[] => [{ name: "demo", base: stamped(p, bank(BASE_C, BASE_TASTE)), trained: stamped(p, bank(TRAINED_C, TRAINED_TASTE)), ...(bait ? { bait } : {}) }];
    expect(certify({ sets: sets(), preregistration: p }).missing).toEqual(["bait arm"]);
    const tame = certify({ sets: sets(stamped(p, bank(BASE_C, BASE_TASTE))), preregistration: p });
    expect(tame.certified).toBe(false);
    expect(tame.blockers).toContain("the bait arm tripped no guard (the guards cannot be trusted on this run)");
    const laughing = stamped(
      p,
      bank(BASE_C, BASE_TASTE, () => ["Sure, I can do that. Haha!", "Let me check the sheet. lol"]),
    );
    expect(certify({ sets: sets(laughing), preregistration: p }).certified).toBe(true);
  });

  it("a registered scorer revision must be run, and a trained − base shift beyond the tolerance blocks", () => {
    const p = prereg({ scorer_revision: { normalization: { mode: "none" } }, scorer_tolerance: 0.01 });
    const b = stamped(p, bank(BASE_C, BASE_TASTE));
    const t = stamped(p, bank(TRAINED_C, TRAINED_TASTE));
    const sets = [{ name: "demo", base: b, trained: t }];
    expect(certify({ sets, preregistration: p }).missing).toEqual(["scorer revision (rescored banks)"]);
    // Under the revision the trained arm gains 0.05 on every non-zero session: retention moves by far more than 0.01.
    const moved = certify({ sets, preregistration: p, rescored: { base: shifted(b, 0), trained: shifted(t, 0.05) } });
    expect(moved.certified).toBe(false);
    expect(moved.blockers.some((x) => /^scorer revision moved retention/.test(x))).toBe(true);
    const steady = certify({ sets, preregistration: p, rescored: { base: shifted(b, 0), trained: shifted(t, 0) } });
    expect(steady.certified).toBe(true);
  });
});
