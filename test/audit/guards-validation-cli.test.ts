// `foolsgold audit` with the training-guard settings from the CLI (thresholds per level, a baseline
// bank, expected turns) and candidate validation from an adjudicator labels file, on the embedded
// models. Before, the guards ran with fixed defaults and the first step as reference, and
// `--term surprise_gate` was refused (the log's scores carry no such term).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fluencyTerm } from "../../src/audit/audited-terms.js";
import { parseLabels } from "../../src/audit/labels.js";
import { simulatedBank } from "../../src/audit/contexts.js";
import { main } from "../../src/cli/index.js";
import { toJsonl } from "../../src/core/jsonl.js";
import type { TranscriptRow } from "../../src/core/types.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { wordShuffle } from "../../src/text/word-shuffle.js";
import { captureOutput } from "../helpers/capture-output.js";

const dir = mkdtempSync(join(tmpdir(), "fg-audit-gv-"));
afterEach(() => vi.restoreAllMocks());
const audit = (...args: string[]) => main(["node", "foolsgold", "audit", "--no-cache", ...args]);
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

let bank: TranscriptRow[];
beforeAll(async () => {
  bank = await simulatedBank(20, { policyTurns: 2 });
});

describe("training guards configured from the CLI", () => {
  it("takes thresholds per level, expected turns and a baseline bank", async () => {
    // Step 1 as simulated; at step 2 one policy turn in 40 laughs: +2.5 points, past inspect (2), short of the default stop (5).
    let laughed = false;
    const step2 = bank.map((r) => ({
      ...r,
      turns: r.turns.map((t) => {
        if (t.speaker !== "policy" || laughed) return t;
        laughed = true;
        return { ...t, text: `${t.text} Haha!` };
      }),
    }));
    const log = [...bank.map((r, i) => ({ ...r, id: `a${i}`, step: 1, group_id: `g1-${i % 4}` })), ...step2.map((r, i) => ({ ...r, id: `b${i}`, step: 2, group_id: `g2-${i % 4}` }))];
    const logPath = file("log.jsonl", toJsonl(log));
    const run = async (...extra: string[]) => {
      const out = join(dir, `guards-${extra.length}.json`);
      captureOutput();
      expect(await audit("--audits", "guards", "--log", logPath, "--json", "--out", out, ...extra)).toBe(0);
      return JSON.parse(readFileSync(out, "utf8")).result.guards;
    };
    const defaults = await run();
    expect(defaults.alerts.filter((a: { step: number }) => a.step === 2).map((a: { level: string; guard: string }) => `${a.level} ${a.guard}`)).toEqual(["inspect strict_laughter"]);
    expect(defaults.steps[0].metrics.completed_sessions).toBe(0); // default 10 expected turns; these have 2
    const set = await run("--guard-thresholds", '{"stop":{"strict_laughter_rise_pp":1}}', "--expected-turns", "2", "--guard-baseline", file("baseline.jsonl", toJsonl(bank)));
    expect(set.thresholds.stop.strict_laughter_rise_pp).toBe(1);
    expect(set.thresholds.inspect.strict_laughter_rise_pp).toBe(2);
    expect(set.reference).toBe("baseline bank");
    expect(set.steps[0].metrics.completed_sessions).toBe(20);
    expect(set.stop_at).toBe(2);
    captureOutput();
    expect(await audit("--audits", "guards", "--log", logPath, "--guard-thresholds", '{"halt":{}}')).toBe(2);
  }, 120_000);
});

describe("candidate validation from an adjudicator labels file", () => {
  let server: EmbeddedServer;
  afterAll(async () => server?.close());
  it("scores both replies with the candidate and reports agreement (fluency, recomputed here), and no longer refuses surprise_gate", async () => {
    // The adjudicator prefers each real reply over its word-shuffled copy.
    const rows = bank.slice(0, 8).map((r, i) => {
      const at = r.turns.findIndex((t) => t.speaker === "policy");
      const reply = r.turns[at].text;
      return { id: `p${i}`, turns: r.turns.slice(0, at), a: reply, b: wordShuffle(reply, i + 1), label: i === 7 ? "tie" : "a" };
    });
    const labels = file("labels.jsonl", toJsonl(rows));
    const out = join(dir, "validation.json");
    captureOutput();
    expect(await audit("--audits", "validation", "--term", "fluency", "--labels", labels, "--json", "--out", out)).toBe(0);
    const v = JSON.parse(readFileSync(out, "utf8")).result.validation[0];
    const agreement = v.checks.find((c: { check: string }) => c.check === "adjudicator agreement");
    expect(agreement.n).toBe(7);
    server = await startEmbeddedServer();
    const lm = createOpenAIClient({ baseUrl: server.baseUrl, model: "foolsgold-embedded-lm" });
    const pairs = parseLabels(rows, "labels");
    const scores = await fluencyTerm(lm).score(pairs.flatMap((p) => [p.a, p.b]));
    let agree = 0;
    pairs.forEach((p, i) => {
      if (p.label === "tie") return;
      const [a, b] = [scores[2 * i].value!, scores[2 * i + 1].value!];
      agree += a === b ? 0.5 : a > b ? 1 : 0;
    });
    expect(agreement.estimate).toBeCloseTo(agree / 7, 12);
    const gate = join(dir, "gate.json");
    captureOutput();
    expect(await audit("--audits", "validation", "--term", "surprise_gate", "--labels", file("two.jsonl", toJsonl(rows.slice(0, 2))), "--json", "--out", gate)).toBe(0);
    expect(JSON.parse(readFileSync(gate, "utf8")).result.validation[0].candidate).toBe("surprise_gate");
    captureOutput();
    expect(await audit("--audits", "validation", "--term", "taste", "--labels", labels)).toBe(2);
  }, 240_000);
});
