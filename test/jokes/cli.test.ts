// `foolsgold jokes` end to end as a user runs it: a real process, the embedded models, files out.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
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

  it("names the problem and exits 2 on bad input", async () => {
    const bad = await cli(["jokes", "evaluate", "--n", "zero"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--n: must be a positive integer, got "zero"/);
  });
});
