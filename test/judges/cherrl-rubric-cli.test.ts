// `score --stack cherrl --option clean='"rubric"'` offline: the rubric judge's role is requested from
// the stack's options, so with no config the embedded LM serves role "judge" (no "needs a model for
// role judge"). The embedded n-gram LM does not write a grade, so each row is an explicit
// "could not be parsed" error with value null, never a 0.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";

describe("cherrl stack with the rubric judge, offline", () => {
  it("runs on the embedded judge and reports each unparseable grade as a row error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-cherrl-rubric-"));
    const bank = join(dir, "bank.jsonl");
    const out = join(dir, "scored.jsonl");
    writeFileSync(
      bank,
      [
        { id: "r1", input: "Write a haiku about rain.", output: "Rain on the roof\nsoft drums in the night\nsleep comes slow", meta: { rubric: "A haiku of three lines about rain." } },
        { id: "r2", input: "Name a prime number.", output: "Seven.", rubric: "Any prime number is correct." },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n") + "\n",
    );
    const r = await runMain(["score", "--stack", "cherrl", "--option", 'clean="rubric"', "--in", bank, "--out", out, "--no-cache"]);
    expect(r.stderr).not.toMatch(/needs a model for role/);
    expect(r.status).toBe(1);
    const rows = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows.map((x) => x.id)).toEqual(["r1", "r2"]);
    for (const row of rows) {
      expect(row.score.value).toBeNull();
      expect(row.score.terms.clean.value).toBeNull();
      expect(row.score.terms.clean.error).toMatch(/^judge reply could not be parsed: no score found/);
    }
  }, 120_000);

  it("with a config that names other roles only, asks for a judge backend by name", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-cherrl-rubric-"));
    const config = join(dir, "run.yaml");
    writeFileSync(config, "models:\n  audience:\n    baseUrl: embedded\n");
    const bank = join(dir, "bank.jsonl");
    writeFileSync(bank, JSON.stringify({ id: "r1", input: "q", output: "a", rubric: "r" }) + "\n");
    const r = await runMain(["score", "--stack", "cherrl", "--config", config, "--option", 'clean="rubric"', "--in", bank, "--out", join(dir, "o.jsonl")]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/models: no backend for role judge .*baseUrl "embedded"/);
  }, 60_000);
});
