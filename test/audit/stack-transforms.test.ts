// Transforms against a bank stack: the comparison's statistics on hand-made scores (expected values
// from scipy and by hand), and the real prose stack, where saying a cliché-heavy reply twice lowers
// its slop density (BM25 saturation counts every repeated hub hit for less).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { applyEdit, compareScores, editContextFor, runStackTransformAudit } from "../../src/audit/stack-transforms.js";
import { truncate } from "../../src/audit/transforms.js";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { fixtureDictionary } from "../prose/dictionary-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "fg-stack-audit-"));
const dictPath = join(dir, "dict.json");
writeFileSync(dictPath, JSON.stringify(fixtureDictionary()));
const bin = resolve(import.meta.dirname, "../../bin/foolsgold.js");

const score = (value: number, slop = value): Score => ({ value, instrument: "x", terms: { slop: { value: slop } } });

const sloppy = [
  "Her heart hammered against her ribs. The scent of ozone hung in the air. It was not fear, but something older.",
  "She crossed the yard and found the gate open. The scent of ozone lingered near the shed. Her heart hammered again as she waited by the wall.",
  "Rain fell on the roof all night. He read by the lamp and did not look up. It was not anger, but something colder, that kept him there.",
  "The bus was late again, so she walked to the market. At least the rain had stopped. She bought bread and two apples for the week.",
];
const rows: BankRow[] = sloppy.map((output, i) => ({ id: `r${i}`, output }));

describe("stack transform audit", () => {
  it("computes AUC, the paired share and the paired change", () => {
    const r = compareScores([score(0.5), score(0.6), score(0.7)], [score(0.6), score(0.6), score(0.2)], "reward", "truncation");
    // Pairs (real > transformed): 0.5 beats 0.2; 0.6 ties twice and beats 0.2; 0.7 beats all → 6/9.
    expect(r.auc!.auc).toBeCloseTo(6 / 9, 12);
    expect(r.paired).toMatchObject({ wins: 1, ties: 1, n: 3, share: 0.5 });
    // scipy: d = [0.1, 0, −0.5]; stats.t.interval(0.95, 2, loc=d.mean(), scale=stats.sem(d)); ttest_1samp(d, 0)
    expect(r.change!.mean).toBeCloseTo(-0.13333333333333333, 12);
    expect(r.change!.ci95[0]).toBeCloseTo(-0.9318718844777455, 9);
    expect(r.change!.ci95[1]).toBeCloseTo(0.6652052178110789, 9);
    expect(r.change!.p).toBeCloseTo(0.5470891863421616, 9);
  });

  it("skips pairs where either side has no number, and needs two pairs", () => {
    const failed: Score = { value: null, instrument: "x", terms: {}, error: "boom" };
    const r = compareScores([score(0.5), failed, score(0.7)], [score(0.4), score(0.1), score(0.2)], "slop", "repetition");
    expect(r.n).toBe(2);
    expect(compareScores([score(0.5), failed], [score(0.4), score(0.1)], "slop", "repetition")).toMatchObject({ n: 1, auc: null, change: null });
  });

  it("makes each cheap edit of issue 17 without changing what the reply says", () => {
    const reply = "She walked to the market in the rain and bought two apples and a loaf of bread. Then she went home.\n\nThe dog was waiting (as always) by the door.";
    expect(applyEdit("html-tags", reply, "s").replace(/<\/?(?:b|span)>/g, "")).toBe(reply);
    expect(applyEdit("html-comment", reply, "s")).toMatch(/^She walked[\s\S]*\n<!-- [\s\S]+ -->$/);
    expect(applyEdit("fence-after-line", reply, "s")).toBe("She walked to the market in the rain and bought two apples and a loaf of bread.\n```\nThen she went home.\n\nThe dog was waiting (as always) by the door.\n```");
    expect(applyEdit("double-paren", reply, "s")).toBe("She walked to the market in the rain and bought two apples and a loaf of bread. ((Then she went home.))\n\n((The dog was waiting (as always) by the door.))");
    expect(applyEdit("dotless-i", "it is him", "s")).toBe("\u0131t \u0131s h\u0131m");
    expect(applyEdit("phrase-sentence", "She left.", "s", { phrases: ["at least", "one of"] })).toBe("She left. At least one of.");
    expect(() => applyEdit("phrase-sentence", "She left.", "s")).toThrow(/human phrases/);
    expect(editContextFor(getStack("prose"), { dictionary: dictPath }).phrases).toEqual(["one of", "at least", "as soon as"]);
  });

  it("finds that no cheap edit pays the hardened prose stack on these replies, while the seed pays for markup", async () => {
    const edits = ["html-tags", "html-comment", "fence-after-line", "double-paren", "dotless-i"] as const;
    const rowsWithPrompt = rows.map((r) => ({ ...r, prompt: "Write the next scene." }));
    const run = async (preset: string) => {
      const scorer = await getStack("prose").create(proseOptions.parse({ dictionary: dictPath, preset }), {});
      const audit = await runStackTransformAudit(scorer, rowsWithPrompt, edits);
      return Object.fromEntries(audit.results.filter((r) => r.quantity === "reward").map((r) => [r.transform, r.change!]));
    };
    const [seed, hardened] = [await run("seed"), await run("hardened")];
    for (const e of edits) expect(hardened[e].mean, e).toBeLessThanOrEqual(1e-9);
    expect(seed["html-comment"].mean).toBeGreaterThan(0.02);
  });

  it("truncation keeps the first half of the words and the paragraph breaks", () => {
    expect(truncate("one two\n\nthree four five six")).toBe("one two\n\nthree");
  });

  it("finds on the real prose stack that saying a cliché-heavy reply twice lowers its slop density", async () => {
    const scorer = await getStack("prose").create(proseOptions.parse({ dictionary: dictPath }), {});
    const audit = await runStackTransformAudit(scorer, rows, ["repetition", "truncation"]);
    expect(audit.rows).toBe(4);
    expect(new Set(audit.results.map((r) => r.quantity))).toEqual(new Set(["reward", "gates", "thinking_length", "slop", "human_phrases", "openers", "echo", "self_repetition", "function_order", "word_order"]));
    const density = async (text: string) => ((await scorer.scoreRows([{ id: "d", output: text }]))[0].terms.slop.details as { density_per_1k: number }).density_per_1k;
    expect(await density(`${sloppy[0]} ${sloppy[0]}`)).toBeLessThan(await density(sloppy[0]));
    const slop = audit.results.find((r) => r.transform === "repetition" && r.quantity === "slop")!;
    expect(slop.change!.mean).toBeGreaterThan(0);
    expect(audit.examples.find((e) => e.transform === "repetition")!.transformed).toBe(`${sloppy[0]} ${sloppy[0]}`.slice(0, 160));
    await expect(runStackTransformAudit(scorer, rows.slice(0, 1), ["repetition"])).rejects.toThrow(/at least 2 rows/);
  });

  it("runs from the CLI and names bad flags", () => {
    const bank = join(dir, "bank.jsonl");
    writeFileSync(bank, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const out = execFileSync("node", [bin, "audit", "--stack", "prose", "--dictionary", dictPath, "--rows", bank, "--transforms", "repetition", "--json"], { encoding: "utf8" });
    const report = JSON.parse(out) as { stack_transforms: { results: { transform: string; quantity: string }[] } };
    expect(report.stack_transforms.results.filter((r) => r.transform === "repetition").map((r) => r.quantity)).toContain("reward");
    const noRows = spawnSync("node", [bin, "audit", "--stack", "prose"], { encoding: "utf8" });
    expect(noRows.status).toBe(2);
    expect(noRows.stderr).toMatch(/--in: auditing the "prose" stack needs bank rows/);
    const badTransform = spawnSync("node", [bin, "audit", "--stack", "prose", "--rows", bank, "--transforms", "rot13"], { encoding: "utf8" });
    expect(badTransform.stderr).toMatch(/--transforms: unknown transform "rot13"/);
  });
});
