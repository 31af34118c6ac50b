import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffPreregistrations, loadPreregistration, makeStamp, preregistrationHash, preregistrationJsonSchema, PreregistrationMismatch, stampRows, verifyStamps } from "../../src/certify/preregistration.js";
import { session } from "./fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "fg-prereg-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RL_E = `
format: foolsgold-preregistration/1
name: RL-E
registered_at: "2026-01-10T09:00:00Z"
hypothesis: Limited adapter capacity held back taste; rank 128 lifts taste.
config_changes: ["LoRA rank 32 -> 128, alpha 64 -> 256", "instrument v2", "fresh training split"]
seed_set: eval6
replications: [rep-14m, rep-16m]
bars:
  - { metric: taste, min_delta: 0.015, min_t: 2 }
  - { metric: retention, min_delta: 0.02 }
`;

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe("pre-registration file", () => {
  it("parses YAML, fills the SPEC §6 guard defaults and the 0.01 scorer tolerance", () => {
    const p = loadPreregistration(file("rle.yaml", RL_E));
    expect(p.bars).toEqual([
      { metric: "taste", min_delta: 0.015, min_t: 2 },
      { metric: "retention", min_delta: 0.02 },
    ]);
    expect(p.guards).toEqual({ trigram_diversity_drift: 0.05, strict_laughter_rise_pp: 2, audience_address_rise_pp: 0.5, screen_fail_rise_pp: 0, zero_cert_rise: 0 });
    expect(p.scorer_tolerance).toBe(0.01);
  });

  it("hashes content, not spelling: key order and spelled-out defaults do not change the hash", () => {
    const a = loadPreregistration(file("a.yaml", RL_E));
    const b = loadPreregistration(file("b.json", JSON.stringify({ $schema: "../schemas/preregistration.schema.json", ...a, guards: { zero_cert_rise: 0, trigram_diversity_drift: 0.05 }, scorer_tolerance: 0.01 })));
    expect(preregistrationHash(b)).toBe(preregistrationHash(a));
    expect(preregistrationHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("names the field of an invalid file", () => {
    expect(() => loadPreregistration(file("bad.yaml", RL_E.replace("min_delta: 0.015", "min_delta: lots")))).toThrow(/bad\.yaml: bars\.0\.min_delta/);
    expect(() => loadPreregistration(file("extra.yaml", RL_E + "\nbar: 1\n"))).toThrow(/extra\.yaml: \(root\)/);
    expect(() => loadPreregistration(join(dir, "missing.yaml"))).toThrow(/missing\.yaml: cannot be read \(ENOENT\)/);
  });
});

describe("stamping and verification", () => {
  const p = loadPreregistration(file("p.yaml", RL_E));
  const stamp = makeStamp(p, new Date("2026-01-11T00:00:00Z"));
  const base = stampRows([session(1, ["a"]), session(2, ["b"])], stamp);
  const trained = stampRows([session(1, ["c"]), session(2, ["d"])], stamp);

  it("stamps the hash and content into each row's meta without touching the input rows", () => {
    const raw = [session(1, ["a"])];
    const stamped = stampRows(raw, stamp);
    expect(raw[0].meta?.preregistration).toBeUndefined();
    expect((stamped[0].meta!.preregistration as { hash: string }).hash).toBe(preregistrationHash(p));
    expect(stamped[0].meta?.policy_turns).toBe(1);
  });

  it("accepts the unchanged pre-registration", () => {
    expect(verifyStamps({ base, trained }, p).hash).toBe(preregistrationHash(p));
  });

  it("refuses moved bars, naming each change", () => {
    const moved = { ...p, bars: [{ metric: "taste", min_delta: 0.009, min_t: 2 }, p.bars[1]] };
    const err = (() => {
      try {
        verifyStamps({ base, trained }, moved);
      } catch (e) {
        return e;
      }
    })() as PreregistrationMismatch;
    expect(err).toBeInstanceOf(PreregistrationMismatch);
    expect(err.changes).toEqual([{ path: "bars[0].min_delta", registered: 0.015, now: 0.009 }]);
    expect(err.message).toMatch(/pre-registration changed since the banks were rolled out .*: bars\[0\]\.min_delta: 0\.015 -> 0\.009$/);
  });

  it("names added and removed fields too", () => {
    expect(diffPreregistrations({ a: 1, bars: [{ m: 1 }] }, { bars: [{ m: 1 }, { m: 2 }], b: 2 })).toEqual([
      { path: "a", registered: 1, now: undefined },
      { path: "b", registered: undefined, now: 2 },
      { path: "bars[1]", registered: undefined, now: { m: 2 } },
    ]);
  });

  it("refuses banks stamped under different pre-registrations, and unstamped banks", () => {
    const other = makeStamp({ ...p, name: "RL-E bis" }, new Date("2026-01-11T00:00:00Z"));
    expect(() => verifyStamps({ base, trained: stampRows(trained, other) }, p)).toThrow(/banks carry 2 different pre-registration stamps/);
    expect(() => verifyStamps({ base, trained: [session(1, ["c"])] }, p)).toThrow(/trained bank row 1 \(seed 1\): carries no pre-registration stamp/);
  });

  it("detects a stamp whose content was edited in the banks", () => {
    const forged = { ...stamp, content: { ...p, bars: [p.bars[1]] } };
    expect(() => verifyStamps({ base: stampRows(base, forged) }, forged.content)).toThrow(/stamp in the banks is inconsistent/);
  });

  it("refuses to stamp rollouts that happen before the registration date", () => {
    expect(() => makeStamp(p, new Date("2026-01-09T00:00:00Z"))).toThrow(/registered_at 2026-01-10T09:00:00Z is after the rollout/);
  });
});

describe("published JSON Schema", () => {
  it("schemas/preregistration.schema.json is exactly what the zod schema generates", () => {
    const published = JSON.parse(readFileSync(join(import.meta.dirname, "../../schemas/preregistration.schema.json"), "utf8"));
    expect(published).toEqual(preregistrationJsonSchema());
    expect(published.required).toEqual(["format", "name", "registered_at", "hypothesis", "bars"]);
  });
});
