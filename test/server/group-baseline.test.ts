// The short-reply gate through trainers that send one sample per call (issue 38): a reply that names
// its group (verl's uid) or comes from OpenRLHF's one-item list, with none of its group beside it, is
// held to a baseline that depends on the reply alone — the group rule's share of the median human
// reply — instead of passing unchecked. Real prose stack, real human stories (HANNA), in process.
import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.js";
import { openJournalStore, type JournalStore } from "../../src/server/journal-store.js";
import { listen } from "../../src/server/listen.js";
import { openScorer } from "../../src/stacks/open.js";
import { HARDENED_GATE_OPTIONS } from "../../src/terms/prose/gates.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

interface Story {
  prompt: string;
  text: string;
}
interface GateTerm {
  value: number;
  details?: { failed?: string };
}

const stories: Story[] = hasSharedData
  ? readFileSync(sharedPath("human_prose/fiction_writingprompts_human_hanna.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Story)
  : [];
/** The story cut to its first `n` words: a real reply, abnormally short. */
const cut = (text: string, n: number) =>
  `${text
    .split(/\s+/)
    .slice(0, n)
    .join(" ")
    .replace(/[,;:]$/, "")}.`;
const json = { "content-type": "application/json" };
const VERL = resolve(import.meta.dirname, "../../integrations/verl");
/** verl's shim takes numpy values; a python3 that has numpy, if any. */
const PY = ["python3", "/usr/bin/python3"].find((py) => {
  try {
    execFileSync(py, ["-c", "import numpy"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
});

describe.skipIf(!hasSharedData)(`one-sample calls get the short-reply baseline${hasSharedData ? "" : ` (skipped: ${sharedDataSkipReason})`}`, () => {
  let opened: Awaited<ReturnType<typeof openScorer>>;
  let journal: JournalStore;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    opened = await openScorer({ stack: "prose", cache: false });
    journal = await openJournalStore(":memory:");
    app = createApp({ scorers: { prose: opened.scorer }, defaultStack: "prose", journal });
  });
  afterAll(async () => {
    await journal.close();
    await opened.close();
  });

  const verlSample = async (requestId: string, output: string, prompt: string) => {
    const res = await app.request("/v1/score", { method: "POST", headers: { ...json, "x-request-id": requestId }, body: JSON.stringify({ rows: [{ id: "17", prompt, output, group_id: "uid-9", step: 3 }] }) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: { score: { value: number; terms: Record<string, GateTerm> } }[] };
    return body.rows[0].score;
  };

  it("gates an abnormally short reply sent alone in verl's per-sample shape, and the same bits on a resend", async () => {
    const { prompt, text } = stories.find((s) => s.text.split(/\s+/).length > 300)!;
    const short = await verlSample("verl-short", cut(text, 50), prompt);
    expect(short.value).toBe(0);
    expect(short.terms.gates.details?.failed).toBe("abnormally_short");
    const again = await verlSample("verl-short-again", cut(text, 50), prompt);
    expect(JSON.stringify(again)).toBe(JSON.stringify(short));
    const whole = await verlSample("verl-whole", text, prompt);
    expect(whole.terms.gates.value).toBe(1);
  });

  it("gates an abnormally short reply in OpenRLHF's one-item list", async () => {
    const { prompt, text } = stories.find((s) => s.text.split(/\s+/).length > 300)!;
    const template = `<|im_start|>user\n${prompt}<|im_end|>\n<|im_start|>assistant\n`;
    const reward = async (reply: string) => {
      const res = await app.request("/get_reward", { method: "POST", headers: json, body: JSON.stringify({ query: [`${template}${reply}<|im_end|>`], prompts: [template], labels: [""] }) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { rewards: number[] }).rewards[0];
    };
    expect(await reward(cut(text, 50))).toBe(0);
    expect(await reward(text)).toBeGreaterThan(0);
  });

  it("leaves every human story of the calibration set ungated by the baseline when sent alone", async () => {
    expect(stories.length).toBe(96);
    const res = await app.request("/v1/score", { method: "POST", headers: json, body: JSON.stringify({ rows: stories.map((s, i) => ({ id: `h${i}`, prompt: s.prompt, output: s.text, group_id: `uid-${i}` })) }) });
    const body = (await res.json()) as { rows: { score: { terms: Record<string, GateTerm> } }[] };
    const short = body.rows.filter((r) => r.score.terms.gates.details?.failed === "abnormally_short");
    expect(short).toHaveLength(0);
    expect(HARDENED_GATE_OPTIONS.minWordsWithoutGroup).toBeLessThan(Math.min(...stories.map((s) => s.text.split(/\s+/).length)));
  });

  it.skipIf(!PY)("gates it through verl's own per-sample call of the shim, with a uid or with only the prompt", async () => {
    const { prompt, text } = stories.find((s) => s.text.split(/\s+/).length > 300)!;
    const server = await listen(app, { port: 0 });
    try {
      // verl's NaiveRewardManager: compute_score(data_source=, solution_str=, ground_truth=, extra_info=).
      const code = `
import json, sys
import foolsgold_verl as v
prompt, short, whole = json.load(sys.stdin)
out = [v.compute_score(data_source="prose", solution_str=s, ground_truth=None, extra_info=e)
       for s, e in [(short, {"prompt": prompt, "uid": "u-1"}), (short, {"prompt": prompt}), (whole, {"prompt": prompt, "uid": "u-1"})]]
print(json.dumps(out))`;
      const child = promisify(execFile)(PY!, ["-c", code], { env: { ...process.env, FOOLSGOLD_URL: server.url, FOOLSGOLD_TERMS: "gates", PYTHONPATH: VERL }, encoding: "utf8" });
      child.child.stdin!.end(JSON.stringify([prompt, cut(text, 50), text]));
      const [withUid, promptOnly, whole] = JSON.parse((await child).stdout) as { score: number; gates: number }[];
      expect(withUid).toEqual({ score: 0, gates: 0 });
      expect(promptOnly).toEqual({ score: 0, gates: 0 });
      expect(whole.gates).toBe(1);
      expect(whole.score).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
