// Dashboard API findings of issue 39: an unscored bank is not an error; two scored files compare by row
// id with paired differences and intervals; Parquet sources browse like JSON Lines; a certify report
// without pre-registered bars does not say "bars passed".
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUiApp } from "../../src/ui/app.js";
import { summarize } from "../../src/ui/runs.js";
import { pairedT } from "../../src/stats/paired-t.js";

const dir = mkdtempSync(join(tmpdir(), "fg-ui-39-"));
const root = join(dir, "artifacts");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const scored = (id: string, value: number, slop: number, output = `reply ${id}`) => ({ id, output, score: { value, instrument: "fixture", terms: { slop: { value: slop } } } });
const A = [scored("a", 0.2, 0.1), scored("b", 0.4, 0.3), scored("c", 0.9, 0.35), scored("only-a", 0.5, 0.5)];
const B = [scored("c", 0.8, 0.3), scored("a", 0.75, 0.1), scored("b", 0.6, 0.3), scored("only-b", 0.1, 0.2)];
const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";

beforeAll(() => {
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, "bank.jsonl"),
    jsonl([
      { id: "x", output: "not scored yet" },
      { id: "y", output: "nor this" },
    ]),
  );
  writeFileSync(join(root, "a.jsonl"), jsonl(A));
  writeFileSync(join(root, "b.jsonl"), jsonl(B));
  writeFileSync(
    join(root, "b.parquet"),
    Buffer.from(
      parquetWriteBuffer({
        columnData: [
          { name: "id", data: B.map((r) => r.id) },
          { name: "output", data: B.map((r) => r.output) },
          { name: "score", data: B.map((r) => r.score) },
        ] as never,
      }),
    ),
  );
});

const app = () => createUiApp({ artifactsDir: root, webDist: join(dir, "no-dist") });
async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await app().request(path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("issue 39 dashboard API", () => {
  it("shows an unscored bank's rows as not scored, not as errors", async () => {
    const all = (await get("/api/samples?source=bank.jsonl")).body as { rows: { error: string | null; scored: boolean }[] };
    expect(all.rows.map((r) => [r.error, r.scored])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect((await get("/api/samples?source=bank.jsonl&errors=only")).body.matched).toBe(0);
    expect((await get("/api/samples?source=bank.jsonl&errors=exclude")).body.matched).toBe(0);
  });

  it("compares two scored files by row id: paired differences with intervals, the rows that moved most", async () => {
    const { status, body } = await get("/api/compare?a=a.jsonl&b=b.jsonl");
    expect(status).toBe(200);
    const c = body as { paired: number; only_a: number; only_b: number; quantities: { name: string; n: number; diff: number; ci: [number, number]; method: string }[]; moved: { id: string; diff: number }[] };
    expect([c.paired, c.only_a, c.only_b]).toEqual([3, 1, 1]);
    const value = c.quantities.find((q) => q.name === "value")!;
    const t = pairedT([0.75, 0.6, 0.8], [0.2, 0.4, 0.9]);
    expect(value.n).toBe(3);
    expect(value.diff).toBeCloseTo(t.meanDiff, 12);
    // The t interval reaches past +1 for these three pairs; a difference of [0, 1] values cannot.
    expect(t.ci95[1]).toBeGreaterThan(1);
    expect(value.ci).toEqual([t.ci95[0], 1]);
    expect(value.method).toBe("paired t clipped to [-1, 1]");
    expect(c.quantities.map((q) => q.name)).toEqual(["value", "slop"]);
    expect(c.moved.map((m) => m.id)).toEqual(["a", "b", "c"]);
    expect(c.moved[0].diff).toBeCloseTo(0.55, 12);
    expect((await get("/api/compare?a=a.jsonl")).body.error).toBe("b: is required");
  });

  it("browses and compares a Parquet source like its JSON Lines twin", async () => {
    const page = (await get("/api/samples?source=b.parquet")).body as { rows: { id: string; value: number }[]; terms: string[] };
    expect(page.rows.map((r) => [r.id, r.value])).toEqual(B.map((r) => [r.id, r.score.value]));
    expect(page.terms).toEqual(["slop"]);
    expect((await get("/api/compare?a=a.jsonl&b=b.parquet")).body).toEqual((await get("/api/compare?a=a.jsonl&b=b.jsonl")).body);
  });

  it("says 'no pre-registered bars' instead of 'bars passed' when there were none", () => {
    const line = summarize("certify", { certified: false, bars_passed: true, primary: "main", sets: [{ name: "main", verdicts: [] }], guards_fired: [] });
    expect(line).toBe("NOT CERTIFIED (no pre-registered bars)");
    expect(summarize("certify", { certified: false, bars_passed: true, primary: "main", sets: [{ name: "main", verdicts: [{ pass: true }] }], guards_fired: [] })).toBe("NOT CERTIFIED (bars passed)");
  });
});
