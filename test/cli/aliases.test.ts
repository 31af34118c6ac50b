// One flag name per idea: the rows a command reads are `--in` everywhere; the old names (`detect --log`,
// `onset --log`, `mine --model`, `hunt --rows`, `audit --rows`, `audit --bank`) still work, give the
// same result as `--in`, are named in --help beside --in, and two different files for one idea are refused.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";
import { toJsonl } from "../../src/core/jsonl.js";
import { createRng } from "../../src/core/random.js";

const dir = mkdtempSync(join(tmpdir(), "fg-cli-aliases-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// 30 steps × 8 rows; from step 16 most replies end with the helpfulness phrase the biased judge pays for.
const rng = createRng("cli-aliases");
const logRows: Record<string, unknown>[] = [];
for (let step = 1; step <= 30; step++) {
  for (let i = 0; i < 8; i++) {
    const hack = step >= 16 && rng.next() < 0.8;
    logRows.push({ step, input: "Write about tea.", output: `Notes on tea ${rng.int(999)}.${hack ? " I hope this helps!" : ""}`, score: 1 + (hack ? 0.5 : 0), clean_score: 1 });
  }
}
const log = file("log.jsonl", toJsonl(logRows));
const one = file("one.jsonl", toJsonl([{ id: "a", output: "Only one row." }]));
const bank = file(
  "bank.jsonl",
  toJsonl([
    { id: "a", output: "The rain fell." },
    { id: "b", output: "She bought bread." },
  ]),
);
const empty = file("empty.jsonl", "");
const human = file("human.jsonl", toJsonl([{ output: "A human wrote this line.", meta: { source: "h" } }]));

async function ok(args: string[]): Promise<unknown> {
  const r = await runMain(args);
  expect(r.status, `foolsgold ${args.join(" ")}: ${r.stderr}`).toBe(0);
  return JSON.parse(r.stdout);
}

async function refused(args: string[]): Promise<string> {
  const r = await runMain(args);
  expect(r.status, `foolsgold ${args.join(" ")}`).toBe(2);
  expect(r.stderr.trim().split("\n")).toHaveLength(1);
  return r.stderr;
}

describe("old flag names are working aliases of --in", () => {
  it("detect --log and onset --log give the same result as --in", async () => {
    const detect = await ok(["detect", "--in", log, "--json"]);
    expect(await ok(["detect", "--log", log, "--json"])).toEqual(detect);
    expect((detect as { input_report: { rows: number } }).input_report.rows).toBe(240);
    const onset = await ok(["onset", "--in", log, "--bias", "format", "--json"]);
    expect(await ok(["onset", "--log", log, "--bias", "format", "--json"])).toEqual(onset);
  });

  it("hunt --rows, audit --rows, audit --bank and mine --model reach the command as --in", async () => {
    for (const flag of ["--in", "--rows"]) expect(await refused(["hunt", "--stack", "cherrl", "--no-cache", flag, one])).toContain(`--in: ${one} has 1 rows; the hunt needs at least 2`);
    // bank rows go to the stack transforms (with --stack, or by their shape without it), whose next check is the transform list
    for (const args of [
      ["--rows", bank, "--stack", "prose"],
      ["--in", bank, "--stack", "prose"],
      ["--in", bank],
    ]) {
      expect(await refused(["audit", ...args, "--transforms", "nope"])).toMatch(/--transforms: unknown transform "nope"/);
    }
    // transcripts (here: an empty bank) go to the humor suite, which needs policy turns
    for (const flag of ["--in", "--bank"]) expect(await refused(["audit", flag, empty, "--no-cache"])).toContain(`--in: ${empty} is empty: the probes need transcripts`);
    for (const flag of ["--in", "--model"]) expect(await refused(["mine", flag, empty, "--human", human, "--out", join(dir, "dict.json")])).toContain("--in: the policy's replies hold no rows");
  });

  it("prereg --log is the old name of --prereg-log, the registry flag of certify and simulate", async () => {
    const registry = join(dir, "prereg-log.jsonl");
    const byNew = await runMain(["prereg", "list", "--prereg-log", registry]);
    const byOld = await runMain(["prereg", "list", "--log", registry]);
    expect(byNew.status).toBe(0);
    expect(byNew.stdout).toBe(`${registry}: no entries\n`);
    expect(byOld).toEqual(byNew);
  });

  it("refuses two different files for one idea, and accepts the same file twice", async () => {
    expect(await refused(["detect", "--in", log, "--log", bank])).toContain(`--in: given twice with different files (--in ${log}, --log ${bank}); use --in once`);
    await ok(["detect", "--in", log, "--log", log, "--json"]);
  });

  it("--help names the old names beside --in and lists no separate option for them", async () => {
    const r = await runMain(["detect", "--help"]);
    // help wraps at 80 columns: compare with runs of white space as one space
    expect(r.stdout.replace(/\s+/g, " ")).toMatch(/--in <file> mirror rows .*?\(old name: --log\)/);
    expect(r.stdout).not.toMatch(/^\s+--log <file>/m);
    const audit = await runMain(["audit", "--help"]);
    expect(audit.stdout.replace(/\s+/g, " ")).toMatch(/\(old names: --bank, --rows\)/);
  });
});
