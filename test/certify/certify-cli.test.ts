// The certify command on pre-scored banks (no models needed): exit 0 certified, 1 not certified,
// 2 unusable input, 3 pre-registration changed since the rollouts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";
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
async function run(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    const status = await main(["node", "foolsgold", "certify", ...args]);
    return { status, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
const spawn = (...args: string[]) => spawnSync(process.execPath, [bin, "certify", ...args], { encoding: "utf8" });

describe("foolsgold certify (banks mode)", () => {
  it("exits 0, prints the report and writes the artifact when every bar passes and no guard fires", async () => {
    const artifact = join(dir, "artifact.json");
    const r = await run("--prereg", prereg, "--base", base, "--trained", trained, "--out", artifact);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("certified retention C: base 0.4642 -> 0.5425, delta +0.0783 (95% CI -0.0907 to +0.2473), t = 1.02");
    expect(r.stdout).toContain("win/loss/tie: 7/3/2");
    expect(r.stdout).toContain("rescued from zero 2, lost to zero 1 (net +1)");
    expect(r.stdout).toContain("PASS retention >= +0.02");
    expect(r.stdout).toContain("VERDICT: CERTIFIED on primary");
    const out = JSON.parse(readFileSync(artifact, "utf8"));
    expect(out.kind).toBe("certify");
    expect(out.result.certified).toBe(true);
    expect(out.result.preregistration.hash).toBe(stamp.hash);
    expect(out.result.sets[0].trained.on_band.n).toBe(8);
  });

  it("exits 3 (real process) naming the change when the bars moved after the rollouts", () => {
    const moved = write("moved.json", JSON.stringify({ ...registered, bars: [{ metric: "retention", min_delta: 0.02, min_t: 1 }] }));
    const r = spawn("--prereg", moved, "--base", base, "--trained", trained);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/pre-registration changed since the banks were rolled out .*: bars\[0\]\.min_t: \(absent\) -> 1/);
  });

  it("exits 1 when a bar is missed", async () => {
    const strict = { ...registered, bars: [{ metric: "retention", min_delta: 0.02, min_t: 2 }] };
    const strictStamp = makeStamp(parsePreregistration(strict, "strict"), new Date("2026-01-02T00:00:00Z"));
    const b = write("b2.jsonl", toJsonl(stampRows(bank(BASE_C, BASE_TASTE), strictStamp)));
    const t = write("t2.jsonl", toJsonl(stampRows(bank(TRAINED_C, TRAINED_TASTE), strictStamp)));
    const r = await run("--prereg", write("strict.json", JSON.stringify(strict)), "--base", b, "--trained", t);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("MISS retention >= +0.02 at t >= 2: t 1.02 < 2 (n = 12)");
    expect(r.stdout).toContain("VERDICT: NOT CERTIFIED (bars missed on primary: retention >= +0.02 at t >= 2)");
  });

  it("exits 2 with one line for unstamped banks and for a missing pre-registration", async () => {
    const unstamped = write("unstamped.jsonl", toJsonl(bank(TRAINED_C, TRAINED_TASTE)));
    const r = await run("--prereg", prereg, "--base", base, "--trained", unstamped);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/^foolsgold: primary trained bank row 1 \(seed 20000000\): carries no pre-registration stamp/);
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
    const status = await main(["node", "foolsgold", "simulate", "--set", "demo", "--limit", "2", "--turns", "2", "--prereg", prereg, "--out", out]).finally(() => spy.mockRestore());
    expect(status).toBe(0);
    const rows = readJsonl<TranscriptRow>(out).rows;
    expect(rows).toHaveLength(2);
    expect(verifyStamps({ simulated: rows }, parsePreregistration(registered, "fixture")).hash).toBe(stamp.hash);
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

  it("reports without certifying under --allow-unregistered", async () => {
    const r = await run("--allow-unregistered", "--base", base, "--trained", trained);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("NOT PRE-REGISTERED");
    expect(r.stdout).toContain("VERDICT: NOT CERTIFIED (not pre-registered)");
  });
});
