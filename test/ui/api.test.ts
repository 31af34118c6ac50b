// The dashboard's read-only JSON API (src/ui/app.ts), called in-process: the runs list, artifacts, reward
// curves (onset artifacts and per-step means of scored logs), the paged sample endpoint with its filters,
// the journal as a sample source, and clear errors for bad parameters and paths outside the folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/index.js";
import type { Score } from "../../src/core/types.js";
import { Journal } from "../../src/server/journal.js";
import { createUiApp } from "../../src/ui/app.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

const dir = mkdtempSync(join(tmpdir(), "fg-ui-api-"));
const root = join(dir, "artifacts");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const score = (value: number | null, terms: Record<string, number | null>, error?: string): Score => ({
  value,
  terms: Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, { value: v }])),
  instrument: "fixture",
  ...(error ? { error } : {}),
});

// A hand-written stepped log (protocol fixture): three rows at step 1, two at step 2, one failed row.
const LOG = [
  { id: "a", group_id: "g1", prompt: "Tell a joke", output: "A dragon walks into a bar.", step: 1, score: score(0.2, { slop: 0.1 }) },
  { id: "b", group_id: "g1", prompt: "Tell a joke", output: "The castle was quiet.", step: 1, score: score(0.4, { slop: 0.3 }) },
  { id: "c", group_id: "g1", prompt: "Tell a joke", output: "Dragons hoard puns.", step: 1, score: score(0.9, { slop: 0.35 }) },
  { id: "d", group_id: "g2", prompt: "Write a poem", output: "Roses are red.", step: 2, score: score(0.5, { slop: 0.8 }) },
  { id: "e", group_id: "g2", prompt: "Write a poem", output: "Violets are blue.", step: 2, score: score(0.7, { slop: null }) },
  { id: "f", group_id: "g2", prompt: "Write a poem", output: "", step: 2, score: score(null, {}, "audience: connection refused") },
];

async function quietly(argv: string[]): Promise<number> {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    return await main(["node", "foolsgold", ...argv]);
  } finally {
    out.mockRestore();
  }
}

beforeAll(() => {
  mkdirSync(join(root, "logs"), { recursive: true });
  writeFileSync(join(root, "logs", "run.jsonl"), LOG.map((r) => JSON.stringify(r)).join("\n") + "\n");
  writeFileSync(join(root, "notes.json"), JSON.stringify({ hello: "not an artifact" }));
  writeFileSync(join(dir, "secret.jsonl"), JSON.stringify({ id: "x", output: "outside" }) + "\n");
});

const app = () => createUiApp({ artifactsDir: root, webDist: join(dir, "no-dist") });
async function get(path: string, a = app()): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await a.request(path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("runs list and artifacts", () => {
  it("lists sample files and names what is not an artifact", async () => {
    const { body } = await get("/api/runs");
    const runs = body.runs as { file: string; type: string; summary: string }[];
    expect(runs.find((r) => r.file === "logs/run.jsonl")?.type).toBe("samples");
    const notes = runs.find((r) => r.file === "notes.json");
    expect(notes?.type).toBe("unreadable");
    expect(notes?.summary).toBe("not a foolsgold artifact (needs kind, created_at and result)");
    expect(body.journal).toBeNull();
  });

  it("refuses paths outside the folder and names missing files", async () => {
    const outside = await get("/api/samples?source=../secret.jsonl");
    expect(outside.status).toBe(400);
    expect(outside.body.error).toBe('source: "../secret.jsonl" is outside the artifacts folder');
    const missing = await get("/api/artifact?file=nope.json");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("nope.json does not exist");
    expect((await get("/api/artifact")).body.error).toBe("file: is required");
  });

  it("refuses a folder that does not exist and a missing journal", () => {
    expect(() => createUiApp({ artifactsDir: join(dir, "missing") })).toThrow(/--artifacts: .*missing is not a folder/);
    expect(() => createUiApp({ artifactsDir: root, journalPath: join(dir, "none.sqlite") })).toThrow(/--journal: .*none\.sqlite does not exist/);
  });
});

describe("per-step curves of a scored log", () => {
  it("gives each step's mean with its 95% interval, kept inside [0, 1] for [0, 1] values, and n", async () => {
    const { body } = await get("/api/curves?file=logs/run.jsonl");
    expect(body.steps).toEqual([1, 2]);
    const series = body.series as { name: string; mean: (number | null)[]; lo: (number | null)[]; hi: (number | null)[]; n: number[] }[];
    const value = series.find((s) => s.name === "value");
    // The t intervals leave [0, 1] (issue 39): scipy.stats.t.interval(0.95, 2, loc=0.5,
    // scale=scipy.stats.sem([0.2, 0.4, 0.9])) -> (-0.39566858950296, 1.39566858950296), and
    // (-0.6706204736174691, 1.870620473617469) for [0.5, 0.7]; clipped to [0, 1] they are [0, 1].
    expect(value?.n).toEqual([3, 2]);
    expect(value?.mean[0]).toBeCloseTo(0.5, 12);
    expect([value?.lo[0], value?.hi[0], value?.lo[1], value?.hi[1]]).toEqual([0, 1, 0, 1]);
    expect(body.note).toMatch(/t clipped to \[0, 1\]/);
    // A step with one value has a mean and no interval; the failed row counts for neither.
    const slop = series.find((s) => s.name === "slop");
    expect(slop?.n).toEqual([3, 1]);
    expect(slop?.mean[1]).toBe(0.8);
    expect(slop?.lo[1]).toBeNull();
  });
});

describe("sample endpoint", () => {
  const samples = async (query: string) => (await get(`/api/samples?source=logs/run.jsonl&${query}`)).body as { total: number; matched: number; rows: { id: string; value: number | null; error: string | null }[] };

  it("searches id, prompt and output case-insensitively", async () => {
    const r = await samples("q=DRAGON");
    expect(r.total).toBe(6);
    expect(r.rows.map((x) => x.id)).toEqual(["a", "c"]);
    expect((await samples("q=poem")).matched).toBe(3);
  });

  it("filters by a term's range, by errors, and sorts with unscored rows last", async () => {
    expect((await samples("field=slop&min=0.3&max=0.5")).rows.map((x) => x.id)).toEqual(["b", "c"]);
    expect((await samples("errors=only")).rows.map((x) => x.id)).toEqual(["f"]);
    expect((await samples("group=g2&sort=asc")).rows.map((x) => x.id)).toEqual(["d", "e", "f"]);
    expect((await samples("step=1&q=dragon")).rows.map((x) => x.id)).toEqual(["a", "c"]);
    expect((await samples("errors=exclude")).matched).toBe(5);
    expect((await samples("sort=desc")).rows.map((x) => x.id)).toEqual(["c", "e", "d", "b", "a", "f"]);
    expect((await samples("sort=asc&field=slop")).rows.map((x) => x.id)).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("pages, and narrows a cached search as the text grows without changing the answer", async () => {
    const page = await samples("offset=2&limit=2");
    expect(page.rows.map((x) => x.id)).toEqual(["c", "d"]);
    const a = app();
    const step = async (q: string) => ((await get(`/api/samples?source=logs/run.jsonl&sort=desc&q=${q}`, a)).body.rows as { id: string }[]).map((x) => x.id);
    expect(await step("r")).toEqual(["c", "e", "d", "a", "f"]);
    expect(await step("ro")).toEqual(["d"]);
    expect(await step("dr")).toEqual(["c", "a"]);
  });

  it("returns one whole row with its term details", async () => {
    const row = (await get("/api/sample?source=logs/run.jsonl&index=5")).body;
    expect(row.error).toBe("audience: connection refused");
    expect(row.value).toBeNull();
    expect((await get("/api/sample?source=logs/run.jsonl&index=9")).status).toBe(404);
  });

  it("names the parameter when a filter is malformed", async () => {
    const bad = await get("/api/samples?source=logs/run.jsonl&min=abc");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('min: "abc" is not a number');
    expect((await get("/api/samples?source=logs/run.jsonl&field=taste")).body.error).toBe('field: "taste" is neither "value" nor a term of these rows (slop)');
    expect((await get("/api/samples?source=logs/run.jsonl&sort=up")).body.error).toBe('sort: "up" is not index, asc or desc');
    expect((await get("/api/samples?source=journal")).body.error).toBe("source: no journal was given (start the dashboard with --journal FILE)");
  });
});

describe("journal as a sample source", () => {
  it("shows journaled requests with their stored scores and leaves the journal untouched", async () => {
    const path = join(dir, "journal.sqlite");
    const journal = new Journal(path);
    const body = {
      rows: [
        { id: "r0", output: "Knock knock.", step: 7 },
        { id: "r1", output: "Who's there?", step: 7 },
      ],
    };
    journal.begin({ id: "req-1", route: "/v1/score", stack: "prose", instrument: "fixture", bodyHash: "h1", body: JSON.stringify(body) });
    journal.complete("req-1", [
      { index: 0, rowId: "r0", step: 7, score: score(0.25, { slop: 0.5 }) },
      { index: 1, rowId: "r1", step: 7, score: score(0.75, { slop: 0.9 }) },
    ]);
    journal.begin({ id: "req-2", route: "/v1/score", stack: "prose", instrument: "fixture", bodyHash: "h2", body: JSON.stringify({ rows: [{ id: "p", output: "pending" }] }) });
    // A request with a row that could not be scored is stored as failed, so a retry with its id scores it
    // again (issue 38): it is counted, and its rows are shown once a retry has scored them.
    journal.begin({ id: "req-3", route: "/v1/score", stack: "prose", instrument: "fixture", bodyHash: "h3", body: JSON.stringify({ rows: [{ id: "f", output: "Who's there?", step: 8 }] }) });
    journal.complete("req-3", [{ index: 0, rowId: "f", step: 8, score: score(null, {}, "judge timed out") }]);
    journal.close();
    const before = statSync(path).mtimeMs;
    const a = createUiApp({ artifactsDir: root, journalPath: path });
    expect((await get("/api/runs", a)).body.journal).toMatchObject({ source: "journal", counts: { done: 1, pending: 1, failed: 1 } });
    const r = (await get("/api/samples?source=journal", a)).body as { matched: number; rows: { id: string; step: number; value: number | null; output: string; error: string | null }[] };
    expect(r.matched).toBe(2);
    expect(r.rows.map((x) => [x.id, x.step, x.value, x.output, x.error])).toEqual([
      ["req-1/r0", 7, 0.25, "Knock knock.", null],
      ["req-1/r1", 7, 0.75, "Who's there?", null],
    ]);
    expect(statSync(path).mtimeMs).toBe(before);
  });
});

describe.skipIf(!hasSharedData)("onset artifact from the real CLI", () => {
  it(`gives run A's smoothed G and M with the onset at 478 and its interval [478, 492]${hasSharedData ? "" : ` (${sharedDataSkipReason})`}`, async () => {
    const out = join(root, "onset-A.json");
    expect(await quietly(["onset", "--signals", sharedPath("hacking_runs/cherrl_reference_onset_definition.json"), "--smoothed", "--run", "run_A", "--out", out])).toBe(0);
    const runs = (await get("/api/runs")).body.runs as { file: string; kind: string; summary: string }[];
    expect(runs.find((r) => r.file === "onset-A.json")).toMatchObject({ kind: "onset", summary: "onset 478 [478, 492], 621 steps" });
    const curves = (await get("/api/curves?file=onset-A.json")).body as { steps: number[]; series: { name: string; mean: (number | null)[] }[]; onset: number; interval: number[] };
    expect(curves.onset).toBe(478);
    expect(curves.interval).toEqual([478, 492]);
    expect(curves.steps).toHaveLength(621);
    expect(curves.series.map((s) => s.name)).toEqual(["G", "M"]);
    const smoothed = JSON.parse(readFileSync(out, "utf8")).result.smoothed as { step: number; G: number }[];
    expect(curves.series[0].mean[477]).toBe(smoothed[477].G);
    const notArtifact = await get("/api/curves?file=notes.json");
    expect(notArtifact.status).toBe(400);
    expect(notArtifact.body.error).toBe("file: notes.json: not a foolsgold artifact (needs kind, created_at and result)");
  });
});
