// Ctrl-C and SIGTERM during `score` (real binary, real embedded models): the rows scored so far are
// written, the message says how many and how to resume, and --resume scores only the rest.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJsonl } from "../../src/core/jsonl.js";
import { scoreUntil } from "../helpers/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "fg-score-interrupt-"));
const N = 120;
const bank = join(dir, "transcripts.jsonl");
writeFileSync(
  bank,
  Array.from({ length: N }, (_, i) =>
    JSON.stringify({
      id: `t${i}`,
      seed: i,
      turns: [
        { speaker: "user", text: `Tell me something funny about the number ${i}.` },
        { speaker: "policy", text: `Why did ${i} cross the road? To reach ${i + 1}.` },
      ],
    }),
  ).join("\n") + "\n",
);

const score = (out: string, extra: string[], signalAt?: { rows: number; signal: NodeJS.Signals }) => scoreUntil(["--stack", "humor", "--in", bank, "--out", out, "--no-cache", ...extra], signalAt);

describe("score stopped by a signal", () => {
  for (const [signal, status] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    it(`${signal} writes the rows scored so far and --resume finishes them`, async () => {
      const out = join(dir, `scored-${signal}.jsonl`);
      const stopped = await score(out, [], { rows: 10, signal });
      expect(stopped.code, stopped.stderr.slice(-600)).toBe(status);
      const m = stopped.stderr.match(new RegExp(`stopped by ${signal}: (\\d+) of ${N} rows scored and written to .*; to score the other (\\d+), run the same command with --resume`));
      expect(m, stopped.stderr).not.toBeNull();
      const k = Number(m![1]);
      expect(k).toBeGreaterThanOrEqual(10);
      expect(k).toBeLessThan(N);
      const partial = readJsonl<{ id: string; score: { value: number } }>(out).rows;
      expect(partial.map((r) => r.id)).toEqual(Array.from({ length: k }, (_, i) => `t${i}`));
      for (const r of partial) expect(Number.isFinite(r.score.value)).toBe(true);

      const resumed = await score(out, ["--resume"]);
      expect(resumed.code, resumed.stderr).toBe(0);
      const all = readJsonl<{ id: string; score: { value: number } }>(out).rows;
      expect(all.map((r) => r.id)).toEqual(Array.from({ length: N }, (_, i) => `t${i}`));
      expect(all.slice(0, k)).toEqual(partial);
      for (const r of all) expect(Number.isFinite(r.score.value)).toBe(true);
      expect(resumed.stderr).toMatch(new RegExp(`scoring: ${N - k}/${N - k}`));
    }, 240_000);
  }
});
