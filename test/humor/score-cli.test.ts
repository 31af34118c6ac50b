// SPEC §12 data contract for the humor stack through the CLI: `simulate` then `score --stack humor`
// writes every transcript row unchanged plus a score with per-term, per-turn details and the
// instrument hash (the embedded models, started by the command itself).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";

const dir = mkdtempSync(join(tmpdir(), "fg-humor-score-"));
afterEach(() => vi.restoreAllMocks());

describe("foolsgold score --stack humor", () => {
  it("keeps each row and adds its score", async () => {
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const bank = join(dir, "bank.jsonl");
    const scored = join(dir, "scored.jsonl");
    expect(await main(["node", "foolsgold", "simulate", "--set", "demo", "--limit", "2", "--turns", "2", "--out", bank])).toBe(0);
    expect(await main(["node", "foolsgold", "score", "--stack", "humor", "--in", bank, "--out", scored, "--no-cache", "--option", "preset=RL-C"])).toBe(0);
    const inRows = readFileSync(bank, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const outRows = readFileSync(scored, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(outRows).toHaveLength(2);
    outRows.forEach((row, i) => {
      const { score, ...rest } = row;
      expect(rest).toEqual(inRows[i]);
      expect(score.value).toBe(score.terms.certified.value);
      expect(score.instrument).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.keys(score.terms).sort()).toEqual(["certified", "grounding", "repetition", "screens", "taste", "training_reward"]);
      expect(score.terms.taste.details.normalization).toBe("v1");
      expect(score.terms.taste.details.L).toHaveLength(2);
      expect(score.terms.training_reward.details.weights).toEqual({ floor: 0.5, rep: 0.2, taste: 0.3, screen: -0.5 });
    });
  });
});
