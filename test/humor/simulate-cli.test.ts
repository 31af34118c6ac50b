// `foolsgold simulate` end to end in-process: writes a reproducible bank and a summary artifact; refuses
// evaluation seeds that overlap a training split (exit 2, one clear line).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";
import { captureOutput } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-simulate-"));

afterEach(() => vi.restoreAllMocks());

describe("foolsgold simulate", () => {
  it("writes the same bank twice and records rates and agents in the artifact", async () => {
    captureOutput();
    const args = ["--set", "demo", "--limit", "5", "--rates", "swear=0.2"];
    expect(await main(["node", "foolsgold", "simulate", ...args, "--out", join(dir, "a.jsonl"), "--artifact", join(dir, "a.json")])).toBe(0);
    expect(await main(["node", "foolsgold", "simulate", ...args, "--out", join(dir, "b.jsonl")])).toBe(0);
    const a = readFileSync(join(dir, "a.jsonl"), "utf8");
    expect(a).toBe(readFileSync(join(dir, "b.jsonl"), "utf8"));
    const rows = a
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows.map((r) => r.seed)).toEqual([20000000, 20000001, 20000002, 20000003, 20000004]);
    const artifact = JSON.parse(readFileSync(join(dir, "a.json"), "utf8"));
    expect(artifact.kind).toBe("humor-simulation");
    expect(artifact.params.rates.swear).toBe(0.2);
    expect(artifact.params.policy).toMatch(/^retrieval-policy/);
    expect(artifact.result.sessions).toBe(5);
    expect(artifact.result.scheduled_partner_turns).toBe(45);
  });

  it("refuses an evaluation on training seeds and bad rates with exit 2", async () => {
    const out = captureOutput();
    expect(await main(["node", "foolsgold", "simulate", "--offset", "5", "--size", "3", "--out", join(dir, "c.jsonl")])).toBe(2);
    expect(out.join("")).toContain('evaluation refused: overlaps training split "train-rl-c"');
    expect(await main(["node", "foolsgold", "simulate", "--set", "demo", "--rates", "tease=0.9,joke=0.5", "--out", join(dir, "d.jsonl")])).toBe(2);
    expect(out.join("")).toContain("--rates: provocation rates must sum to at most 1");
    expect(await main(["node", "foolsgold", "simulate", "--set", "nope", "--out", join(dir, "e.jsonl")])).toBe(2);
    expect(out.join("")).toContain('unknown seed set "nope"');
  });
});
