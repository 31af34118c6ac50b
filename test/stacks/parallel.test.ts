// Scoring a bank on two threads gives the one-thread bytes in the same order: rows that the prose
// gates compare (same prompt or group) stay in one call, a bad row is still reported on its own
// row, and a worker that dies is an error for the call, not a missing score.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { openScorer, type OpenedScorer } from "../../src/stacks/open.js";
import { chunkRows, MIN_BYTES_PER_THREAD, scoreInParallel, threadsFor } from "../../src/stacks/parallel.js";
import { scenarioKey } from "../../src/terms/prose/stack/gates.js";
import { runMain } from "../helpers/capture-output.js";

const SENTENCES = [
  "The rain had not stopped for three days, and the river was rising under the old stone bridge.",
  "Mara pulled her coat tighter and counted the lanterns along the quay, one by one.",
  '"You\'re late," said the ferryman, without looking up from the rope he was splicing.',
  "She had no answer for him that he would believe, so she paid the fare and sat down.",
  "Somewhere behind them a dog barked twice and then thought better of it.",
  "The boat smelled of tar and wet wool; a child slept on a sack of onions near the stern.",
  "When they reached the far bank the bells of the cathedral were ringing nine.",
  "Her brother's letter was still folded in her glove, unread since the morning.",
  "A testament to the tapestry of fate, the city shimmered, a beacon in the gathering dusk.",
  "He laughed at that — not unkindly — and handed her the lamp.",
  "It wasn't fear, but something quieter, like the pause before a door is opened.",
  "The market was closing; fishmongers sluiced their tables and argued about the price of eels.",
];
const PROMPTS = ["Write a story about a ferry crossing at night.", "Write a scene in which a letter arrives too late.", "Describe a market at closing time.", "Write about a river town in the rain."];

function bank(): BankRow[] {
  return Array.from({ length: 96 }, (_, i) => {
    const n = i % 9 === 4 ? 1 : 4 + ((i * 5) % 9);
    const output = i === 41 ? (42 as unknown as string) : Array.from({ length: n }, (_, k) => SENTENCES[(i * 7 + k * 3) % SENTENCES.length]).join(i % 2 ? " " : "\n\n");
    return { id: `r${i}`, prompt: PROMPTS[i % PROMPTS.length], output, ...(i % 10 === 3 ? { group_id: `g${i % 3}` } : {}) };
  });
}

let opened: OpenedScorer;
let dir: string;
beforeAll(async () => {
  opened = await openScorer({ stack: "prose", cache: false });
  dir = mkdtempSync(join(tmpdir(), "fg-parallel-"));
});
afterAll(async () => {
  await opened?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("chunkRows", () => {
  it("covers every row once and keeps rows with one key in one chunk", () => {
    const rows = bank();
    const chunks = chunkRows(rows, (r) => scenarioKey(r, true), 16);
    expect(chunks.flat().sort((a, b) => a - b)).toEqual(rows.map((_, i) => i));
    const chunkOf = new Map<string, number>();
    chunks.forEach((c, k) =>
      c.forEach((i) => {
        const key = scenarioKey(rows[i], true)!;
        expect(chunkOf.get(key) ?? k).toBe(k);
        chunkOf.set(key, k);
      }),
    );
    const free = chunkRows(rows, () => undefined, 16);
    expect(free.length).toBeGreaterThan(8);
    expect(free.every((c) => c.every((i, k) => k === 0 || i > c[k - 1]))).toBe(true);
  });

  it("takes the threads asked for, or one per core with MIN_BYTES_PER_THREAD of input each", () => {
    expect(threadsFor(MIN_BYTES_PER_THREAD - 1, undefined)).toBe(1);
    expect(threadsFor(1000 * MIN_BYTES_PER_THREAD, undefined)).toBe(availableParallelism());
    expect(threadsFor(10, 3)).toBe(3);
    expect(threadsFor(1e9, 1)).toBe(1);
  });
});

describe("scoreInParallel", () => {
  it("gives the one-thread scores, in order, with the bad row's error on that row", async () => {
    const rows = bank();
    const one = await opened.scorer.scoreRows(rows);
    const two = await scoreInParallel(opened.scorer, opened.definition, rows, { threads: 2, open: { stack: "prose", cache: false } });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    expect(two[41]).toMatchObject({ value: null, error_kind: "input" });
    expect(two[41].error).toContain("row r41");
    // The gates compared rows across the call: short replies are gated against their prompt's median.
    expect(one.filter((s) => s.terms.gates?.value === 0).length).toBeGreaterThan(0);
    expect(one.filter((s) => typeof s.value === "number" && s.value > 0).length).toBeGreaterThan(40);
  }, 120_000);

  it("fails the call, naming the thread, when a worker dies", async () => {
    const rows = bank();
    await expect(scoreInParallel(opened.scorer, opened.definition, rows, { threads: 1, scoreHere: false, open: { stack: "prose", cache: false }, resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 } })).rejects.toThrow(
      /scoring thread 1 (crashed|exited)/,
    );
  }, 120_000);

  it("fails the call when a worker is asked to open a stack that needs models, before it opens any", async () => {
    // score starts its workers before it knows the stack's roles; an embedded judge would be a server per thread.
    const config = join(dir, "judge.yaml");
    writeFileSync(config, "models:\n  judge:\n    baseUrl: embedded\n");
    await expect(scoreInParallel(opened.scorer, opened.definition, bank(), { threads: 1, scoreHere: false, open: { stack: "prose", cache: false, config } })).rejects.toThrow(
      /scoring thread 1 failed to start: the prose stack with model roles \(judge\) is scored on one thread/,
    );
  }, 120_000);

  it("fails the call when a worker cannot open the stack", async () => {
    await expect(scoreInParallel(opened.scorer, opened.definition, bank(), { threads: 1, scoreHere: false, open: { stack: "prose", cache: false, overrides: { preset: "no-such" } } })).rejects.toThrow(
      /scoring thread 1 failed to start: options/,
    );
  }, 120_000);
});

describe("foolsgold score --workers", () => {
  it("writes the same bytes with 1 and 2 threads, and refuses 0", async () => {
    const rows = bank().filter((r) => typeof r.output === "string");
    const input = join(dir, "bank.jsonl");
    writeFileSync(input, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const outs = [];
    for (const workers of ["1", "2"]) {
      const out = join(dir, `scored-${workers}.jsonl`);
      const run = await runMain(["score", "--stack", "prose", "--in", input, "--out", out, "--workers", workers]);
      expect(run.status).toBe(0);
      outs.push(readFileSync(out, "utf8"));
    }
    expect(outs[1]).toBe(outs[0]);
    expect(
      outs[0]
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).id),
    ).toEqual(rows.map((r) => r.id));
    // Workers start before the stack is resolved; a config with a model role keeps the bank on this thread.
    const config = join(dir, "client.yaml");
    writeFileSync(config, "models:\n  judge:\n    baseUrl: http://127.0.0.1:9/v1\n    model: m\n");
    const withRole = await runMain(["score", "--stack", "prose", "--config", config, "--in", input, "--out", join(dir, "scored-role.jsonl"), "--workers", "2", "--no-cache"]);
    expect(withRole.stderr).toBe("");
    expect(withRole.status).toBe(0);
    expect(readFileSync(join(dir, "scored-role.jsonl"), "utf8")).toBe(outs[0]);
    const bad = await runMain(["score", "--stack", "prose", "--in", input, "--out", join(dir, "x.jsonl"), "--workers", "0"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--workers/);
  }, 120_000);

  it("reports this thread's own error when it cannot open the stack, as one thread does, not a worker's or a row's", async () => {
    // This thread opens its scorer before it reads the bank or hands out chunks (a stop-30 attempt to read
    // first let a worker's start-up error, or a bad row, be reported ahead of it).
    const rows = bank().filter((r) => typeof r.output === "string");
    const input = join(dir, "bank-bad-dict.jsonl");
    writeFileSync(input, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const badRow = join(dir, "bank-bad-row.jsonl");
    writeFileSync(
      badRow,
      rows
        .slice(0, 5)
        .map((r) => JSON.stringify(r))
        .join("\n") + "\n{not json\n",
    );
    const dictionary = join(dir, "bad-dictionary.json");
    writeFileSync(dictionary, "garbage");
    for (const bank of [input, badRow]) {
      for (const workers of ["1", "2"]) {
        const run = await runMain(["score", "--stack", "prose", "--in", bank, "--out", join(dir, "x.jsonl"), "--workers", workers, "--dictionary", dictionary]);
        expect(run.status).toBe(2);
        expect(run.stderr.trim().split("\n")).toHaveLength(1);
        expect(run.stderr).toMatch(/bad-dictionary\.json: .*not valid JSON/);
        expect(run.stderr).not.toMatch(/scoring thread|bank-bad-row/);
      }
    }
  }, 120_000);
});
