// Dashboard API fixes of issue #21, each failing before: wrong types inside an onset artifact are a 400
// naming the field (was a 500 "points.map is not a function"); the per-step curves follow the sample
// browser's filters (they ignored them); the filtered rows download as CSV; a JSONL file says whether it
// holds scored rows, so the Samples view opens a scored file, not the bank; a transcript row carries its
// turns for the chat view. Hand-written protocol fixtures (no model result is claimed here).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUiApp } from "../../src/ui/app.js";

const dir = mkdtempSync(join(tmpdir(), "fg-ui-21-"));
const root = join(dir, "artifacts");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const score = (value: number | null, slop: number | null) => ({ value, terms: { slop: { value: slop } }, instrument: "fixture" });
const LOG = [
  { id: "a", output: "A dragon, said he.", step: 1, score: score(0.2, 0.1) },
  { id: "b", output: "The castle.", step: 1, score: score(0.4, 0.3) },
  { id: "c", output: "Dragons hoard puns.", step: 2, score: score(0.9, 0.35) },
  { id: "d", output: 'Roses "red"', step: 2, score: score(0.5, 0.8) },
];
const artifact = (kind: string, result: unknown) => JSON.stringify({ kind, created_at: "2026-01-01T00:00:00Z", params: {}, result });

beforeAll(() => {
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "run.jsonl"), LOG.map((r) => JSON.stringify(r)).join("\n") + "\n");
  writeFileSync(join(root, "bank.jsonl"), JSON.stringify({ id: "x", output: "unscored" }) + "\n");
  writeFileSync(
    join(root, "chat.jsonl"),
    JSON.stringify({
      id: "s1",
      seed: 1,
      turns: [
        { speaker: "partner", text: "Hi" },
        { speaker: "policy", text: "Hello!" },
      ],
      score: score(0.3, null),
    }) + "\n",
  );
  writeFileSync(join(root, "onset-bad.json"), artifact("onset", { canonical_onset: 3, smoothed: { step: 1, G: 0.1, M: 20 } }));
  writeFileSync(join(root, "onset-bad-g.json"), artifact("onset", { canonical_onset: 3, smoothed: [{ step: 1, G: "0.1", M: 20 }] }));
  writeFileSync(join(root, "onset-bad-interval.json"), artifact("onset", { canonical_onset: 3, interval: "3-5", smoothed: [{ step: 1, G: 0.1, M: 20 }] }));
});

const app = () => createUiApp({ artifactsDir: root, webDist: join(dir, "no-dist") });
async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app().request(path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("onset artifacts with wrong types inside", () => {
  it("answer 400 naming the file and the field, never an internal error", async () => {
    const bad = await get("/api/curves?file=onset-bad.json");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("file: onset-bad.json: result.smoothed: expected an array of {step, G, M}, got object");
    expect((await get("/api/curves?file=onset-bad-g.json")).body.error).toBe('file: onset-bad-g.json: result.smoothed[0].G: expected a number or null, got string "0.1"');
    expect((await get("/api/curves?file=onset-bad-interval.json")).body.error).toBe('file: onset-bad-interval.json: result.interval: expected [from, to] (two step numbers) or null, got "3-5"');
  });
});

describe("per-step curves follow the sample filters", () => {
  it("averages only the rows that pass the search and range", async () => {
    const all = (await get("/api/curves?file=run.jsonl")).body as { steps: number[]; series: { name: string; n: number[]; mean: (number | null)[] }[] };
    expect(all.series[0].n).toEqual([2, 2]);
    const dragons = (await get("/api/curves?file=run.jsonl&q=dragon")).body as typeof all;
    expect(dragons.steps).toEqual([1, 2]);
    const value = dragons.series.find((s) => s.name === "value")!;
    expect(value.n).toEqual([1, 1]);
    expect(value.mean).toEqual([0.2, 0.9]);
    const high = (await get("/api/curves?file=run.jsonl&field=slop&min=0.3")).body as typeof all;
    expect(high.series.find((s) => s.name === "value")!.mean).toEqual([0.4, (0.9 + 0.5) / 2]);
    const none = (await get("/api/curves?file=run.jsonl&q=zebra")).body as { steps: number[]; note: string };
    expect(none.steps).toEqual([]);
    expect(none.note).toBe("no row passing the filters carries a step");
  });
});

describe("CSV export of samples", () => {
  it("writes the filtered rows in their order, quoting text, empty for no value", async () => {
    const res = await app().request("/api/samples.csv?source=run.jsonl&sort=desc&field=slop&min=0.3");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="run.csv"');
    expect((await res.text()).split("\r\n")).toEqual(["index,id,step,group,value,error,term:slop,prompt,output", '3,d,2,,0.5,,0.8,,"Roses ""red"""', "2,c,2,,0.9,,0.35,,Dragons hoard puns.", "1,b,1,,0.4,,0.3,,The castle.", ""]);
  });
});

describe("sample files and transcripts", () => {
  it("marks which JSONL files hold scored rows", async () => {
    const runs = (await get("/api/runs")).body.runs as { file: string; scored?: boolean; summary: string }[];
    expect(runs.find((r) => r.file === "run.jsonl")?.scored).toBe(true);
    const bank = runs.find((r) => r.file === "bank.jsonl");
    expect(bank?.scored).toBe(false);
    expect(bank?.summary).toContain("unscored rows");
  });

  it("sends a transcript's turns with the whole row, not with list pages", async () => {
    const row = (await get("/api/sample?source=chat.jsonl&index=0")).body;
    expect(row.turns).toEqual([
      { speaker: "partner", text: "Hi" },
      { speaker: "policy", text: "Hello!" },
    ]);
    const page = (await get("/api/samples?source=chat.jsonl")).body.rows as Record<string, unknown>[];
    expect(page[0].turns).toBeUndefined();
    expect(page[0].output).toBe("partner: Hi\npolicy: Hello!");
  });
});
