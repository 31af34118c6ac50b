// The pre-registration registry: an append-only hash chain. Each way of bending it — editing,
// dropping or reordering an entry, moving the clock back, recording old banks under a later
// registration, truncating the log below an anchor, recording an arm twice, swapping arms — is detected.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pinInstrument } from "../../src/certify/instrument-pin.js";
import { parsePreregistration } from "../../src/certify/preregistration.js";
import { formatAnchor, readLog, recordRollout, registerPreregistration, registryHead, RegistryTampered, verifyAnchors, verifyChain, verifyProvenance, ProvenanceRefused } from "../../src/certify/registry.js";
import { bank, BASE_C, BASE_TASTE } from "./fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "fg-registry-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const p = (name: string) => parsePreregistration({ format: "foolsgold-preregistration/1", name, registered_at: "2026-01-01T00:00:00Z", hypothesis: "h", bars: [{ metric: "retention", min_delta: 0.02 }] }, name);
const t = (m: number) => new Date(Date.UTC(2026, 0, 2, 0, m));
// The registry stores the pinned instrument as data; these tests exercise the log, not a scorer.
const pin = (L_lo = -20) => pinInstrument({ stack: "humor", version: "humor-stack-3", options: { taste: { L_lo, L_hi: -2 } }, models: { audience: { baseUrl: "embedded", model: "lm@abc" } }, hash: `inst-${L_lo}` });
const at = (m: number) => ({ now: t(m) });

describe("the pre-registration log", () => {
  const log = join(dir, "log.jsonl");
  const rows = bank(BASE_C, BASE_TASTE);
  it("appends linked entries, registers idempotently, and refuses rollouts of an unregistered file", () => {
    expect(registerPreregistration(log, p("a"), pin(), t(0)).created).toBe(true);
    expect(registerPreregistration(log, p("a"), pin(), t(1))).toMatchObject({ created: false, entry: { seq: 1 } });
    expect(() => recordRollout(log, p("b"), [{ label: "x", rows }], at(2))).toThrow(/"b" .* is not in/);
    recordRollout(log, p("a"), [{ label: "base", rows }], at(3));
    const entries = readLog(log);
    expect(entries.map((e) => [e.seq, e.kind])).toEqual([
      [1, "register"],
      [2, "rollout"],
    ]);
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
    registerPreregistration(log, p("later"), pin(), t(4));
    recordRollout(log, p("later"), [{ label: "base", rows }], at(5));
    expect(() => verifyProvenance(log, p("later"), { base: rows })).toThrow(ProvenanceRefused);
    expect(() => verifyProvenance(log, p("later"), { base: rows })).toThrow(/first recorded in entry 2/);
  });

  it("pins the instrument: the same file with another instrument is refused, naming the field", () => {
    expect(() => registerPreregistration(log, p("a"), pin(-15.945), t(6))).toThrow(/already registered \(entry 1\) with another instrument \(scorer.options.taste.L_lo\)/);
    const edited = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    edited[0].instrument.scorer.options.taste.L_lo = -15.945;
    expect(() => verifyChain(edited)).toThrow(/entry 1: content hashes to/);
  });
});

describe("anchors: a head kept elsewhere catches truncation and rewrites", () => {
  const log = join(dir, "anchored.jsonl");
  const rows = bank(BASE_C, BASE_TASTE);
  it("a truncated log no longer holds the anchor; a longer honest one still does", () => {
    registerPreregistration(log, p("strict"), pin(), t(0));
    recordRollout(log, p("strict"), [{ label: "demo base", rows }], at(1));
    const anchor = formatAnchor(registryHead(readLog(log)));
    const lines = readFileSync(log, "utf8").trim().split("\n");
    // Truncated after the registration, then a looser pre-registration appended: the chain itself is intact.
    const truncated = join(dir, "truncated.jsonl");
    writeFileSync(truncated, lines[0] + "\n");
    registerPreregistration(truncated, p("loose"), pin(), t(2));
    expect(() => verifyChain(readLog(truncated))).not.toThrow();
    expect(() => verifyAnchors(readLog(truncated), [anchor])).toThrow(RegistryTampered);
    expect(() => verifyAnchors(readLog(truncated), [anchor])).toThrow(/entry 2 hashes to [0-9a-f]{12}, not the anchored [0-9a-f]{12}: the log was truncated or rewritten since that anchor/);
    // A bare hash (any position) works too; an honest log that grew still holds it.
    recordRollout(log, p("strict"), [{ label: "demo trained", rows: rows.slice(1) }], at(3));
    expect(() => verifyAnchors(readLog(log), [anchor, anchor.split(":")[1]])).not.toThrow();
    expect(() => verifyAnchors(readLog(log), ["12:zz"])).toThrow(/expected SEQ:HASH/);
  });
});

describe("each arm is recorded once, under its label", () => {
  const log = join(dir, "arms.jsonl");
  const base = bank(BASE_C, BASE_TASTE);
  const trained = bank(BASE_C, BASE_TASTE, () => ["Another reply entirely.", "And one more."]);
  const edited = trained.map((r, i) => (i === 2 ? { ...r, turns: r.turns.map((x) => (x.speaker === "policy" ? { ...x, text: x.text + " heh" } : x)) } : r));
  it("a second record of an arm is refused; with allow_revisions it is a counted revision", () => {
    registerPreregistration(log, p("once"), pin(), t(0));
    recordRollout(
      log,
      p("once"),
      [
        { label: "demo base", rows: base },
        { label: "demo trained", rows: trained },
      ],
      at(1),
    );
    expect(() => recordRollout(log, p("once"), [{ label: "demo trained", rows: edited }], at(2))).toThrow(/"demo trained" was already recorded under "once" in entry 2 .*an arm is recorded once/);
    expect(() => recordRollout(log, p("once"), [{ label: "demo trained", rows: edited }], { now: t(2), revise: true })).toThrow(/allows 0; a further revision is refused/);
    const revisable = parsePreregistration({ ...p("revisable"), allow_revisions: 1 }, "revisable");
    registerPreregistration(log, revisable, pin(), t(3));
    recordRollout(
      log,
      revisable,
      [
        { label: "demo base", rows: bank(BASE_C, BASE_TASTE, () => ["x y z", "a b c"]) },
        { label: "demo trained", rows: bank(BASE_C, BASE_TASTE, () => ["p q r", "s t u"]) },
      ],
      at(4),
    );
    const revision = recordRollout(log, revisable, [{ label: "demo trained", rows: bank(BASE_C, BASE_TASTE, () => ["p q r!", "s t u"]) }], { now: t(5), revise: true });
    expect(revision.banks[0].revises).toBe(4);
    expect(verifyProvenance(log, revisable, { "demo trained": bank(BASE_C, BASE_TASTE, () => ["p q r!", "s t u"]) }).banks[0]).toMatchObject({ revisions: 1, rollout_seq: 5 });
    expect(() => verifyProvenance(log, revisable, { "demo trained": bank(BASE_C, BASE_TASTE, () => ["p q r", "s t u"]) })).toThrow(/revised in entry 5; certify the latest/);
    // An anchor of an earlier, shorter log is still held.
    expect(() => verifyAnchors(readLog(log), ["3:" + readLog(log)[2].hash])).not.toThrow();
  });

  it("text edited after recording is named by row; swapped arms are refused", () => {
    expect(() => verifyProvenance(log, p("once"), { "demo trained": edited })).toThrow(/not the ones recorded for "demo trained" in entry 2 .*\(1 row\(s\) differ: row 3 \(seed 20000002\)\): the text was edited after recording/);
    expect(() => verifyProvenance(log, p("once"), { "demo base": trained, "demo trained": base })).toThrow(/demo base bank: its transcripts were recorded as "demo trained", not "demo base"; swapped or renamed arms are refused/);
    expect(verifyProvenance(log, p("once"), { "demo base": base, "demo trained": trained }).banks.map((b) => b.revisions)).toEqual([0, 0]);
  });
});
