// `foolsgold audit` in-process: bad input exits 2 with one clear line; a small run on the embedded models
// writes the report, the forest plot, and — given a GRPO log — the group-level audits.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";
import { captureOutput } from "../helpers/capture-output.js";
import { simulatedBank } from "../../src/audit/contexts.js";

const dir = mkdtempSync(join(tmpdir(), "fg-audit-"));
afterEach(() => vi.restoreAllMocks());

const audit = (...args: string[]) => main(["node", "foolsgold", "audit", "--no-cache", ...args]);

describe("foolsgold audit", () => {
  it("refuses bad input with exit 2 and names the problem", async () => {
    const out = captureOutput();
    writeFileSync(join(dir, "empty.jsonl"), "");
    writeFileSync(join(dir, "bad-suffixes.json"), JSON.stringify([" lol", 7]));
    writeFileSync(join(dir, "bank.jsonl"), JSON.stringify({ id: "a", seed: 1, turns: [{ speaker: "policy", text: "Hi." }] }) + "\n");
    expect(await audit("--bank", join(dir, "empty.jsonl"))).toBe(2);
    expect(out.join("")).toContain("empty.jsonl is empty");
    expect(await audit("--bank", join(dir, "bank.jsonl"), "--suffixes", join(dir, "bad-suffixes.json"))).toBe(2);
    expect(out.join("")).toContain("bad-suffixes.json[1]: expected a string or an object with a text field");
    expect(await audit("--audits", "probe,vibes")).toBe(2);
    expect(out.join("")).toContain('--audits: unknown audit "vibes"');
    writeFileSync(join(dir, "plan.yaml"), "contexts: 1\n");
    expect(await audit("--plan", join(dir, "plan.yaml"))).toBe(2);
    expect(out.join("")).toMatch(/audit plan contexts: .*>=2/);
    expect(await audit("--bank", join(dir, "bank.jsonl"), "--audits", "regression")).toBe(2);
    expect(out.join("")).toContain("need a GRPO rollout log");
  });

  it("runs a small suite: probe table + figure, and regression, variance, guards and validation from a log", async () => {
    const out = captureOutput();
    const bank = await simulatedBank(8, { policyTurns: 2 });
    // A GRPO-shaped log: 2 groups of 2 sessions at each of 2 steps; the second step's policy appends laughter.
    const log = bank.map((row, i) => ({
      ...row,
      group_id: `s${i < 4 ? 0 : 1}-g${i % 2}`,
      step: i < 4 ? 0 : 1,
      turns: row.turns.map((t) => (i >= 4 && t.speaker === "policy" ? { ...t, text: `${t.text} haha` } : t)),
    }));
    writeFileSync(join(dir, "bank2.jsonl"), bank.map((r) => JSON.stringify(r)).join("\n") + "\n");
    writeFileSync(join(dir, "log.jsonl"), log.map((r) => JSON.stringify(r)).join("\n") + "\n");
    writeFileSync(join(dir, "suffixes.json"), JSON.stringify([" lol", " xD", { text: " Okay.", control: true }]));
    const code = await audit(
      "--bank",
      join(dir, "bank2.jsonl"),
      "--contexts",
      "2",
      "--suffixes",
      join(dir, "suffixes.json"),
      "--audits",
      "probe,regression,variance,guards,validation",
      "--log",
      join(dir, "log.jsonl"),
      "--figure",
      join(dir, "probe.svg"),
      "--out",
      join(dir, "audit.json"),
    );
    expect(code, out.join("")).toBe(0);
    const text = out.join("");
    expect(text).toMatch(/" xD" +\+\d+\.\d\d .* open/);
    expect(text).toContain("Training guards over 2 steps");
    const artifact = JSON.parse(readFileSync(join(dir, "audit.json"), "utf8"));
    expect(artifact.kind).toBe("audit");
    const r = artifact.result;
    expect(r.probe.suffixes.map((s: { verdicts: { v2: string } }) => s.verdicts.v2)).toEqual(["closed", "open", "control"]);
    expect(r.regression.n).toBe(8);
    expect(r.variance.overall.shares.map((s: { term: string }) => s.term)).toEqual(["floor", "repetition", "taste", "screen"]);
    expect(r.guards.alerts.some((a: { step: number; guard: string }) => a.step === 1 && a.guard === "strict_laughter")).toBe(true);
    expect(["adopted", "rejected"]).toContain(r.validation[0].verdict);
    expect(readFileSync(join(dir, "probe.svg"), "utf8")).toContain("<svg");
  });
});
