// `foolsgold calibrate-floor` on a small hand-written dialogue file with the embedded USE-lite embedder:
// the artifact's percentiles are those of the g it measured, with n and bootstrap intervals; bad flags
// are one-line input errors (exit 2).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";
import { quantile } from "../../src/stats/index.js";
import { captureOutput } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-calibrate-floor-"));
afterEach(() => vi.restoreAllMocks());

const lines = [
  ["Is the budget spreadsheet ready?", "Almost, the travel column is off.", "Can you fix it by Friday?", "Yes, I'll recheck the receipts tonight.", "Thanks, send it to Dana.", "Will do, right after lunch."],
  ["The printer is jammed again.", "Did you try the back tray?", "Yes, and now it's blinking.", "Then I'll call the repair desk.", "We need forty copies by ten.", "Use the printer on the second floor."],
  ["We move desks next week.", "Nobody has labeled their boxes yet.", "The movers come Monday at eight.", "I'll send a reminder to label everything.", "Put the labels on the top.", "Good idea, they stack the boxes."],
  ["The client deck needs a summary slide.", "I can write it now.", "Slide six has the wrong year too.", "I'll fix the chart while I'm at it.", "The call starts at two.", "It will be ready by one."],
  ["Who is taking the new hire to lunch?", "I can, I'm free at noon.", "Her laptop isn't imaged yet.", "IT said it will be done by ten.", "Show her the shared drive after lunch.", "Sure, and the expense tool too."],
];
const file = join(dir, "dialogues.jsonl");
writeFileSync(file, lines.map((turns) => JSON.stringify({ topic: "work", turns })).join("\n") + "\n");

describe("foolsgold calibrate-floor", () => {
  it("writes the floor and ceiling with n and bootstrap CIs, from the g it measured", async () => {
    const out = captureOutput();
    const artifact = join(dir, "floor.json");
    const code = await main(["node", "foolsgold", "calibrate-floor", "--no-cache", "--data", file, "--topic", "work", "--batch", "5", "--resamples", "200", "--out", artifact, "--json"]);
    expect(code, out.join("")).toBe(0);
    const a = JSON.parse(readFileSync(artifact, "utf8"));
    expect(a.kind).toBe("calibrate-floor");
    expect(a.params).toMatchObject({ format: "dailydialog", window: 2, batch: 5, concurrency: 1 });
    const r = a.result;
    expect(r.n).toBe(20); // 5 dialogues × (6 − 2) replies with a full window
    expect(r.conversations).toBe(5);
    expect(r.floor.p).toBe(0.05);
    expect(r.ceiling.p).toBe(0.9);
    expect(r.floor.estimate).toBeLessThan(r.ceiling.estimate);
    expect(r.floor.ci[0]).toBeLessThanOrEqual(r.floor.estimate);
    expect(r.ceiling.ci[1]).toBeGreaterThanOrEqual(r.ceiling.estimate);
    expect(r.quantiles.p5).toBe(r.floor.estimate);
    expect(r.quantiles.p90).toBe(r.ceiling.estimate);
    // on-topic office replies are positively similar to the turns before them
    expect(r.quantiles.p50).toBeGreaterThan(0.1);
    expect(r.bootstrap).toEqual({ resamples: 200, seed: "0", method: "percentile", unit: "reply" });
    expect(quantile([r.floor.estimate, r.ceiling.estimate], 0)).toBe(r.floor.estimate);
  });

  it("prints a readable summary and progress without --json", async () => {
    const out = captureOutput();
    expect(await main(["node", "foolsgold", "calibrate-floor", "--no-cache", "--data", file, "--resamples", "100", "--batch", "8"])).toBe(0);
    const text = out.join("");
    expect(text).toMatch(/n = 20 \(from 5 conversations\)/);
    expect(text).toMatch(/floor {3}\(p5\): 0\.\d{4} {2}95% CI/);
    expect(text).toMatch(/embedded (\d+)\/\1 texts/);
  });

  it("refuses bad flags and unusable data with one line (exit 2)", async () => {
    const out = captureOutput();
    expect(await main(["node", "foolsgold", "calibrate-floor", "--no-cache", "--data", file, "--floor-percentile", "2"])).toBe(2);
    expect(out.join("")).toMatch(/--floor-percentile: must be a number in \(0, 1\), got "2"/);
    const bad = join(dir, "bad.jsonl");
    writeFileSync(bad, JSON.stringify({ hello: 1 }) + "\n");
    expect(await main(["node", "foolsgold", "calibrate-floor", "--no-cache", "--data", bad])).toBe(2);
    expect(out.join("")).toMatch(/row 1: not a dialogue row/);
    expect(await main(["node", "foolsgold", "calibrate-floor", "--no-cache", "--data", file, "--topic", "travel"])).toBe(2);
    expect(out.join("")).toMatch(/only 0 replies/);
  });
});
