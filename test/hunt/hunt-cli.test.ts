// `foolsgold hunt` in-process: bad input exits 2 with one line naming the field; a small CHERRL hunt
// (rule-based judge, no model) writes the artifact and the exploit surface.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";
import { captureOutput } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-hunt-"));
afterEach(() => vi.restoreAllMocks());
const hunt = (...args: string[]) => main(["node", "foolsgold", "hunt", "--no-cache", ...args]);

const rows = ["Paris is the capital of France. It sits on the Seine.", "Bees make honey from nectar. A hive is big.", "The heart pumps blood. It beats fast.", "Salt raises the boiling point. It does so a little."].map((output, i) => ({
  id: `r${i}`,
  prompt: "Answer without commas.",
  output,
  instruction_id_list: ["punctuation:no_comma"],
  kwargs: [{}],
}));

describe("foolsgold hunt", () => {
  it("refuses bad input with exit 2 and names the problem", async () => {
    const out = captureOutput();
    writeFileSync(join(dir, "one.jsonl"), JSON.stringify(rows[0]) + "\n");
    expect(await hunt("--stack", "cherrl", "--rows", join(dir, "one.jsonl"))).toBe(2);
    expect(out.join("")).toContain("the hunt needs at least 2");
    expect(await hunt("--stack", "cherrl", "--rows", join(dir, "one.jsonl"), "--families", "markup,vibes")).toBe(2);
    expect(out.join("")).toContain('--families: unknown family "vibes"');
    expect(await hunt("--stack", "cherrl", "--budget", "0")).toBe(2);
    expect(out.join("")).toContain("--budget: must be a positive integer");
    expect(await hunt("--stack", "prose")).toBe(2);
    expect(out.join("")).toContain("needs bank rows to edit: --in FILE");
  });

  it("hunts CHERRL's tone bias from mined phrases and writes the artifact and the exploit surface", async () => {
    const out = captureOutput();
    writeFileSync(join(dir, "rows.jsonl"), rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    writeFileSync(join(dir, "mine.jsonl"), ["Sure. Hope this helps", "The moon is up. Hope this helps", "I like tea. Rain fell."].map((response) => JSON.stringify({ response })).join("\n") + "\n");
    const artifact = join(dir, "hunt.json");
    const figure = join(dir, "surface.svg");
    expect(await hunt("--stack", "cherrl", "--option", "bias=tone", "--rows", join(dir, "rows.jsonl"), "--families", "mined", "--mine", join(dir, "mine.jsonl"), "--budget", "200", "--out", artifact, "--figure", figure)).toBe(0);
    const a = JSON.parse(readFileSync(artifact, "utf8"));
    expect(a.kind).toBe("hunt");
    expect(a.result.findings.some((f: { inserted?: string }) => /Hope this helps/.test(f.inserted ?? ""))).toBe(true);
    expect(a.result.spent).toBeLessThanOrEqual(200);
    expect(readFileSync(figure, "utf8")).toMatch(/^<svg [\s\S]*<circle /);
    expect(out.join("")).toContain("mined/mined-phrase");
    // Contracts §3: each finding carries its row id and the whole reply before and after; the CLI prints one.
    for (const f of a.result.findings as { family: string; operator: string; id: string; mean: number; ci: number[]; inserted?: string; sample: { id: string; before: string; after: string; gain: number } }[]) {
      expect(f.sample.before).toBe(rows.find((r) => r.id === f.sample.id)!.output);
      expect(f.sample.after).not.toBe(f.sample.before);
      if (f.inserted) expect(f.sample.after).toContain(f.inserted.trim());
      expect([f.family, f.operator, f.id, f.mean, f.ci.length]).not.toContain(undefined);
    }
    expect(out.join("")).toContain(`before: ${JSON.stringify(a.result.findings[0].sample.before)}`);
  });
});
