// `score` on several threads sets a smaller V8 inlining budget for its process (src/cli/thread-inlining.ts);
// the scores are the same bytes either way.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { THREAD_INLINING_ENV, THREAD_INLINING_FLAG, threadInliningFlags } from "../../src/cli/thread-inlining.js";

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), "fg-inlining-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = join(import.meta.dirname, "../../bin/foolsgold.js");

describe("threadInliningFlags", () => {
  it("gives the smaller budget to several threads only, keeps V8's on request, and names a bad setting", () => {
    expect(threadInliningFlags(2, {})).toEqual([THREAD_INLINING_FLAG]);
    expect(threadInliningFlags(1, {})).toEqual([]);
    expect(threadInliningFlags(4, { [THREAD_INLINING_ENV]: "small" })).toEqual([THREAD_INLINING_FLAG]);
    expect(threadInliningFlags(2, { [THREAD_INLINING_ENV]: "default" })).toEqual([]);
    expect(() => threadInliningFlags(1, { [THREAD_INLINING_ENV]: "--expose-gc" })).toThrow(/FOOLSGOLD_THREAD_INLINING: expected "small" or "default", got "--expose-gc"/);
  });
});

describe("score --workers 2 with and without the smaller budget", () => {
  it("writes the same bytes, and a bad setting is exit 2 with one line", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => JSON.stringify({ id: `r${i}`, prompt: `Prompt ${i % 5}`, output: `She walked to the door ${i} times, and the rain kept on falling over the quiet town.` }));
    const input = join(dir, "in.jsonl");
    writeFileSync(input, rows.join("\n") + "\n");
    const env = (setting?: string): NodeJS.ProcessEnv => ({ ...process.env, FOOLSGOLD_PROGRESS: "off", ...(setting ? { [THREAD_INLINING_ENV]: setting } : {}) });
    const score = (out: string, setting?: string) => run(process.execPath, [bin, "score", "--stack", "prose", "--in", input, "--out", join(dir, out), "--workers", "2"], { env: env(setting) });
    await score("small.jsonl");
    await score("default.jsonl", "default");
    expect(readFileSync(join(dir, "small.jsonl"), "utf8")).toBe(readFileSync(join(dir, "default.jsonl"), "utf8"));
    const bad = await score("bad.jsonl", "huge").then(
      () => ({ code: 0, stderr: "" }),
      (err: { code: number; stderr: string }) => err,
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/FOOLSGOLD_THREAD_INLINING: expected "small" or "default"/);
  }, 120_000);
});
