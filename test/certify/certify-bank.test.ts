// Certifying bank-row arms through real CLI processes: a verl `python:` reward module and a `cmd:`
// reward (bank-fixtures/) certify a trained bank that honestly improves the reward, fail one that does
// not, refuse a failed reward call by row, and refuse each attack on the evidence (an edited recorded
// row, swapped arms, a changed reward file, a truncated registry, a flipped certificate).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRewardServer, type RewardServer } from "../helpers/python-reward-server.js";
import { runCli } from "../helpers/run-cli.js";

const FIXTURES = join(import.meta.dirname, "bank-fixtures");
const BASE = join(FIXTURES, "base.jsonl");
const TRAINED = join(FIXTURES, "trained.jsonl");
const FLAT = join(FIXTURES, "flat.jsonl");
const dir = mkdtempSync(join(tmpdir(), "fg-certify-bank-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(args);

const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

/** A pre-registration with one bar on the reward's paired delta (no bait arm: no guard reads bank rows). */
function prereg(name: string, extra: Record<string, unknown> = {}): string {
  return write(
    `${name}.json`,
    JSON.stringify({
      format: "foolsgold-preregistration/1",
      name,
      registered_at: "2026-01-01T00:00:00Z",
      hypothesis: "The trained policy states the correct answer more often.",
      bars: [{ metric: "reward", min_delta: 0.25, min_t: 2 }],
      bait: false,
      ...extra,
    }),
  );
}

/** Registers `p` with the reward and records the two banks as its base and trained arms. */
async function registerAndRecord(p: string, log: string, reward: string, base: string, trained: string): Promise<void> {
  const reg = await cli("prereg", "register", p, "--reward", reward, "--prereg-log", log);
  expect(reg.code, reg.stderr).toBe(0);
  const rec = await cli("prereg", "record", `base=${base}`, `trained=${trained}`, "--prereg", p, "--prereg-log", log);
  expect(rec.code, rec.stderr).toBe(0);
}

const certify = (p: string, log: string, reward: string, base: string, trained: string, ...more: string[]) => cli("certify", "--prereg", p, "--prereg-log", log, "--reward", reward, "--base", base, "--trained", trained, ...more);

describe("certify bank arms with a python: verl reward module", () => {
  // A copy, so the instrument test can change the reward's source.
  const module = join(dir, "verl_answer.py");
  copyFileSync(join(FIXTURES, "verl_answer.py"), module);
  const reward = `python:${module}`;
  const log = join(dir, "verl-log.jsonl");
  const honest = prereg("verl honest");
  const cert = join(dir, "verl-cert.json");

  it("certifies a trained bank that honestly improves the reward, and certify verify recomputes it", async () => {
    await registerAndRecord(honest, log, reward, BASE, TRAINED);
    const r = await certify(honest, log, reward, BASE, TRAINED, "--out", cert);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/8 pairs by prompt/);
    expect(r.stdout).toMatch(/reward: base 0\.3750 -> 0\.8750, delta \+0\.5000 \(95% CI \+0\.0531 to \+0\.9469\), t = 2\.65/);
    expect(r.stdout).toMatch(/PASS reward >= \+0\.25 at t >= 2/);
    expect(r.stdout).toMatch(/guards: none ran/);
    expect(r.stdout).toMatch(/^CERTIFIED$/m);
    const artifact = JSON.parse(readFileSync(cert, "utf8"));
    expect(artifact.result).toMatchObject({ arms: "bank", certified: true, guards: { ran: [] } });
    expect(artifact.result.guards.not_run).toContain("strict_laughter");
    expect(artifact.result.bindings.banks.map((b: { label: string }) => b.label)).toEqual(["primary base", "primary trained"]);
    const v = await cli("certify", "verify", cert);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/VALID/);
  }, 120_000);

  it("a flipped certificate is NOT VALID under certify verify", async () => {
    const artifact = JSON.parse(readFileSync(cert, "utf8"));
    artifact.result.trained.reward.delta = 0.9;
    const flipped = write("verl-flipped.json", JSON.stringify(artifact));
    const v = await cli("certify", "verify", flipped);
    expect(v.code).toBe(3);
    expect(v.stderr).toMatch(/NOT VALID: 1 field\(s\) differ.*result\.trained\.reward\.delta: says 0\.9, recomputed 0\.5/);
  }, 120_000);

  it("is NOT CERTIFIED for a trained bank that does not improve the reward", async () => {
    // Its own registry: a bank's rows belong to the first pre-registration that recorded them.
    const p = prereg("verl flat");
    const own = join(dir, "verl-flat-log.jsonl");
    await registerAndRecord(p, own, reward, BASE, FLAT);
    const r = await certify(p, own, reward, BASE, FLAT);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/reward: base 0\.3750 -> 0\.3750, delta \+0\.0000/);
    expect(r.stdout).toMatch(/NOT CERTIFIED: bars missed on primary: reward >= \+0\.25 at t >= 2/);
  }, 120_000);

  it("refuses a recorded trained row edited afterwards, naming the row", async () => {
    const rows = readFileSync(TRAINED, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    rows[6].output = "The answer is 10.";
    const edited = write("verl-edited.jsonl", rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const r = await certify(honest, log, reward, BASE, edited);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/primary trained bank: .*\(1 row\(s\) differ: row 7 \(id q6\)\): the text was edited after recording/);
    // Re-recording the edited text is refused too: an arm is recorded once.
    const again = await cli("prereg", "record", `trained=${edited}`, "--prereg", honest, "--prereg-log", log);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/"primary trained" was already recorded/);
  }, 120_000);

  it("refuses swapped arm labels", async () => {
    const r = await certify(honest, log, reward, TRAINED, BASE);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/recorded as "primary trained", not "primary base"; swapped or renamed arms are refused/);
  }, 120_000);

  it("refuses a reward whose source changed since registration, naming the field", async () => {
    const changed = join(dir, "verl_changed.py");
    copyFileSync(module, changed);
    const p = prereg("verl changed");
    const own = join(dir, "verl-changed-log.jsonl");
    await registerAndRecord(p, own, `python:${changed}`, BASE, TRAINED);
    writeFileSync(changed, readFileSync(changed, "utf8").replace("return 1.0 if", "return 2.0 if"));
    const r = await certify(p, own, `python:${changed}`, BASE, TRAINED);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/the instrument differs from the one registered with "verl changed" \(\d+ field\(s\): scorer\.inputs\.source/);
  }, 120_000);

  it("refuses a registry truncated below a kept anchor", async () => {
    // A later registration grows the log; its head is the anchor the user kept.
    const later = await cli("prereg", "register", prereg("verl later"), "--reward", reward, "--prereg-log", log);
    expect(later.code, later.stderr).toBe(0);
    const entries = readFileSync(log, "utf8").trim().split("\n");
    const anchor = `${entries.length}:${JSON.parse(entries.at(-1)!).hash}`;
    const truncated = write("verl-truncated.jsonl", entries.slice(0, 2).join("\n") + "\n");
    const r = await certify(honest, truncated, reward, BASE, TRAINED, "--anchor", anchor);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/holds 2 entries and no entry 3 with the anchored hash .*truncated or rewritten/);
  }, 120_000);
});

describe("certify bank arms with a cmd: reward", () => {
  const reward = `cmd:python3 ${join(FIXTURES, "cmd_answer.py")}`;
  const log = (name: string) => join(dir, `${name}-log.jsonl`);

  it("certifies the honest trained bank and fails the flat one", async () => {
    const honest = prereg("cmd honest");
    await registerAndRecord(honest, log("cmd-honest"), reward, BASE, TRAINED);
    const ok = await certify(honest, log("cmd-honest"), reward, BASE, TRAINED);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/delta \+0\.5000 .* n = 8/);
    expect(ok.stdout).toMatch(/^CERTIFIED$/m);
    const flat = prereg("cmd flat");
    await registerAndRecord(flat, log("cmd-flat"), reward, BASE, FLAT);
    const no = await certify(flat, log("cmd-flat"), reward, BASE, FLAT);
    expect(no.code, no.stderr).toBe(1);
    expect(no.stdout).toMatch(/NOT CERTIFIED: bars missed/);
  }, 120_000);

  it("refuses, naming the row, when the reward fails on one (never a 0)", async () => {
    const rows = readFileSync(TRAINED, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    rows[2].output = "bad";
    const failing = write("cmd-failing.jsonl", rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const p = prereg("cmd failing");
    await registerAndRecord(p, log("cmd-failing"), reward, BASE, failing);
    const r = await certify(p, log("cmd-failing"), reward, BASE, failing);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/primary trained bank: the reward failed on 1 of 8 rows \(row 3 \(id q2\): .*\); certify refuses/);
  }, 120_000);

  it("refuses to register a bait arm for bank arms (no guard reads bank rows)", async () => {
    const r = await cli("prereg", "register", prereg("cmd bait", { bait: true }), "--reward", reward, "--prereg-log", log("cmd-bait"));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pre-registration: bait: .*set `bait: false`/);
  }, 60_000);
});

describe("certify bank arms with a python-trl: function and an http:// OpenRLHF server", () => {
  let server: RewardServer;
  beforeAll(async () => {
    server = await startRewardServer();
  }, 40_000);
  afterAll(async () => server?.stop());

  it("each certifies the honest trained bank and fails the flat one", async () => {
    const rewards = [`python-trl:${join(FIXTURES, "trl_answer.py")}:reward_answer`, `${server.url}/reward`];
    for (const [i, reward] of rewards.entries()) {
      const honest = prereg(`other honest ${i}`);
      await registerAndRecord(honest, join(dir, `other-honest-${i}.jsonl`), reward, BASE, TRAINED);
      const ok = await certify(honest, join(dir, `other-honest-${i}.jsonl`), reward, BASE, TRAINED);
      expect(ok.code, `${reward}: ${ok.stderr}`).toBe(0);
      expect(ok.stdout).toMatch(/reward: base 0\.3750 -> 0\.8750, delta \+0\.5000/);
      const flat = prereg(`other flat ${i}`);
      await registerAndRecord(flat, join(dir, `other-flat-${i}.jsonl`), reward, BASE, FLAT);
      const no = await certify(flat, join(dir, `other-flat-${i}.jsonl`), reward, BASE, FLAT);
      expect(no.code, `${reward}: ${no.stderr}`).toBe(1);
      expect(no.stdout).toMatch(/NOT CERTIFIED: bars missed/);
    }
  }, 180_000);
});

describe("certify bank arms with a judge: rubric on the embedded LM", () => {
  it("certifies from recomputed model answers, and certify verify recomputes them", async () => {
    const reward = `judge:${resolve(import.meta.dirname, "../rewards/fixtures/judge.yaml")}`;
    const log = join(dir, "judge-log.jsonl");
    // The embedded LM is a small model: the bar only asks that the judge not prefer the base replies.
    const p = prereg("judge", { bars: [{ metric: "reward", min_delta: 0 }] });
    await registerAndRecord(p, log, reward, BASE, TRAINED);
    const cert = join(dir, "judge-cert.json");
    const r = await certify(p, log, reward, BASE, TRAINED, "--no-cache", "--out", cert);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/model answers: recomputed \(no cache read\)/);
    const artifact = JSON.parse(readFileSync(cert, "utf8"));
    expect(artifact.result.trained.reward.delta).toBeGreaterThan(0);
    expect(artifact.params.instrument.options).toMatchObject({ role: "judge" });
    const v = await cli("certify", "verify", cert, "--no-cache");
    expect(v.code, v.stderr).toBe(0);
  }, 180_000);
});
