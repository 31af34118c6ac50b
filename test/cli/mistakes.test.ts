// The common mistakes of a first hour with the CLI, tried against the real command line in this process
// (runMain): each must end with exactly one stderr line naming the problem, exit status 2, and nothing
// on stdout that could pass for a result. Before this, commander's own errors printed the whole help
// and exited 1, and `score --out /missing/dir/x.jsonl` printed a summary and exited 0 with no file.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";
import { toJsonl } from "../../src/core/jsonl.js";

const dir = mkdtempSync(join(tmpdir(), "fg-cli-mistakes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const bank = file(
  "bank.jsonl",
  toJsonl([
    { id: "a", output: "The rain fell on the old town." },
    { id: "b", output: "She bought bread at the shop." },
  ]),
);
const csv = file("log.csv", "step,output,score,clean_score\n1,hello,0.5,1\n");
const folder = join(dir, "a-folder");
mkdirSync(folder);
const out = join(dir, "scored.jsonl");

/** Runs the CLI and checks the contract; returns the one stderr line for the caller's own check. */
async function mistake(args: string[]): Promise<string> {
  const r = await runMain(args);
  const lines = r.stderr.split("\n").filter((l) => l !== "");
  expect(lines, `stderr of foolsgold ${args.join(" ")}`).toHaveLength(1);
  expect(r.status, `exit status of foolsgold ${args.join(" ")}: ${r.stderr}`).toBe(2);
  expect(r.stdout, `stdout of foolsgold ${args.join(" ")}`).toBe("");
  expect(lines[0]).toMatch(/^foolsgold: /);
  return lines[0];
}

describe("commander's own errors: one line, exit 2, no help dump", () => {
  it("a typo in a command names the nearest command", async () => {
    expect(await mistake(["scor", "--in", bank])).toMatch(/unknown command 'scor' \(did you mean score\?\)/);
    expect(await mistake(["jokes", "evaluat"])).toMatch(/unknown command 'evaluat' \(did you mean evaluate\?\)/);
    expect(await mistake(["help", "nosuch"])).toMatch(/unknown command 'nosuch'/);
  });

  it("a typo in an option names the nearest option, even when a required option is then missing", async () => {
    expect(await mistake(["score", "--inn", bank, "--out", out])).toMatch(/unknown option '--inn' \(did you mean --in\?\)/);
    expect(await mistake(["score", "--in", bank, "--out", out, "--stakc", "prose"])).toMatch(/unknown option '--stakc' \(did you mean --stack\?\)/);
  });

  it("a missing required flag, a missing argument, an option without its value, too many arguments", async () => {
    expect(await mistake(["score", "--in", bank])).toMatch(/required option '--out <file>' not specified/);
    expect(await mistake(["detect"])).toMatch(/--in <file>: required option not given/);
    expect(await mistake(["prereg", "register"])).toMatch(/missing required argument 'file'/);
    expect(await mistake(["score", "--in", bank, "--out", out, "--option"])).toMatch(/option '--option <key=value\.\.\.>' argument missing/);
    expect(await mistake(["score", "extra", "--in", bank, "--out", out])).toMatch(/too many arguments for 'score'/);
  });

  it("a group command without its sub-command, and no command at all, list what to name", async () => {
    expect(await mistake(["jokes"])).toMatch(/jokes: name a sub-command: data, evaluate, process/);
    expect(await mistake([])).toMatch(/name a command: .*score.*audit/);
  });

  it("--help still prints the help on stdout and exits 0", async () => {
    const r = await runMain(["score", "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Usage: foolsgold score/);
    expect(r.stderr).toBe("");
  });
});

describe("files: named, one line, exit 2", () => {
  it("an output folder that does not exist is refused before any work, naming the flag and the path", async () => {
    const missing = join(dir, "no-such-folder", "x.jsonl");
    // The input does not exist either: the output is checked first, before anything is read or scored.
    const line = await mistake(["score", "--stack", "prose", "--in", join(dir, "nope.jsonl"), "--out", missing]);
    expect(line).toContain(`--out ${missing}: its folder ${join(dir, "no-such-folder")} does not exist`);
    expect(existsSync(missing)).toBe(false);
    expect(await mistake(["onset", "--in", csv, "--bias", "lexical", "--mirror", join(dir, "gone", "m.jsonl")])).toMatch(/--mirror .*: its folder .* does not exist/);
  });

  it("a folder given for an output file or for an input file", async () => {
    expect(await mistake(["score", "--stack", "prose", "--in", bank, "--out", folder])).toContain(`--out ${folder}: is a folder; a file path is expected`);
    expect(await mistake(["score", "--stack", "prose", "--in", folder, "--out", out])).toContain(`${folder}: is a folder; a file is expected`);
  });

  it("a wrong input path", async () => {
    const nope = join(dir, "nope.jsonl");
    expect(await mistake(["score", "--stack", "prose", "--in", nope, "--out", out])).toContain(`${nope}: no such file or folder`);
    expect(await mistake(["detect", "--in", nope])).toContain(`${nope}: no such file or folder`);
  });

  it("a wrong file format says JSON Lines expected, naming the file and line", async () => {
    const onset = await mistake(["onset", "--in", csv, "--bias", "lexical"]);
    expect(onset).toContain(csv);
    expect(onset).toMatch(/line 1: .*JSON Lines expected.*looks like CSV/);
    expect(await mistake(["score", "--stack", "prose", "--in", csv, "--out", out])).toMatch(new RegExp(`${csv.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} line 1: .*JSON Lines expected`));
  });
});

describe("names and values: one line, exit 2", () => {
  it("a wrong stack name, a wrong stack option, a wrong bias kind", async () => {
    expect(await mistake(["score", "--stack", "nope", "--in", bank, "--out", out])).toMatch(/unknown stack "nope"; known stacks: .*prose/);
    expect(await mistake(["score", "--stack", "prose", "--option", "nosuch=1", "--in", bank, "--out", out])).toMatch(/unknown field "nosuch"/);
    expect(await mistake(["onset", "--in", bank, "--bias", "helpful"])).toMatch(/--bias: unknown bias "helpful"/);
  });

  it("a bad YAML config: an unknown key, a wrong type, broken YAML", async () => {
    expect(await mistake(["score", "--config", file("key.yaml", "stak: prose\n"), "--in", bank, "--out", out])).toMatch(/key\.yaml: .*unknown field "stak"/);
    expect(await mistake(["score", "--config", file("type.yaml", "stack: 5\n"), "--in", bank, "--out", out])).toMatch(/type\.yaml: stack: .*expected string/);
    expect(await mistake(["score", "--config", file("broken.yaml", "stack: prose\noptions: [1\n"), "--in", bank, "--out", out])).toMatch(/broken\.yaml:.*not valid YAML/);
    expect(await mistake(["score", "--config", join(dir, "none.yaml"), "--in", bank, "--out", out])).toMatch(/none\.yaml: config file not found/);
  });

  it("a bad number or choice", async () => {
    expect(await mistake(["hunt", "--stack", "cherrl", "--budget", "0"])).toMatch(/--budget: must be a positive integer, got "0"/);
    expect(await mistake(["simulate", "--set", "demo", "--policy", "oracle", "--out", join(dir, "sim.jsonl")])).toMatch(/--policy: expected retrieval or model, got "oracle"/);
  });
});
