// Ctrl-C during `score --workers 2` (real binary, prose stack split across a worker thread): the rows
// every thread has scored so far are written (the unbroken run from the first row, so --resume can go
// on from it), the message says how many and how to resume, and --resume scores only the rest.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonl } from "../../src/core/jsonl.js";
import { scoreUntil } from "../helpers/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "fg-score-interrupt-workers-"));
const N = 2400;
const bank = join(dir, "bank.jsonl");
const reply = (i: number): string =>
  `Row ${i}. The lighthouse keeper counted ${i} gulls before the fog rolled in, and each one seemed to carry a small grudge against the sea. ` +
  `She wrote their names in a ledger, crossed out the ones that flew off, and wondered whether ${i % 7} of them would return by morning. `.repeat(1 + (i % 3));
writeFileSync(bank, Array.from({ length: N }, (_, i) => JSON.stringify({ id: `r${i}`, prompt: `Write a short scene about gull ${i}.`, output: reply(i) })).join("\n") + "\n");

const score = (out: string, extra: string[], stopAt?: number) => scoreUntil(["--stack", "prose", "--in", bank, "--out", out, "--no-cache", "--workers", "2", ...extra], stopAt === undefined ? undefined : { rows: stopAt, signal: "SIGINT" });

describe("score --workers 2 stopped by Ctrl-C", () => {
  it("writes the rows scored so far by every thread, and --resume finishes them", async () => {
    const out = join(dir, "scored.jsonl");
    const stopped = await score(out, [], N / 8);
    expect(stopped.code, stopped.stderr.slice(-600)).toBe(130);
    const m = stopped.stderr.match(new RegExp(`stopped by SIGINT: (\\d+) of ${N} rows scored and written to .*; to score the other (\\d+), run the same command with --resume`));
    expect(m, stopped.stderr.slice(-600)).not.toBeNull();
    const k = Number(m![1]);
    expect(k).toBeGreaterThan(0);
    expect(k).toBeLessThan(N);
    const partial = readJsonl<{ id: string; score: { value: number | null; error?: string } }>(out).rows;
    expect(partial.map((r) => r.id)).toEqual(Array.from({ length: k }, (_, i) => `r${i}`));
    for (const r of partial) expect(r.score.error).toBeUndefined();

    const resumed = await score(out, ["--resume"]);
    expect(resumed.code, resumed.stderr.slice(-600)).toBe(0);
    const all = readJsonl<{ id: string; score: { value: number | null } }>(out).rows;
    expect(all.map((r) => r.id)).toEqual(Array.from({ length: N }, (_, i) => `r${i}`));
    expect(all.slice(0, k)).toEqual(partial);
    expect(resumed.stderr).toMatch(new RegExp(`scoring: ${N - k}/${N - k}`));
  }, 300_000);
});
