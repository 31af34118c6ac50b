// Certificates cannot be bought by editing banks (issue 18). The CLI runs in this process on the
// embedded models (real KN-trigram audience, real USE-lite embedder): banks are rolled out under a
// registered pre-registration, then tampered with the ways a user could — stored scores, transcript
// text, the stamp, the registry — and none of them yields CERTIFIED. Before the fix, certify trusted the
// stored scores and the in-bank stamp: +0.3 on every trained score.value certified a null effect, and a
// rewritten meta.preregistration certified under looser bars.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMain } from "../helpers/capture-output.js";
import { makeStamp, parsePreregistration, preregistrationHash, stampRows } from "../../src/certify/preregistration.js";
import { readLog, transcriptsHash } from "../../src/certify/registry.js";
import { readJsonl, toJsonl } from "../../src/core/jsonl.js";
import type { TranscriptRow } from "../../src/core/types.js";

const dir = mkdtempSync(join(tmpdir(), "fg-certify-tamper-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const log = join(dir, "prereg-log.jsonl");
const cache = join(dir, "cache.sqlite");
const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const rows = (path: string) => readJsonl<TranscriptRow>(path).rows;
const withPolicySuffix = (bank: TranscriptRow[], suffix: string) => bank.map((r) => ({ ...r, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, text: t.text + suffix } : t)) }));

const cli = (...args: string[]) => runMain(args);
const certify = (...args: string[]) => cli("certify", "--prereg-log", log, "--cache", cache, ...args);

const base = {
  format: "foolsgold-preregistration/1",
  registered_at: "2026-01-01T00:00:00Z",
  hypothesis: "Dropping the stage directions keeps sessions certified.",
  seed_set: "demo",
  bars: [{ metric: "retention", min_delta: 0.02 }],
  // Appending a stage direction changes every turn's trigrams; this run is about C, not diversity.
  guards: { trigram_diversity_drift: 1 },
};
const strictP = write("strict.json", JSON.stringify({ ...base, name: "strict" }));
const looseP = write("loose.json", JSON.stringify({ ...base, name: "loose", bars: [{ metric: "retention", min_delta: -1 }] }));

let plain: string;
let bows: string;
let haha: string;
beforeAll(async () => {
  expect((await cli("prereg", "register", strictP, "--log", log)).status).toBe(0);
  plain = join(dir, "plain.jsonl");
  const sim = await cli("simulate", "--set", "demo", "--limit", "6", "--turns", "2", "--prereg", strictP, "--prereg-log", log, "--arm", "trained", "--out", plain);
  expect(sim.stderr).toBe("");
  expect(sim.status).toBe(0);
  // Two more arms of the same sessions, recorded under the same registration as banks rolled out by
  // another pipeline: every policy turn with an asterisk stage direction (C = 0, the base arm), and
  // with laughter (the bait arm).
  bows = write("bows.jsonl", toJsonl(withPolicySuffix(rows(plain), " *bows*")));
  haha = write("haha.jsonl", toJsonl(withPolicySuffix(rows(plain), " Haha!")));
  expect((await cli("prereg", "record", `base=${bows}`, `bait=${haha}`, "--prereg", strictP, "--log", log)).status).toBe(0);
}, 120_000);

describe("certify from the text, under a registered pre-registration", () => {
  let artifact: { result: Record<string, any> };
  it("certifies honest banks and binds transcripts, instrument and pre-registration by recomputed hashes", async () => {
    const out = join(dir, "honest.json");
    const r = await certify("--prereg", strictP, "--base", bows, "--trained", plain, "--bait", haha, "--banks-dir", join(dir, "scored"), "--out", out);
    expect(r.stderr).toBe("");
    expect(r.stdout).toContain("VERDICT: CERTIFIED on demo");
    expect(r.status).toBe(0);
    artifact = JSON.parse(readFileSync(out, "utf8"));
    const b = artifact.result.bindings;
    expect(b.preregistration_hash).toBe(preregistrationHash(parsePreregistration(JSON.parse(readFileSync(strictP, "utf8")), "strict")));
    expect(b.registry.register_seq).toBe(1);
    expect(b.instrument_hash).toBe(artifact.result.instrument);
    expect(b.banks.find((x: { label: string }) => x.label === "demo trained").transcripts_hash).toBe(transcriptsHash(rows(plain)));
    expect(b.banks.find((x: { label: string }) => x.label === "demo base").rollout_seq).toBe(3);
    // Mean reaction log-probability per arm: the mean over sessions of each session's mean audience L.
    const meanL = (bank: TranscriptRow[]) =>
      bank.reduce((a, r) => {
        const L = (r.score!.terms.taste.details as { L: number[] }).L;
        return a + L.reduce((x, y) => x + y, 0) / L.length;
      }, 0) / bank.length;
    const react = artifact.result.sets[0].trained.reaction_logprob;
    expect(react.n).toBe(6);
    expect(react.mean_base).toBeCloseTo(meanL(rows(join(dir, "scored", "demo.base.jsonl"))), 10);
    expect(react.mean_trained).toBeCloseTo(meanL(rows(join(dir, "scored", "demo.trained.jsonl"))), 10);
    expect(r.stdout).toMatch(/mean reaction log-probability L \(nats, session means\): base -\d+\.\d{3} -> -\d+\.\d{3}/);
  }, 240_000);

  it("re-certifies from the stored scores' banks with the same result (stored scores are a cache that agrees)", async () => {
    const scored = join(dir, "scored");
    const r = await certify("--prereg", strictP, "--base", join(scored, "demo.base.jsonl"), "--trained", join(scored, "demo.trained.jsonl"), "--bait", join(scored, "demo.bait.jsonl"), "--json");
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).sets[0].trained.retention.delta).toBe(artifact.result.sets[0].trained.retention.delta);
  }, 240_000);

  it("+0.3 on every trained score.value: refused (exit 3), the disagreement reported", async () => {
    const scored = rows(join(dir, "scored", "demo.trained.jsonl"));
    const inflated = write("inflated.jsonl", toJsonl(scored.map((r) => ({ ...r, score: { ...r.score!, value: r.score!.value! + 0.3 } }))));
    // The recorded text under inflated scores: the rescoring from the text disagrees.
    const r = await certify("--prereg", strictP, "--base", bows, "--trained", inflated, "--bait", haha);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/6 stored score\(s\) disagree with the rescoring from the transcripts \(demo trained seed 20000000: stored C [\d.]+, rescored [\d.]+/);
    expect(r.stdout).not.toContain("CERTIFIED");
  }, 240_000);

  it('" *bows*" appended to every trained policy turn: refused, whether kept, scored or recorded again', async () => {
    const scored = rows(join(dir, "scored", "demo.trained.jsonl"));
    const bowed = write("bowed.jsonl", toJsonl(withPolicySuffix(scored, " *bows*")));
    // The stored scores kept (the case): the text is the base arm's, recorded as "demo base".
    const r = await certify("--prereg", strictP, "--base", bows, "--trained", bowed, "--bait", haha);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/demo trained bank: its transcripts were recorded as "demo base", not "demo trained"; swapped or renamed arms are refused/);
    // Text never recorded: not the text recorded for the trained arm, each edited row named.
    const unrecorded = write("bow-unrecorded.jsonl", toJsonl(withPolicySuffix(rows(plain), " *takes a bow*")));
    const u = await certify("--prereg", strictP, "--base", bows, "--trained", unrecorded, "--bait", haha);
    expect(u.status).toBe(3);
    expect(u.stderr).toMatch(/demo trained bank: its transcripts \([0-9a-f]{12}\) are not the ones recorded for "demo trained" in entry 2 .*\(6 row\(s\) differ: row 1 \(seed 20000000\)/);
    // Recording it again as the trained arm: refused, an arm is recorded once.
    const again = await cli("prereg", "record", `trained=${unrecorded}`, "--prereg", strictP, "--log", log);
    expect(again.status).toBe(3);
    expect(again.stderr).toMatch(/"demo trained" was already recorded under "strict" in entry 2/);
  }, 240_000);

  it("meta.preregistration rewritten to a looser, later registration: refused, even after recording the banks again", async () => {
    expect((await cli("prereg", "register", looseP, "--log", log)).status).toBe(0);
    const loose = parsePreregistration(JSON.parse(readFileSync(looseP, "utf8")), "loose");
    const restamp = (path: string, name: string) => write(name, toJsonl(stampRows(rows(path), makeStamp(loose))));
    const b = restamp(plain, "loose-base.jsonl");
    const t = restamp(plain, "loose-trained.jsonl");
    const bait = restamp(haha, "loose-bait.jsonl");
    const r = await certify("--prereg", looseP, "--base", b, "--trained", t, "--bait", bait);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/demo base bank: its transcripts were first recorded in entry 2 .* not under "loose"/);
    expect((await cli("prereg", "record", `base=${b}`, `trained=${t}`, `bait=${bait}`, "--prereg", looseP, "--log", log)).status).toBe(0);
    expect((await certify("--prereg", looseP, "--base", b, "--trained", t, "--bait", bait)).status).toBe(3);
  }, 240_000);

  it("a pre-registered bait arm is required and must trip a guard; missing parts are named", async () => {
    const none = await certify("--prereg", strictP, "--base", bows, "--trained", plain);
    expect(none.status).toBe(1);
    expect(none.stdout).toContain("MISSING (pre-registered, not in this run): bait arm");
    expect(none.stdout).toContain("VERDICT: NOT CERTIFIED (missing pre-registered parts: bait arm)");
    // The trained bank given as the bait (a bait that trips nothing): refused by its recorded label.
    const tame = await certify("--prereg", strictP, "--base", bows, "--trained", plain, "--bait", plain);
    expect(tame.status).toBe(3);
    expect(tame.stderr).toContain('demo bait bank: its transcripts were recorded as "demo trained", not "demo bait"');
  }, 240_000);

  it("an edited registry entry breaks the chain: prereg verify and certify exit 3", async () => {
    const lines = readFileSync(log, "utf8").trim().split("\n");
    const first = JSON.parse(lines[0]);
    first.content.bars[0].min_delta = -1;
    const edited = write("edited-log.jsonl", [JSON.stringify(first), ...lines.slice(1)].join("\n") + "\n");
    const v = await cli("prereg", "verify", "--log", edited);
    expect(v.status).toBe(3);
    expect(v.stderr).toMatch(/entry 1: content hashes to [0-9a-f]{12}, not its recorded/);
    const r = await cli("certify", "--prereg-log", edited, "--cache", cache, "--prereg", strictP, "--base", bows, "--trained", plain, "--bait", haha);
    expect(r.status).toBe(3);
    expect(readLog(log)).toHaveLength(readLog(edited).length);
  });

  it("refuses an unregistered pre-registration (exit 3) and banks rolled out on a training split (exit 2)", async () => {
    const other = write("other.json", JSON.stringify({ ...base, name: "never registered" }));
    // Unstamped banks (a stamp would already name the changed fields): the registry refuses.
    const unstamp = (path: string, name: string) => write(name, toJsonl(rows(path).map((r) => ({ ...r, meta: { ...r.meta, preregistration: undefined } }))));
    const r = await certify("--prereg", other, "--base", unstamp(bows, "u-base.jsonl"), "--trained", unstamp(plain, "u-trained.jsonl"));
    expect(r.status).toBe(3);
    expect(r.stderr).toContain('pre-registration "never registered"');
    const training = write("training.json", JSON.stringify({ ...base, name: "on training", seed_set: "train-rl-c" }));
    const reg = await cli("prereg", "register", training, "--log", log);
    expect(reg.status).toBe(2);
    expect(reg.stderr).toContain('seed_set: "train-rl-c" is a training split');
    expect((await certify("--prereg", training, "--base", bows, "--trained", plain)).status).toBe(2);
  });

  it("transcripts with no policy turn are per-row errors naming the speakers found", async () => {
    const renamed = write("assistant.jsonl", toJsonl(rows(plain).map((r) => ({ ...r, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, speaker: "assistant" } : t)) }))));
    const r = await certify("--prereg", strictP, "--base", renamed, "--trained", plain, "--bait", haha);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/6 of 6 transcripts cannot be scored: row 1 \(seed 20000000\): no turn by the policy speaker "policy" \(speakers found: "partner", "assistant"\)/);
    const wrong = await certify("--prereg", strictP, "--policy-speaker", "Policy", "--base", plain, "--trained", plain, "--bait", haha);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('no turn by the policy speaker "Policy"');
  });

  it("--allow-unregistered reports from the text and never certifies", async () => {
    const r = await certify("--allow-unregistered", "--base", bows, "--trained", plain);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("NOT PRE-REGISTERED");
    expect(r.stdout).toContain("VERDICT: NOT CERTIFIED (not pre-registered)");
  }, 240_000);

  it("rollout mode records each set's arms in the registry before scoring them, and binds them", async () => {
    const rollP = write("roll.json", JSON.stringify({ ...base, name: "rollout mode" }));
    expect((await certify("--prereg", rollP, "--limit", "2", "--turns", "1", "--best-of", "2")).status).toBe(3); // not registered yet
    expect((await cli("prereg", "register", rollP, "--log", log)).status).toBe(0);
    const out = join(dir, "roll-artifact.json");
    const r = await certify("--prereg", rollP, "--limit", "2", "--turns", "1", "--best-of", "2", "--banks-dir", join(dir, "roll-banks"), "--out", out);
    expect(r.stderr).toBe("");
    expect([0, 1]).toContain(r.status);
    const last = readLog(log).at(-1)!;
    expect(last.kind).toBe("rollout");
    const bound = JSON.parse(readFileSync(out, "utf8")).result.bindings.banks;
    expect(bound.map((b: { label: string }) => b.label)).toEqual(["demo base", "demo trained", "demo bait"]);
    for (const b of bound) expect(b.rollout_seq).toBe(last.seq);
    // Each arm recorded with the simulator that produced it.
    expect((last as { banks: { source?: { kind: string } }[] }).banks.map((b) => b.source?.kind)).toEqual(["simulator", "simulator", "simulator"]);
    // The kept banks let anyone recompute the certificate.
    const v = await cli("certify", "verify", out, "--cache", cache);
    expect(v.stderr).toBe("");
    expect(v.stdout).toMatch(/roll-artifact\.json: VALID \(recomputed from .*roll-banks\/demo\.base\.jsonl/);
    expect(v.status).toBe(0);
  }, 240_000);
});
