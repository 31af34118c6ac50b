import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";

const bin = resolve(import.meta.dirname, "../../bin/foolsgold.js");
const dir = mkdtempSync(join(tmpdir(), "fg-prose-cli-"));
const run = (args: string[]): string => execFileSync("node", [bin, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

// Small planted corpora written as the bank rows `mine` reads.
const rng = createRng("prose-cli");
const nouns = "door window table river road garden field market lamp chair wall letter".split(" ");
const sentence = (): string => `The ${rng.pick(nouns)} stood by the ${rng.pick(nouns)} near the ${rng.pick(nouns)}.`;
const text = (extra: string[]): string => [...Array.from({ length: 20 }, sentence), ...extra].join(" ");
const model = Array.from({ length: 120 }, (_, i) => ({
  id: `m${i}`,
  group_id: `s${i % 30}`,
  output: text(rng.next() < 0.6 ? ["Her heart hammered against her ribs.", "The scent of ozone filled the air."] : ["A shimmering light rose."]),
}));
const human = Array.from({ length: 80 }, (_, i) => ({ id: `h${i}`, output: text(rng.next() < 0.2 ? ["The hammer fell."] : []), meta: { source: i % 2 ? "a" : "b" } }));
writeFileSync(join(dir, "model.jsonl"), model.map((r) => JSON.stringify(r)).join("\n") + "\n");
writeFileSync(join(dir, "human.jsonl"), human.map((r) => JSON.stringify(r)).join("\n") + "\n");

describe("foolsgold mine / score --stack prose", () => {
  it("mines a dictionary and scores a bank with it, per-term breakdown included", () => {
    const dict = join(dir, "dict.json");
    const summary = JSON.parse(run(["mine", "--model", join(dir, "model.jsonl"), "--human", join(dir, "human.jsonl"), "--out", dict, "--json"]));
    expect(summary.counts.pairs).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(dict, "utf8")).format).toBe("foolsgold-prose-dictionary");

    const bank = join(dir, "bank.jsonl");
    writeFileSync(bank, [JSON.stringify({ id: "a", output: model[0].output }), JSON.stringify({ id: "b", output: human[0].output })].join("\n") + "\n");
    const scored = join(dir, "scored.jsonl");
    run(["score", "--stack", "prose", "--dictionary", dict, "--in", bank, "--out", scored, "--json"]);
    const rows = readFileSync(scored, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(typeof r.score.value).toBe("number");
      expect(Object.keys(r.score.terms).sort()).toEqual(["echo", "function_order", "gates", "human_phrases", "openers", "self_repetition", "slop", "thinking_length", "word_order"]);
      expect(r.score.instrument).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("warns when the human text looks Treebank-tokenized, and detokenizes it on request", () => {
    const ptb = human.map((r) => ({ ...r, output: `${r.output} I do n't know , she said . It 's late !` }));
    writeFileSync(join(dir, "human-ptb.jsonl"), ptb.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const args = ["mine", "--model", join(dir, "model.jsonl"), "--human", join(dir, "human-ptb.jsonl"), "--json"];
    const plain = spawnSync("node", [bin, ...args, "--out", join(dir, "ptb.json")], { encoding: "utf8" });
    expect(plain.status).toBe(0);
    expect(plain.stderr).toMatch(/80 of 80 human texts look Treebank-tokenized/);
    const fixed = spawnSync("node", [bin, ...args, "--out", join(dir, "ptb-fixed.json"), "--detokenize-human"], { encoding: "utf8" });
    expect(fixed.status).toBe(0);
    expect(fixed.stderr).not.toMatch(/Treebank/);
    expect(JSON.parse(readFileSync(join(dir, "ptb-fixed.json"), "utf8")).provenance.human.sources[0]).toMatch(/\(detokenized\)$/);
    // Split contractions are extra words until they are joined.
    expect(JSON.parse(fixed.stdout).human.words).toBeLessThan(JSON.parse(plain.stdout).human.words);
  });

  it("says clearly when model rows lack a scenario", () => {
    writeFileSync(join(dir, "bad.jsonl"), JSON.stringify({ id: "x", output: "text" }) + "\n");
    let stderr = "";
    try {
      run(["mine", "--model", join(dir, "bad.jsonl"), "--human", join(dir, "human.jsonl"), "--out", join(dir, "x.json")]);
    } catch (err) {
      stderr = String((err as { stderr?: string }).stderr);
      expect((err as { status?: number }).status).toBe(2);
    }
    expect(stderr).toMatch(/bad\.jsonl row 1: needs a scenario/);
  });
});
