// Scoring the same row under the same instrument gives the same bits whatever was scored before it and
// in whichever process: a batch resent after other traffic, and the same batch scored by another
// process (the CLI), through the model-based vrcli stack on the embedded reference LM.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer, type OpenedScorer } from "../../src/stacks/open.js";

const BIN = resolve(import.meta.dirname, "../../bin/foolsgold.js");
const setup = "Why did the scarecrow win an award?";
const batch: BankRow[] = [
  { id: "a", prompt: setup, output: "<think>farm field, outstanding in a field</think> He was outstanding in his field.", meta: { punchline: "Because he was outstanding in his field." } },
  { id: "b", prompt: setup, output: "<think>crows</think> Crows.", meta: { punchline: "Because he was outstanding in his field." } },
  { id: "c", prompt: "Why don't skeletons fight each other?", output: "<think>no guts, bones</think> No guts.", meta: { punchline: "They don't have the guts." } },
];
const traffic: BankRow[] = Array.from({ length: 20 }, (_, i) => ({
  id: `t${i}`,
  prompt: `Why is ${i} afraid of ${i + 1}?`,
  output: `<think>numbers ${i}</think> Because ${i + 1} ate.`,
  meta: { punchline: `Because ${i + 1} ${i + 2} ${i + 3}.` },
}));

let opened: OpenedScorer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fg-same-bits-"));
  opened = await openScorer({ stack: "vrcli", cache: false });
});
afterAll(async () => {
  await opened?.close();
  rmSync(dir, { recursive: true, force: true });
});

const bits = (scores: Score[]) => scores.map((s) => [s.value, s.instrument, s.error]);

describe("same row, same instrument, same bits", () => {
  it("after other traffic, alone or mixed into a larger batch", async () => {
    const first = await opened.scorer.scoreRows(batch);
    expect(first.every((s) => typeof s.value === "number")).toBe(true);
    await opened.scorer.scoreRows(traffic);
    const again = await opened.scorer.scoreRows(batch);
    const mixed = await opened.scorer.scoreRows([...traffic.slice(0, 7), ...batch, ...traffic.slice(7)]);
    expect(bits(again)).toEqual(bits(first));
    expect(bits(mixed.slice(7, 10))).toEqual(bits(first));
    expect(again.map((s) => s.terms)).toEqual(first.map((s) => s.terms));
  });

  it("in another process", async () => {
    const here = await opened.scorer.scoreRows(batch);
    const bank = join(dir, "bank.jsonl");
    const out = join(dir, "scored.jsonl");
    writeFileSync(bank, batch.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const run = spawnSync(process.execPath, [BIN, "score", "--stack", "vrcli", "--in", bank, "--out", out, "--no-cache"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const there = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { score: Score }).score);
    expect(bits(there)).toEqual(bits(here));
  });
});
