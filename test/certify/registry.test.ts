// The pre-registration registry: an append-only hash chain. Each way of bending it — editing,
// dropping or reordering an entry, moving the clock back, recording old banks under a later
// registration — is detected.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parsePreregistration } from "../../src/certify/preregistration.js";
import { readLog, recordRollout, registerPreregistration, RegistryTampered, verifyChain, verifyProvenance, ProvenanceRefused } from "../../src/certify/registry.js";
import { bank, BASE_C, BASE_TASTE } from "./fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "fg-registry-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const p = (name: string) => parsePreregistration({ format: "foolsgold-preregistration/1", name, registered_at: "2026-01-01T00:00:00Z", hypothesis: "h", bars: [{ metric: "retention", min_delta: 0.02 }] }, name);
const t = (m: number) => new Date(Date.UTC(2026, 0, 2, 0, m));

describe("the pre-registration log", () => {
  const log = join(dir, "log.jsonl");
  const rows = bank(BASE_C, BASE_TASTE);
  it("appends linked entries, registers idempotently, and refuses rollouts of an unregistered file", () => {
    expect(registerPreregistration(log, p("a"), t(0)).created).toBe(true);
    expect(registerPreregistration(log, p("a"), t(1))).toMatchObject({ created: false, entry: { seq: 1 } });
    expect(() => recordRollout(log, p("b"), [{ label: "x", rows }], t(2))).toThrow(/"b" .* is not in/);
    recordRollout(log, p("a"), [{ label: "base", rows }], t(3));
    const entries = readLog(log);
    expect(entries.map((e) => [e.seq, e.kind])).toEqual([[1, "register"], [2, "rollout"]]);
    expect(entries[1].prev).toBe(entries[0].hash);
    expect(verifyProvenance(log, p("a"), { base: rows }).banks[0]).toMatchObject({ rollout_seq: 2, rows: 12 });
  });

  const variant = (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, lines.join("\n") + "\n");
    return readLog(path);
  };
  it("detects a dropped, reordered or re-dated entry", () => {
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(() => verifyChain(variant("dropped", lines.slice(1)))).toThrow(RegistryTampered);
    expect(() => verifyChain(variant("swapped", [lines[1], lines[0]]))).toThrow(/seq is 2, expected 1/);
    const redated = JSON.parse(lines[1]);
    redated.at = "2025-12-31T00:00:00.000Z";
    expect(() => verifyChain(variant("redated", [lines[0], JSON.stringify(redated)]))).toThrow(/content hashes to/);
  });

  it("refuses banks first recorded under another pre-registration, even when recorded again later", () => {
    registerPreregistration(log, p("later"), t(4));
    recordRollout(log, p("later"), [{ label: "again", rows }], t(5));
    expect(() => verifyProvenance(log, p("later"), { base: rows })).toThrow(ProvenanceRefused);
    expect(() => verifyProvenance(log, p("later"), { base: rows })).toThrow(/first recorded in entry 2/);
  });
});
