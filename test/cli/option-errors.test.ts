// Option and config mistakes are named: the option with its allowed values, the mistyped role.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-option-errors-"));
const bank = join(dir, "bank.jsonl");
writeFileSync(bank, '{"id":"a","output":"Hello there, said the fox."}\n');
const transcripts = join(dir, "transcripts.jsonl");
writeFileSync(transcripts, '{"id":"a","seed":1,"turns":[{"speaker":"user","text":"hi"},{"speaker":"policy","text":"a joke"}]}\n');

describe("option errors", () => {
  it("`--option preset=ultra` names preset and lists the presets, and nothing else", async () => {
    const r = await runMain(["score", "--stack", "prose", "--in", bank, "--out", join(dir, "o.jsonl"), "--option", "preset=ultra"]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/options\.preset: .*"seed".*"hardened"/);
    expect(r.stderr).not.toMatch(/reading|gates|negation/);
  }, 60_000);

  it("a mistyped role in the config (`audiance:`) is named with the role it meant", async () => {
    const config = join(dir, "foolsgold.yaml");
    writeFileSync(config, "stack: humor\nmodels:\n  audiance:\n    baseUrl: http://127.0.0.1:9/v1\n    model: m\n");
    const r = await runMain(["score", "--config", config, "--in", transcripts, "--out", join(dir, "o.jsonl")]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/models\.audiance: unknown role "audiance"; did you mean "audience"\?/);
  }, 60_000);
});
