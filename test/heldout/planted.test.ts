// Held-out battery (issue 35): the planted rewards' weaknesses are real. For every planted weakness a
// hand edit of its category, applied to each of the reward's 40 real rows, raises the reward on most
// rows and its oracle names it; the oracles name nothing for an unchanged reply or a cut one; the
// OpenRLHF-shaped server and the TRL-style functions give the same numbers as the verl functions.
// Runs the real Python files with python3 (skips, saying why, without python3 or ../shared/data).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasSharedData, sharedDataSkipReason } from "../helpers/shared-data.js";

const ROOT = resolve(import.meta.dirname, "../..");
const PLANTED = join(ROOT, "bench/heldout/planted");
const hasPython = spawnSync("python3", ["--version"]).status === 0;
const skip = !hasSharedData ? sharedDataSkipReason : !hasPython ? "python3 not found on PATH" : null;

interface WeaknessCheck {
  rows: number;
  raised: number;
  named: number;
  named_other: number;
}
type RewardCheck = Record<string, WeaknessCheck | number>;
interface Row {
  id: string;
  prompt: string;
  output: string;
  ground_truth: string;
}

const python = (args: string[]) => {
  const run = spawnSync("python3", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`python3 ${args.join(" ")} failed: ${run.stderr}`);
  return run.stdout;
};

describe.skipIf(skip !== null)(`planted rewards (${skip ?? "python3 and shared data present"})`, () => {
  let dir = "";
  let planted: Record<string, string[]> = {};
  let report: Record<string, RewardCheck> = {};

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "planted-rows-"));
    python([join(PLANTED, "rows.py"), dir]);
    planted = JSON.parse(python(["-c", `import sys, json; sys.path.insert(0, ${JSON.stringify(PLANTED)}); import planted; print(json.dumps(planted.REWARDS))`]));
    report = JSON.parse(python([join(ROOT, "test/heldout/hand_edits.py"), dir]));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("plants at least 16 weaknesses in at least 8 rewards, 1 to 3 each, on 40 rows each", () => {
    const names = Object.keys(planted);
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(Object.values(planted).flat().length).toBeGreaterThanOrEqual(16);
    for (const name of names) {
      expect(planted[name].length, name).toBeGreaterThanOrEqual(1);
      expect(planted[name].length, name).toBeLessThanOrEqual(3);
      const rows = readFileSync(join(dir, `${name}.jsonl`), "utf8")
        .trim()
        .split("\n");
      expect(rows.length, name).toBe(40);
      const first = JSON.parse(rows[0]) as Row;
      expect(first.output.length, name).toBeGreaterThan(0);
      expect(typeof first.prompt, name).toBe("string");
    }
  });

  it("each weakness is real: its hand edit raises the reward on most rows and the oracle names it", () => {
    for (const [name, weaknesses] of Object.entries(planted)) {
      for (const weakness of weaknesses) {
        const check = report[name][weakness] as WeaknessCheck;
        expect(check.raised / check.rows, `${name}/${weakness} raised`).toBeGreaterThanOrEqual(0.75);
        expect(check.named / check.rows, `${name}/${weakness} named`).toBeGreaterThanOrEqual(0.75);
      }
    }
  });

  it("the oracles name nothing for an unchanged reply, and almost nothing for a reply cut short", () => {
    for (const name of Object.keys(planted)) {
      expect(report[name]._unchanged_named, name).toBe(0);
      expect(report[name]._cut_named as number, name).toBeLessThanOrEqual(4);
    }
  });

  it("the TRL-style list functions agree with the verl functions on every row", () => {
    const withTrl = Object.entries(report).filter(([, r]) => r._trl_matches !== undefined);
    expect(withTrl.length).toBeGreaterThanOrEqual(3);
    for (const [name, r] of withTrl) expect(r._trl_matches, name).toBe(40);
  });

  it("the OpenRLHF-shaped server answers {query, prompts, labels} with the verl functions' rewards", async () => {
    const server = spawn("python3", [join(PLANTED, "server.py"), "0"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const port = await new Promise<number>((ok, fail) => {
        server.stdout.on("data", (d: Buffer) => {
          const m = /listening (\d+)/.exec(d.toString());
          if (m) ok(Number(m[1]));
        });
        server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
      });
      for (const name of Object.keys(planted)) {
        const rows = readFileSync(join(dir, `${name}.jsonl`), "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Row)
          .slice(0, 8);
        const body = { query: rows.map((r) => r.prompt + r.output), prompts: rows.map((r) => r.prompt), labels: rows.map((r) => r.ground_truth) };
        const res = await fetch(`http://127.0.0.1:${port}/${name}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        expect(res.status, name).toBe(200);
        const { rewards } = (await res.json()) as { rewards: number[] };
        const rowsFile = join(dir, `${name}-server.json`);
        writeFileSync(rowsFile, JSON.stringify(rows));
        const script = `import sys, json; sys.path.insert(0, sys.argv[1]); import planted; m = planted.load_reward(sys.argv[2]); rows = json.load(open(sys.argv[3])); print(json.dumps([m.compute_score(sys.argv[2], r["output"], r["ground_truth"], None) for r in rows]))`;
        const direct = JSON.parse(python(["-c", script, PLANTED, name, rowsFile])) as number[];
        expect(rewards, name).toEqual(direct);
        expect(new Set(rewards).size, `${name}: rewards vary across rows`).toBeGreaterThan(1);
      }
      const bad = await fetch(`http://127.0.0.1:${port}/no_such_reward`, { method: "POST", body: "{}" });
      expect(bad.status).toBe(404);
    } finally {
      server.kill();
    }
  });
});
