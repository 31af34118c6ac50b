import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { normaliseRow, readTrainingLog } from "../../src/onset/log-reader.js";
import { toMirror } from "../../src/onset/mirror.js";

const dir = mkdtempSync(join(tmpdir(), "fg-log-reader-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("training-log rows", () => {
  it("accepts the CHERRL, public-CHERRL, scored-stack, verl and TRL shapes", () => {
    expect(normaliseRow({ step: 3, input: "q", output: "a", score: 1.2, clean_score: 0.7 })).toMatchObject({ step: 3, score: 1.2, clean: 0.7 });
    expect(normaliseRow({ step: 3, prompt: "q", output: "a", score: 1, main_score: 0.5 })).toMatchObject({ input: "q", clean: 0.5 });
    expect(normaliseRow({ step: 1, prompt: [{ role: "user", content: "q" }], output: "a", score: { value: 1.5, terms: { clean: { value: 1 } } } })).toMatchObject({ input: "q", score: 1.5, clean: 1 });
    expect(normaliseRow({ global_step: 9, prompt: "q", completion: "a", reward: 0.4 })).toMatchObject({ step: 9, output: "a", score: 0.4, clean: null });
    expect(normaliseRow({ step: 1, output: "a", score: { value: null, error: "judge failed" } })).toBe("row was not scored: judge failed");
    expect(normaliseRow({ output: "a", score: 1 })).toMatch(/step/);
  });

  it("reports malformed lines and unusable rows without failing, and names a missing Parquet file", () => {
    const file = join(dir, "log.jsonl");
    writeFileSync(file, '{"step":1,"output":"a","score":1,"clean_score":1}\n{oops\n{"step":2}\n');
    const log = readTrainingLog(file);
    expect(log.rows).toHaveLength(1);
    expect(log.bad).toEqual([{ line: 2, problem: expect.stringMatching(/not valid JSON/) }]);
    expect(log.skipped).toEqual([{ row: 2, problem: expect.stringMatching(/output/) }]);
    expect(() => readTrainingLog(join(dir, "dump.parquet"))).toThrow(/dump\.parquet: no such file/);
  });

  it("mirrors only step, input, output and the normalised visible score", () => {
    const m = toMirror([{ step: 1, input: "q", output: "a", score: 1.5, clean: 1, rubric: "r" }], 1.5);
    expect(m).toEqual([{ step: 1, input: "q", output: "a", score: 1, rubric: "r" }]);
  });
});
