// Certificates that cannot be bent after the rollouts are seen (issue 37). An analyst who controls the
// files tries the six ways that used to certify arms that honestly fail; each now ends in a refusal
// (exit 3) whose message names the cause. The CLI runs in this process on the embedded models (real
// KN-trigram audience, real USE-lite embedder); the banks are real simulator rollouts of the demo set.
import Database from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJsonl, toJsonl } from "../../src/core/jsonl.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { HUMOR_STACK_VERSION } from "../../src/stacks/humor.js";
import { runMain } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-certify-attacks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const log = join(dir, "prereg-log.jsonl");
const cache = join(dir, "cache.sqlite");
const anchors = join(dir, "anchors.txt");
const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const rows = (path: string) => readJsonl<TranscriptRow>(path).rows;
const cli = (...args: string[]) => runMain(args);

const registered = {
  format: "foolsgold-preregistration/1",
  registered_at: "2026-01-01T00:00:00Z",
  hypothesis: "Teasing partners draw better replies from the trained policy.",
  seed_set: "demo",
  bars: [{ metric: "taste", min_delta: 0.015, min_t: 2 }],
  bait: false,
};
const prereg = write("prereg.json", JSON.stringify({ ...registered, name: "attacks" }));
const loose = write("loose.json", JSON.stringify({ ...registered, name: "loose", bars: [{ metric: "retention", min_delta: -1 }] }));
const base = join(dir, "base.jsonl");
const trained = join(dir, "trained.jsonl");
const honestOut = join(dir, "honest.json");
const certify = (...args: string[]) => cli("certify", "--prereg-log", log, "--cache", cache, ...args);

let honest: { params: Record<string, any>; result: Record<string, any> };
let head: string;
beforeAll(async () => {
  const reg = await cli("prereg", "register", prereg, "--prereg-log", log, "--anchor-file", anchors);
  expect(reg.stdout).toMatch(/^head 1:[0-9a-f]{64} \(appended to /m);
  expect(reg.status).toBe(0);
  // The base arm rolled out under the registration; the trained arm rolled out elsewhere and recorded.
  const sim = await cli("simulate", "--set", "demo", "--limit", "6", "--turns", "3", "--prereg", prereg, "--prereg-log", log, "--arm", "base", "--out", base);
  expect(sim.stdout).toMatch(/recorded as "demo base" in .*; head 2:[0-9a-f]{64}/);
  expect(sim.status).toBe(0);
  expect((await cli("simulate", "--set", "demo", "--limit", "6", "--turns", "3", "--rates", "tease=0.5", "--out", trained)).status).toBe(0);
  const rec = await cli("prereg", "record", `trained=${trained}`, "--prereg", prereg, "--prereg-log", log, "--anchor-file", anchors);
  expect(rec.stdout).toMatch(/recorded demo trained as entry 3/);
  expect(rec.status).toBe(0);
  const r = await certify("--prereg", prereg, "--base", base, "--trained", trained, "--out", honestOut);
  expect(r.stderr).toBe("");
  expect([0, 1]).toContain(r.status);
  honest = JSON.parse(readFileSync(honestOut, "utf8"));
  head = `${honest.result.bindings.registry.head.length}:${honest.result.bindings.registry.head.hash}`;
  expect(r.stdout).toContain(`registry head: ${head}`);
}, 300_000);

describe("issue 37: each way of bending a certificate is refused, naming the cause", () => {
  it("1. scoring settings chosen at certify time (--stack-options or --config): exit 3, the changed fields named", async () => {
    const window = '{"taste":{"L_lo":-15.945,"L_hi":-15.935}}';
    const r = await certify("--prereg", prereg, "--base", base, "--trained", trained, "--stack-options", window);
    expect(r.stderr).toMatch(/the instrument differs from the one registered with "attacks" \(2 field\(s\): scorer\.options\.taste\.L_hi: -2 -> -15\.935; scorer\.options\.taste\.L_lo: -20 -> -15\.945\)/);
    expect(r.status).toBe(3);
    expect(r.stdout).not.toContain("CERTIFIED");
    const config = write("window.yaml", "models:\n  audience: { baseUrl: embedded }\n  embedder: { baseUrl: embedded }\noptions:\n  taste: { L_lo: -15.945, L_hi: -15.935 }\n");
    const c = await certify("--prereg", prereg, "--base", base, "--trained", trained, "--config", config);
    expect(c.stderr).toMatch(/scorer\.options\.taste\.L_lo: -20 -> -15\.945/);
    expect(c.status).toBe(3);
    // Another preset resolves to other weights and normalization: named too.
    const preset = await certify("--prereg", prereg, "--base", base, "--trained", trained, "--stack-options", '{"preset":"RL-C"}');
    expect(preset.stderr).toMatch(/scorer\.options\.normalization\.mode: "v2" -> "v1"/);
    expect(preset.status).toBe(3);
  }, 120_000);

  it("2. a truncated registry with a looser pre-registration appended: caught against the anchor", async () => {
    const truncated = join(dir, "truncated-log.jsonl");
    writeFileSync(truncated, readFileSync(log, "utf8").split("\n")[0] + "\n");
    expect((await cli("prereg", "register", loose, "--prereg-log", truncated)).status).toBe(0);
    // The base bank's stamps name "attacks"; the analyst drops them (the registry, not the stamp, is the evidence).
    const unstamped = write("base-unstamped.jsonl", toJsonl(rows(base).map((r) => ({ ...r, meta: { ...r.meta, preregistration: undefined } }))));
    expect((await cli("prereg", "record", `base=${unstamped}`, `trained=${trained}`, "--prereg", loose, "--prereg-log", truncated)).status).toBe(0);
    // The chain alone is intact: without an anchor nothing local can tell (docs/certify.md says so).
    expect((await cli("prereg", "verify", "--prereg-log", truncated)).status).toBe(0);
    const v = await cli("prereg", "verify", "--prereg-log", truncated, "--anchor-file", anchors);
    expect(v.stderr).toMatch(/entry 3 hashes to [0-9a-f]{12}, not the anchored [0-9a-f]{12}: the log was truncated or rewritten since that anchor/);
    expect(v.status).toBe(3);
    const c = await cli("certify", "--prereg-log", truncated, "--cache", cache, "--prereg", loose, "--base", unstamped, "--trained", trained, "--anchor", head);
    expect(c.stderr).toMatch(/the log was truncated or rewritten since that anchor/);
    expect(c.status).toBe(3);
    // The saved certificate holds the head it was computed under: verify names the truncation too.
    const cv = await cli("certify", "verify", honestOut, "--prereg-log", truncated);
    expect(cv.stderr).toMatch(/truncated or rewritten/);
    expect(cv.status).toBe(3);
  }, 240_000);

  it("3. the trained replies edited and recorded again: the second record is refused, the edited bank too", async () => {
    const edited = write("edited.jsonl", toJsonl(rows(trained).map((r) => ({ ...r, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, text: `${t.text} I'm cracking up.` } : t)) }))));
    const rec = await cli("prereg", "record", `trained=${edited}`, "--prereg", prereg, "--prereg-log", log);
    expect(rec.stderr).toMatch(/"demo trained" was already recorded under "attacks" in entry 3 .*an arm is recorded once per pre-registration/);
    expect(rec.status).toBe(3);
    const revise = await cli("prereg", "record", `trained=${edited}`, "--revise", "--prereg", prereg, "--prereg-log", log);
    expect(revise.stderr).toMatch(/the pre-registration allows 0; a further revision is refused/);
    expect(revise.status).toBe(3);
    const c = await certify("--prereg", prereg, "--base", base, "--trained", edited);
    expect(c.stderr).toMatch(
      /demo trained bank: its transcripts \([0-9a-f]{12}\) are not the ones recorded for "demo trained" in entry 3 .*\(6 row\(s\) differ: row 1 \(seed 20000000\), row 2 \(seed 20000001\), row 3 \(seed 20000002\), …\): the text was edited after recording/,
    );
    expect(c.status).toBe(3);
  }, 120_000);

  it("4. a poisoned response cache: refused when checked; the certificate states how the answers were obtained", async () => {
    const db = new Database(cache);
    const poison = (v: unknown): unknown => (typeof v === "number" && v < 0 ? v + 2 : Array.isArray(v) ? v.map(poison) : v !== null && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, poison(x)])) : v);
    const entries = db.prepare("SELECT key, value FROM responses").all() as { key: string; value: string }[];
    expect(entries.length).toBeGreaterThan(10);
    const update = db.prepare("UPDATE responses SET value = ? WHERE key = ?");
    for (const e of entries) update.run(JSON.stringify(poison(JSON.parse(e.value))), e.key);
    db.close();
    const r = await certify("--prereg", prereg, "--base", base, "--trained", trained, "--cache-check", "1");
    expect(r.stderr).toMatch(/the response cache disagrees with the models on \d+ of \d+ recomputed answer\(s\) .*certify refuses/);
    expect(r.status).toBe(3);
    // The default check recomputes at least 10% of the cached answers it would use.
    const sampled = await certify("--prereg", prereg, "--base", base, "--trained", trained);
    expect(sampled.stderr).toMatch(/the response cache disagrees with the models/);
    expect(sampled.status).toBe(3);
    expect(await certify("--prereg", prereg, "--base", base, "--trained", trained, "--cache-check", "0.05")).toMatchObject({ status: 2 });
    // --no-cache: every answer recomputed, the poison never read, the honest result exactly.
    const fresh = await cli("certify", "--prereg-log", log, "--no-cache", "--prereg", prereg, "--base", base, "--trained", trained, "--json");
    expect(fresh.status).toBe(honest.result.certified ? 0 : 1);
    const result = JSON.parse(fresh.stdout);
    expect(result.bindings.model_answers).toEqual({ mode: "recomputed" });
    expect(result.sets[0].trained.components).toEqual(honest.result.sets[0].trained.components);
    expect(honest.result.bindings.model_answers).toMatchObject({ mode: "cache-checked", fraction: 0.1, mismatches: 0 });
  }, 240_000);

  it("5. a saved certificate with its verdict flipped: certify verify names the field; validate says it checks the schema only", async () => {
    const ok = await cli("certify", "verify", honestOut, "--no-cache");
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toMatch(/honest\.json: VALID \(recomputed from .*base\.jsonl, .*trained\.jsonl, .*prereg-log\.jsonl, .*prereg\.json: every result field identical; registry still holds head \d+:[0-9a-f]{64}\)/);
    expect(ok.status).toBe(0);
    const flipped = write("flipped.json", JSON.stringify({ ...honest, result: { ...honest.result, certified: !honest.result.certified } }));
    const r = await cli("certify", "verify", flipped, "--no-cache");
    expect(r.stderr).toMatch(new RegExp(`NOT VALID: 1 field\\(s\\) differ from the recomputation \\(result\\.certified: says ${!honest.result.certified}, recomputed ${honest.result.certified}\\)`));
    expect(r.status).toBe(3);
    // The instrument it claims to describe is checked too.
    const relabelled = write("relabelled.json", JSON.stringify({ ...honest, params: { ...honest.params, instrument: { ...honest.params.instrument, version: "humor-stack-9" } } }));
    const p = await cli("certify", "verify", relabelled, "--no-cache");
    expect(p.stderr).toContain(`NOT VALID: 1 field(s) differ from the recomputation (params.instrument.version: says "humor-stack-9", recomputed "${HUMOR_STACK_VERSION}")`);
    expect(p.status).toBe(3);
    const v = await cli("validate", flipped);
    expect(v.status).toBe(0);
    expect(v.stdout).toContain("schema check only: the shape of each file, not whether what it says is true; to recompute a certificate from its inputs run foolsgold certify verify FILE");
  }, 240_000);

  it("3b. a revision the pre-registration allows is recorded and reported by the certificate", async () => {
    const revisable = write("revisable.json", JSON.stringify({ ...registered, name: "revisable", allow_revisions: 1 }));
    const revLog = join(dir, "revision-log.jsonl");
    expect((await cli("prereg", "register", revisable, "--prereg-log", revLog)).status).toBe(0);
    const unstamped = write("base-for-revision.jsonl", toJsonl(rows(base).map((r) => ({ ...r, meta: { ...r.meta, preregistration: undefined } }))));
    const fresh = write("rev-trained.jsonl", toJsonl(rows(trained).map((r) => ({ ...r, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, text: `${t.text} Right.` } : t)) }))));
    const fresh2 = write("rev-trained-2.jsonl", toJsonl(rows(trained).map((r) => ({ ...r, turns: r.turns.map((t) => (t.speaker === "policy" ? { ...t, text: `${t.text} Sure.` } : t)) }))));
    expect((await cli("prereg", "record", `base=${unstamped}`, `trained=${fresh}`, "--prereg", revisable, "--prereg-log", revLog)).status).toBe(0);
    const rev = await cli("prereg", "record", `trained=${fresh2}`, "--revise", "--prereg", revisable, "--prereg-log", revLog);
    expect(rev.stdout).toMatch(/REVISION: demo trained \(revises entry 2\)/);
    expect(rev.status).toBe(0);
    const r = await cli("certify", "--prereg-log", revLog, "--no-cache", "--prereg", revisable, "--base", unstamped, "--trained", fresh2, "--out", join(dir, "revised.json"));
    expect([0, 1]).toContain(r.status);
    expect(r.stdout).toContain("REVISED: demo trained was recorded 2 times; certified on its latest record (entry 3), as the pre-registration allows");
    const bound = JSON.parse(readFileSync(join(dir, "revised.json"), "utf8")).result.bindings.banks;
    expect(bound.map((b: { label: string; revisions: number }) => [b.label, b.revisions])).toEqual([
      ["demo base", 0],
      ["demo trained", 1],
    ]);
    const old = await cli("certify", "--prereg-log", revLog, "--no-cache", "--prereg", revisable, "--base", unstamped, "--trained", fresh);
    expect(old.stderr).toMatch(/demo trained bank: this text was revised in entry 3; certify the latest recorded revision/);
    expect(old.status).toBe(3);
  }, 240_000);

  it("6. swapped arm labels: refused before any scoring", async () => {
    const r = await certify("--prereg", prereg, "--base", trained, "--trained", base);
    expect(r.stderr).toMatch(/demo base bank: its transcripts were recorded as "demo trained", not "demo base"; swapped or renamed arms are refused/);
    expect(r.status).toBe(3);
  }, 120_000);
});
