// `foolsgold jokes` end to end as a user runs it: a real process, the embedded models, files out.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { scoredDataGroupSchema } from "../../src/envs/jokes/scored-group.js";

const run = promisify(execFile);
const bin = resolve(import.meta.dirname, "../../bin/foolsgold.js");
const dir = mkdtempSync(join(tmpdir(), "fg-jokes-cli-"));

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, ...args], { cwd: resolve(import.meta.dirname, "../.."), timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

describe("foolsgold jokes", () => {
  it("evaluate --json prints {n, mean, ci} and writes the artifact", async () => {
    const out = join(dir, "eval.json");
    const { code, stdout, stderr } = await cli(["jokes", "evaluate", "--n", "8", "--max-tokens", "8", "--whole-reply", "--no-cache", "--json", "--out", out]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.n).toBe(8);
    expect(result.mean).toBeGreaterThanOrEqual(0);
    expect(result.ci[0]).toBeLessThanOrEqual(result.mean);
    expect(result.ci[1]).toBeGreaterThanOrEqual(result.mean);
    const artifact = JSON.parse(readFileSync(out, "utf8"));
    expect(artifact.kind).toBe("jokes-evaluate");
    expect(artifact.params.models.reference.baseUrl).toBe("embedded");
  });

  it("process writes scored groups and a dropped file, accounting for every group", async () => {
    const groups = join(dir, "groups.jsonl");
    const dropped = join(dir, "dropped.jsonl");
    const { code, stdout } = await cli(["jokes", "process", "--groups", "3", "--max-tokens", "8", "--whole-reply", "--keep-truncated", "--no-cache", "--write", groups, "--dropped", dropped, "--json"]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    const written = readFileSync(groups, "utf8").split("\n").filter(Boolean);
    const droppedLines = readFileSync(dropped, "utf8").split("\n").filter(Boolean);
    expect(written.length).toBe(result.written);
    expect(droppedLines.length).toBe(result.dropped.length);
    expect(written.length + droppedLines.length).toBe(3);
    for (const line of written) expect(scoredDataGroupSchema.parse(JSON.parse(line)).scores).toHaveLength(8);
  });

  it("evaluate on the embedded defaults reports a distribution, not 64 format failures (offline retrieval reasoner)", async () => {
    const { code, stdout } = await cli(["jokes", "evaluate", "--no-cache", "--json"]);
    expect(code).toBe(0);
    const r = JSON.parse(stdout);
    expect(r.n).toBe(64);
    expect(r.sd).toBeGreaterThan(0);
    expect(r.broken.k).toBeLessThanOrEqual(32);
    expect(r.max).toBeGreaterThan(0);
    // Never the held-out gold: no sample's reasoning contains its own gold punchline.
    for (const s of r.samples) expect(s.completion.split("</think>")[0]).not.toContain(s.gold);
  }, 120_000);

  it("says plainly, before any mean, when most samples fail the format", async () => {
    const { code, stdout } = await cli(["jokes", "evaluate", "--policy", "model", "--n", "6", "--max-tokens", "8", "--no-cache"]);
    expect(code).toBe(0);
    expect(stdout.split("\n")[0]).toMatch(/^FORMAT FAILURE: 6 of 6 completions have no usable <think> reasoning/);
  });

  it("process emits tokens and masks on every group with the embedded tokenizer", async () => {
    const groups = join(dir, "groups-tokens.jsonl");
    const { code, stdout } = await cli(["jokes", "process", "--groups", "16", "--no-cache", "--write", groups, "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).tokens).toBe(true);
    const written = readFileSync(groups, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(written.length).toBeGreaterThan(0);
    for (const g of written) {
      expect(g.tokens).toHaveLength(8);
      expect(g.masks.map((m: number[]) => m.length)).toEqual(g.tokens.map((t: number[]) => t.length));
    }
  }, 120_000);

  it("jokes data on an empty file is an error naming the file, exit 2", async () => {
    const empty = join(dir, "empty.jsonl");
    writeFileSync(empty, "");
    const r = await cli(["jokes", "data", "--data", empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/empty\.jsonl: holds no joke records/);
  });

  it("names the problem and exits 2 on bad input", async () => {
    const bad = await cli(["jokes", "evaluate", "--n", "zero"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--n: must be a positive integer, got "zero"/);
  });
});
