// The certify report on hand-scored banks (the statistics and the verdict text), and the CLI's
// refusals that come before any model is opened: exit 2 unusable input, 3 pre-registration changed.
// The CLI always rescores banks from their text; that path is tested on the embedded models in
// certify-tamper.test.ts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";
import { runMain } from "../helpers/capture-output.js";
import { certify } from "../../src/certify/certify.js";
import { formatCertifyReport } from "../../src/certify/format.js";
import { makeStamp, parsePreregistration, stampRows, verifyStamps } from "../../src/certify/preregistration.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { readJsonl, toJsonl } from "../../src/core/jsonl.js";
import { BASE_C, BASE_TASTE, TRAINED_C, TRAINED_TASTE, bank } from "./fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "fg-certify-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = resolve(import.meta.dirname, "../../bin/foolsgold.js");

const registered = {
  format: "foolsgold-preregistration/1",
  name: "fixture run",
  registered_at: "2026-01-01T00:00:00Z",
  hypothesis: "The trained arm keeps more sessions certified.",
  bars: [{ metric: "retention", min_delta: 0.02 }],
  bait: false,
};
const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const prereg = write("prereg.json", JSON.stringify(registered));
const stamp = makeStamp(parsePreregistration(registered, "fixture"), new Date("2026-01-02T00:00:00Z"));
const base = write("base.jsonl", toJsonl(stampRows(bank(BASE_C, BASE_TASTE), stamp)));
const trained = write("trained.jsonl", toJsonl(stampRows(bank(TRAINED_C, TRAINED_TASTE), stamp)));
/** Runs the CLI in this process (fast); `spawn` runs the real binary for the exit-status contract. */
const run = (...args: string[]) => runMain(["certify", ...args]);
const spawn = (...args: string[]) => spawnSync(process.execPath, [bin, "certify", ...args], { encoding: "utf8" });

describe("the certify report on hand-scored banks", () => {
  const p = parsePreregistration(registered, "fixture");
  const sets = [{ name: "primary", base: readJsonl<TranscriptRow>(base).rows, trained: readJsonl<TranscriptRow>(trained).rows }];
  it("certifies when every bar passes and no guard fires, and prints the statistics", () => {
    const report = certify({ sets, preregistration: p });
    const text = formatCertifyReport(report);
    expect(report.certified).toBe(true);
    expect(report.blockers).toEqual([]);
    expect(text).toContain("certified retention C: base 0.4642 -> 0.5425, delta +0.0783 (95% CI -0.0907 to +0.2473), t = 1.02");
    expect(text).toContain("win/loss/tie: 7/3/2");
    expect(text).toContain("rescued from zero 2, lost to zero 1 (net +1)");
    expect(text).toContain("PASS retention >= +0.02");
    expect(text).toContain("VERDICT: CERTIFIED on primary");
    expect(report.preregistration!.hash).toBe(stamp.hash);
    expect(report.sets[0].trained.on_band.n).toBe(8);
  });

  it("is not certified when a bar is missed", () => {
    const strict = parsePreregistration({ ...registered, bars: [{ metric: "retention", min_delta: 0.02, min_t: 2 }] }, "strict");
    const s2 = makeStamp(strict, new Date("2026-01-02T00:00:00Z"));
    const report = certify({ sets: [{ name: "primary", base: stampRows(bank(BASE_C, BASE_TASTE), s2), trained: stampRows(bank(TRAINED_C, TRAINED_TASTE), s2) }], preregistration: strict });
    const text = formatCertifyReport(report);
    expect(report.certified).toBe(false);
    expect(text).toContain("MISS retention >= +0.02 at t >= 2: t 1.02 < 2 (n = 12)");
    expect(text).toContain("VERDICT: NOT CERTIFIED (bars missed on primary: retention >= +0.02 at t >= 2)");
  });
});

describe("foolsgold certify (banks mode): refusals before any model call", () => {
  it("exits 3 (real process) naming the change when the bars moved after the rollouts", () => {
    const moved = write("moved.json", JSON.stringify({ ...registered, bars: [{ metric: "retention", min_delta: 0.02, min_t: 1 }] }));
    const r = spawn("--prereg", moved, "--base", base, "--trained", trained);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/pre-registration changed since the banks were rolled out .*: bars\[0\]\.min_t: \(absent\) -> 1/);
  });

  it("exits 3 for unstamped banks the registry does not trace, 2 for a missing pre-registration", async () => {
    const unstamped = write("unstamped.jsonl", toJsonl(bank(TRAINED_C, TRAINED_TASTE)));
    const r = await run("--prereg", prereg, "--base", base, "--trained", unstamped);
    expect(r.status).toBe(3);
    expect(r.stderr.trim()).toMatch(/^foolsgold: pre-registration "fixture run" \([0-9a-f]{12}\) is not registered in .*register it before the rollouts/);
    const none = await run("--base", base, "--trained", trained);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("--prereg: a certification needs its pre-registration file");
  });

  it("exits 2 when the banks' seeds belong to a training split", async () => {
    const onTraining = stampRows(bank(BASE_C, BASE_TASTE, undefined, "inst-A", 500), stamp);
    const b = write("train-b.jsonl", toJsonl(onTraining));
    const t = write("train-t.jsonl", toJsonl(stampRows(bank(TRAINED_C, TRAINED_TASTE, undefined, "inst-A", 500), stamp)));
    const r = await run("--prereg", prereg, "--base", b, "--trained", t);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('evaluation refused: 12 seed(s) of "train-rl-c" (e.g. 500, 501, 502) belong to a training split');
  });

  it("simulate --prereg stamps a bank that verifies against the same file", async () => {
    const out = join(dir, "sim.jsonl");
    let stdout = "";
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
    const log = join(dir, "log.jsonl");
    const withSet = write("with-set.json", JSON.stringify({ ...registered, seed_set: "demo" }));
    const status = await main(["node", "foolsgold", "prereg", "register", withSet, "--log", log])
      .then(() => main(["node", "foolsgold", "simulate", "--set", "demo", "--limit", "2", "--turns", "2", "--prereg", withSet, "--prereg-log", log, "--arm", "base", "--out", out]))
      .finally(() => spy.mockRestore());
    expect(status).toBe(0);
    const rows = readJsonl<TranscriptRow>(out).rows;
    expect(rows).toHaveLength(2);
    const stamped = verifyStamps({ simulated: rows }, parsePreregistration({ ...registered, seed_set: "demo" }, "fixture"));
    expect(stamped.registry?.seq).toBe(1);
    expect(readJsonl<Record<string, unknown>>(log).rows.map((e) => e.kind)).toEqual(["register", "rollout"]);
    expect(stdout).not.toBe("");
  });

  it("refuses to roll out on seed sets other than the pre-registered ones, before starting any model", async () => {
    const withSets = write("sets.json", JSON.stringify({ ...registered, seed_set: "demo", replications: ["rep-14m"] }));
    const r = await run("--prereg", withSets, "--set", "eval6");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--set: "eval6" differs from the pre-registered seed_set "demo"');
    const rep = await run("--prereg", withSets, "--replications", "rep-14m,rep-16m");
    expect(rep.stderr).toContain("--replications: rep-16m not among the pre-registered replications (rep-14m)");
  });

  it("simulate refuses an evaluation on a training split, named or ad hoc, and a rollout under an unregistered pre-registration", async () => {
    const named = await run0("simulate", "--set", "train-rl-c", "--limit", "2", "--turns", "1", "--out", join(dir, "x.jsonl"));
    expect(named.status).toBe(2);
    expect(named.stderr).toContain('"train-rl-c" is a training split, not an evaluation set');
    const adHoc = await run0("simulate", "--offset", "10", "--size", "2", "--turns", "1", "--out", join(dir, "y.jsonl"));
    expect(adHoc.status).toBe(2);
    expect(adHoc.stderr).toContain('overlaps training split "train-rl-c"');
    const unregistered = await run0(
      "simulate",
      "--set",
      "demo",
      "--limit",
      "2",
      "--turns",
      "1",
      "--prereg",
      write("unreg.json", JSON.stringify({ ...registered, name: "unregistered" })),
      "--prereg-log",
      join(dir, "empty-log.jsonl"),
      "--out",
      join(dir, "z.jsonl"),
    );
    expect(unregistered.status).toBe(3);
    expect(unregistered.stderr).toContain('pre-registration "unregistered" is not registered');
  });

  it("does not warn that the pre-registered set overlaps itself", async () => {
    const onEval6 = { ...registered, seed_set: "eval6" };
    const s6 = makeStamp(parsePreregistration(onEval6, "eval6"), new Date("2026-01-02T00:00:00Z"));
    const b = write("e6-b.jsonl", toJsonl(stampRows(bank(BASE_C, BASE_TASTE, undefined, "inst-A", 12_000_000), s6)));
    const t = write("e6-t.jsonl", toJsonl(stampRows(bank(TRAINED_C, TRAINED_TASTE, undefined, "inst-A", 12_000_000), s6)));
    // Unregistered, so it stops (exit 3) right after the seed checks, before any model is opened.
    const r = await run("--prereg", write("e6.json", JSON.stringify(onEval6)), "--prereg-log", join(dir, "none.jsonl"), "--base", b, "--trained", t);
    expect(r.status).toBe(3);
    expect(r.stderr).not.toContain("warning");
    expect(r.stderr).not.toContain("overlaps");
  });
});

async function run0(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    return { status: await main(["node", "foolsgold", ...args]), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
