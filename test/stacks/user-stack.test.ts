// A user's stack (issue 34's done-when): a term that needs the prose scan and the slop dictionary,
// composed with the shipped slop term in one module of under 40 lines (fixtures/exclaim-stack.mjs), and
// the same composition as YAML (fixtures/exclaim-stack.yaml), each scored through real `score`,
// `serve`, `audit` and `hunt` processes; and through the library (registerStack → openScorer).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { registerStack } from "../../src/stacks/declarations.js";
import { openScorer } from "../../src/stacks/open.js";
import { defineTerm } from "../../src/terms/define.js";
import { BIN, startServeProcess } from "../helpers/serve-process.js";

const FIXTURES = resolve(import.meta.dirname, "fixtures");
const STACKS = { module: join(FIXTURES, "exclaim-stack.mjs"), yaml: join(FIXTURES, "exclaim-stack.yaml") };
const prompt = "Write the moment the ferry leaves the harbour.";
const calm = "The ferry left at dawn. Gulls followed it past the breakwater, and the town grew small behind the rail.";
const rows: BankRow[] = [
  { id: "calm", prompt, output: calm },
  { id: "loud", prompt, output: "The ferry left at dawn! Gulls followed it past the breakwater! The town grew small behind the rail!!" },
  { id: "plain", prompt, output: "She watched the water churn white under the stern and did not wave to anyone on the pier." },
  { id: "loud2", prompt, output: "She watched the water churn! White! Under the stern! She did not wave!" },
];

let dir: string;
let bank: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fg-user-stack-"));
  bank = join(dir, "bank.jsonl");
  writeFileSync(bank, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]) {
  const run = spawnSync(process.execPath, [BIN, ...args, "--no-cache"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

const scoresIn = (file: string): Score[] =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { score: Score }).score);

describe.each(Object.entries(STACKS))("a %s stack through the CLI", (kind, stack) => {
  let scored: Score[];
  it("score: each row is exclaim × slop, and exclamation marks cost reward", () => {
    const out = join(dir, `${kind}-scored.jsonl`);
    cli(["score", "--stack", stack, "--in", bank, "--out", out]);
    scored = scoresIn(out);
    for (const s of scored) {
      expect(s.error).toBeUndefined();
      expect(s.value).toBeCloseTo(s.terms.exclaim.value! * s.terms.slop.value!, 12);
    }
    const byId = Object.fromEntries(rows.map((r, i) => [r.id, scored[i]]));
    expect(byId.loud.terms.exclaim.value).toBeLessThan(byId.calm.terms.exclaim.value!);
    expect(byId.loud.terms.exclaim.details).toMatchObject({ marks: 4 });
    expect(byId.loud2.terms.exclaim.value).toBeLessThan(byId.plain.terms.exclaim.value!);
  });

  it("serve: the served scores are the CLI's bits", async () => {
    const server = await startServeProcess(["--stack", stack, "--port", "0", "--journal", join(dir, `${kind}-journal.sqlite`), "--no-cache"], 180_000);
    try {
      const res = await fetch(`${server.url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows }) });
      expect(res.status).toBe(200);
      const served = ((await res.json()) as { rows: { score: Score }[] }).rows.map((r) => r.score);
      expect(served.map((s) => [s.value, s.instrument])).toEqual(scored.map((s) => [s.value, s.instrument]));
    } finally {
      server.child.kill("SIGTERM");
    }
  }, 240_000);

  it("audit: the transforms run against it, term by term", () => {
    const report = JSON.parse(cli(["audit", "--stack", stack, "--rows", bank, "--transforms", "truncation,repetition", "--json"])).stack_transforms;
    expect(report.instrument).toBe(scored[0].instrument);
    expect(report.rows).toBe(rows.length);
    const quantities = new Set(report.results.map((r: { quantity: string }) => r.quantity));
    expect([...quantities].sort()).toEqual(["exclaim", "reward", "slop"]);
  });

  it("hunt: a budgeted search runs against it and reports what it spent", () => {
    const report = JSON.parse(cli(["hunt", "--stack", stack, "--in", bank, "--budget", "24", "--confirm-rows", "2", "--json"]));
    expect(report.instrument).toBe(scored[0].instrument);
    expect(report.rows).toBe(rows.length);
    expect(report.spent).toBeGreaterThan(0);
    expect(report.spent).toBeLessThanOrEqual(24);
  }, 180_000);
});

describe("the library", () => {
  it("opens a registered module stack by name, with the CLI's scores", async () => {
    registerStack((await import(STACKS.module)).default);
    const opened = await openScorer({ stack: "exclaim", cache: false });
    try {
      const here = await opened.scorer.scoreRows(rows);
      const out = join(dir, "lib-scored.jsonl");
      cli(["score", "--stack", STACKS.module, "--in", bank, "--out", out]);
      expect(here.map((s) => [s.value, s.instrument])).toEqual(scoresIn(out).map((s) => [s.value, s.instrument]));
    } finally {
      await opened.close();
    }
  });

  it("refuses a need that is not a resource where the term is declared, not per row", () => {
    const declare = () =>
      defineTerm({
        meta: { name: "broken", kind: "factor", version: "1", roles: [], description: "", needs: { scan: undefined as never }, options: z.object({}).strict() },
        measure: (rs) => rs.map(() => ({ value: 1 })),
      });
    expect(declare).toThrow(/needs\.scan is not a resource/);
  });
});
