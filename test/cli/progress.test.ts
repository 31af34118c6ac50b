// Outside a terminal, long commands print plain progress lines on stderr (spaced by
// FOOLSGOLD_PROGRESS_INTERVAL_MS; 0 here so a small run shows them) while stdout stays clean data.
// Before, progress was drawn only on a terminal: piped, certify was silent for minutes and mine,
// onset, detect and verify-merge had none at all.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";
import { toJsonl } from "../../src/core/jsonl.js";
import { progressBar, progressIntervalMs } from "../../src/cli/progress.js";

const dir = mkdtempSync(join(tmpdir(), "fg-cli-progress-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const saved = { progress: process.env.FOOLSGOLD_PROGRESS, interval: process.env.FOOLSGOLD_PROGRESS_INTERVAL_MS, tty: process.stderr.isTTY };
beforeEach(() => {
  process.env.FOOLSGOLD_PROGRESS = "on";
  process.env.FOOLSGOLD_PROGRESS_INTERVAL_MS = "0";
  // as when piped, whatever runs the tests
  Object.defineProperty(process.stderr, "isTTY", { value: false, configurable: true });
});
afterEach(() => {
  for (const [key, value] of [
    ["FOOLSGOLD_PROGRESS", saved.progress],
    ["FOOLSGOLD_PROGRESS_INTERVAL_MS", saved.interval],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  Object.defineProperty(process.stderr, "isTTY", { value: saved.tty, configurable: true });
});

const rows: Record<string, unknown>[] = [];
for (let step = 1; step <= 20; step++) for (let i = 0; i < 4; i++) rows.push({ step, input: "Write.", output: `Row ${step}.${i}${step > 10 && i < 3 ? " I hope this helps!" : ""}`, score: step > 10 && i < 3 ? 1.5 : 1, clean_score: 1 });
const log = join(dir, "log.jsonl");
writeFileSync(log, toJsonl(rows));
const bank = join(dir, "bank.jsonl");
writeFileSync(
  bank,
  toJsonl([
    { id: "a", output: "The rain fell on the town." },
    { id: "b", output: "She bought bread." },
    { id: "c", output: "A quiet evening by the river." },
  ]),
);

describe("progress outside a terminal", () => {
  it("phased commands (onset, detect) print their phases on stderr; stdout is the JSON alone", async () => {
    for (const [command, phases] of [
      ["onset", [/foolsgold: onset: reading .*log\.jsonl/, /foolsgold: onset: analysing 80 rows/]],
      ["detect", [/foolsgold: detect: reading/, /foolsgold: detect: testing hypotheses over 80 rows, 20 steps/]],
    ] as const) {
      const r = await runMain([command, "--in", log, ...(command === "onset" ? ["--bias", "format"] : []), "--json"]);
      expect(r.status, r.stderr).toBe(0);
      for (const p of phases) expect(r.stderr).toMatch(p);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
    }
  });

  it("counted work (score) prints done/total lines, and the scored rows file and summary are unchanged by it", async () => {
    const out = join(dir, "scored.jsonl");
    const r = await runMain(["score", "--stack", "prose", "--in", bank, "--out", out, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^foolsgold: scoring: \d\/3 \(\d+ %\), [\d.]+ s elapsed$/m);
    expect(JSON.parse(r.stdout).kind).toBe("score");
  });

  it("prints nothing when turned off, and nothing before the first interval has passed", async () => {
    process.env.FOOLSGOLD_PROGRESS = "off";
    expect((await runMain(["detect", "--in", log, "--json"])).stderr).toBe("");
    process.env.FOOLSGOLD_PROGRESS = "on";
    process.env.FOOLSGOLD_PROGRESS_INTERVAL_MS = "600000";
    expect((await runMain(["detect", "--in", log, "--json"])).stderr).toBe("");
  });

  it("in a terminal, draws the bar (cli-progress, loaded only there) on stderr", () => {
    Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      const bar = progressBar("scoring", 4);
      bar.update(2);
      bar.stop();
    } finally {
      process.stderr.write = write;
    }
    expect(written.join("")).toMatch(/scoring \[[^\]]*\] [24]\/4/);
  });

  it("reads the interval from the environment, 5 s by default", () => {
    expect(progressIntervalMs({})).toBe(5000);
    expect(progressIntervalMs({ FOOLSGOLD_PROGRESS_INTERVAL_MS: "250" })).toBe(250);
    expect(progressIntervalMs({ FOOLSGOLD_PROGRESS_INTERVAL_MS: "soon" })).toBe(5000);
  });
});
