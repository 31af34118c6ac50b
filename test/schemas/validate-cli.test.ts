// `foolsgold validate`: files the CLI wrote are valid (exit 0); a broken copy is named with its path
// and line (exit 1); a file that cannot be read or told apart is one line and exit 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-validate-"));
const p = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(async () => {
  const r = await runMain(["simulate", "--set", "demo", "--limit", "2", "--turns", "2", "--out", p("bank.jsonl"), "--artifact", p("sim.json")]);
  expect(r.status, r.stderr).toBe(0);
}, 120_000);

describe("foolsgold validate", () => {
  it("passes what the CLI wrote, telling each file's schema from its kind or fields", async () => {
    const r = await runMain(["validate", p("sim.json"), p("bank.jsonl")]);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(`${p("sim.json")}: valid (artifact.schema.json; 1 document)`);
    expect(r.stdout).toContain(`${p("bank.jsonl")}: valid (rows/transcript-row.schema.json; 2 rows)`);
  });

  it("names the path and line of each problem and exits 1", async () => {
    const a = JSON.parse(readFileSync(p("sim.json"), "utf8"));
    a.result.sessions = "two";
    writeFileSync(p("bad.json"), JSON.stringify(a));
    const rows = readFileSync(p("bank.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    delete rows[1].seed;
    writeFileSync(p("bad.jsonl"), rows.map((x) => JSON.stringify(x)).join("\n") + "\n");
    const r = await runMain(["validate", p("bad.json"), p("bad.jsonl")]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("/result/sessions: must be integer");
    expect(r.stdout).toContain("line 2 (root): must have required property 'seed'");
    const json = await runMain(["validate", p("bad.jsonl"), "--schema", "bank-row", "--json"]);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)[0]).toMatchObject({ schema: "rows/bank-row.schema.json", checked: 2 });
  });

  it("refuses what it cannot read or tell apart, in one line with exit 2", async () => {
    writeFileSync(p("notes.json"), JSON.stringify({ hello: 1 }));
    const unknown = await runMain(["validate", p("notes.json")]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr.trim().split("\n")).toHaveLength(1);
    expect(unknown.stderr).toContain("is neither an artifact (no `kind`)");
    const badSchema = await runMain(["validate", p("sim.json"), "--schema", "vibes"]);
    expect(badSchema.status).toBe(2);
    expect(badSchema.stderr).toContain('--schema: unknown schema "vibes"; one of: artifact, artifacts/audit');
    expect((await runMain(["validate", p("missing.json")])).status).toBe(2);
  });
});
