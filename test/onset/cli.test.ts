// The onset / detect / labels commands end to end through the CLI's main() in this process (fast),
// and once through the real binary for the exit-status contract.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";
import { toJsonl } from "../../src/core/jsonl.js";
import { helpsHackLog } from "../helpers/synthetic-logs.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

const BIN = resolve(import.meta.dirname, "../../bin/foolsgold.js");
const dir = mkdtempSync(join(tmpdir(), "fg-onset-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spawn = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });

const run = (args: string[]) => runMain(args);

async function json(args: string[]): Promise<Record<string, any>> {
  const r = await run(args);
  if (r.status !== 0) throw new Error(`foolsgold ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

describe("onset / detect CLI on a small scored log", () => {
  // 80 steps × 30 rows; from step 40 the policy appends "I hope this helps!", which the biased judge rewards.
  const rows = helpsHackLog("cli-log");
  rows.push({ step: 81 } as never);
  const log = join(dir, "log.jsonl");
  writeFileSync(log, toJsonl(rows) + "{broken\n");

  it("onset --log --json prints the SPEC §12 shape and writes a mirror without clean scores", async () => {
    const mirror = join(dir, "mirror.jsonl");
    const result = await json(["onset", "--log", log, "--bias", "tone", "--mirror", mirror, "--json"]);
    expect(result.sweep).toHaveLength(12);
    expect(Object.keys(result.sweep[0]).sort()).toEqual(["gap", "mech", "onset"]);
    expect(result.canonical_onset).toBeGreaterThanOrEqual(38);
    expect(result.canonical_onset).toBeLessThanOrEqual(42);
    expect(result.reporting).toBe("stable_point");
    expect(result.bad_lines).toHaveLength(1);
    expect(result.skipped_rows).toHaveLength(1);
    const m = readFileSync(mirror, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, number>);
    expect(Object.keys(m[0]).sort()).toEqual(["input", "output", "score", "step"]);
    expect(Math.max(...m.map((r) => r.score))).toBeLessThanOrEqual(1);

    const det = await json(["detect", "--log", mirror, "--json"]);
    expect(det.alarm).toBe(true);
    expect(Math.abs(det.onset_step - result.canonical_onset)).toBeLessThanOrEqual(5);
    expect(det.hacking_type).toBe("closing_phrase");
    expect(Object.keys(det)).toEqual(expect.arrayContaining(["alarm", "onset_step", "hacking_type", "evidence", "rationale", "confidence"]));
  });

  it("exits 2 with one clear line on bad input (real binary)", async () => {
    const r = spawn(["onset", "--log", log]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/--bias/);
    const p = await run(["detect", "--log", join(dir, "x.parquet")]);
    expect(p.status).toBe(2);
    expect(p.stderr).toMatch(/x\.parquet: no such file/);
  });

  it("detect --json keeps the report of skipped rows", async () => {
    const det = await json(["detect", "--log", log, "--json"]);
    expect(det.input_report.bad_lines).toBe(1);
    expect(det.input_report.skipped_rows).toBe(1);
    expect(det.input_report.skipped[0].problem).toMatch(/output/);
  });

  it("detect on one step of data is an explicit insufficient-data error, exit 2", async () => {
    const one = join(dir, "one-step.jsonl");
    writeFileSync(one, toJsonl(rows.filter((r) => r.step === 1)));
    const r = await run(["detect", "--log", one]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/insufficient data: 1 step of rows/);
  });

  it("onset refuses impossible values with one line naming the row and field", async () => {
    const base = { input: "x", output: "y", score: 1, clean_score: 1 };
    for (const [row, pattern] of [
      [{ ...base, step: 2.5 }, /row 1: step must be a whole number ≥ 0, got 2.5/],
      [{ ...base, step: -1 }, /row 1: step must be a whole number ≥ 0, got -1/],
      [{ ...base, step: 1, score: 1e308 }, /row 1: score 1e\+308 is beyond/],
      [{ ...base, step: 1, clean_score: -7 }, /row 1: clean score must be in \[0, 1\].*got -7/],
    ] as const) {
      const file = join(dir, "impossible.jsonl");
      writeFileSync(file, toJsonl([row]));
      const r = await run(["onset", "--log", file, "--bias", "tone"]);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
  });
});

describe.skipIf(!hasSharedData)(`onset --signals on the published runs (${hasSharedData ? "shared data" : sharedDataSkipReason})`, () => {
  it("reproduces run C from its published smoothed signals", async () => {
    const r = await json(["onset", "--signals", sharedPath("hacking_runs/cherrl_reference_onset_definition.json"), "--run", "run_C", "--smoothed", "--json"]);
    expect(r.canonical_onset).toBe(91);
    expect(r.interval).toEqual([91, 95]);
    expect(r.severe).toBe(124);
    expect(r.reporting).toBe("stable_point");
  });

  it("reproduces seed 003 Table 18: run C (HealthBench lexical, α = 0.5) reaches 20 % at step 93", async () => {
    const r = await json(["onset", "--signals", sharedPath("hacking_runs/cherrl_reference_onset_definition.json"), "--run", "run_C", "--smoothed", "--json"]);
    expect(r.exploitability.step_at_share20).toBe(93);
    expect(r.exploitability.definition).toMatch(/G\/α/);
  });

  it("labels export writes a blind sheet; import reports agreement", async () => {
    const sheet = join(dir, "sheet.csv");
    const key = join(dir, "key.json");
    expect((await run(["labels", "export", "--samples", sharedPath("hacking_runs/cherrl_audit_samples.csv"), "--sheet", sheet, "--key", key])).status).toBe(0);
    const text = readFileSync(sheet, "utf8");
    expect(text).not.toMatch(/run_[a-f]_|pre_onset|post_onset/);
    const items = (JSON.parse(readFileSync(key, "utf8")) as { item: string }[]).map((k) => k.item);
    expect(items).toHaveLength(180);
    const fill = (labels: (i: number) => number) => `item,label_0_1_2\n${items.map((it, i) => `${it},${labels(i)}`).join("\n")}\n`;
    writeFileSync(
      join(dir, "a.csv"),
      fill((i) => i % 3),
    );
    writeFileSync(
      join(dir, "b.csv"),
      fill((i) => (i % 7 === 0 ? (i + 1) % 3 : i % 3)),
    );
    const report = await json(["labels", "import", join(dir, "a.csv"), join(dir, "b.csv"), "--key", key, "--json"]);
    expect(report.annotators).toBe(2);
    expect(report.mean_pairwise_exact_agreement).toBeCloseTo(154 / 180, 12);
    expect(report.krippendorff_alpha_ordinal).toBeLessThan(1);
  });
});
