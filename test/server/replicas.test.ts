// Three replicas of `foolsgold serve` on one PostgreSQL journal, driven round-robin as a load
// balancer would, with the vrcli stack on the built-in reference LM (a real model). One replica is
// SIGKILLed mid-load and restarted. No acknowledged result may be lost, identical rows must get
// identical score bits from every replica, a retry of a request the dead replica held must succeed
// once its lease ends, the live monitor of any replica must see every replica's rows, and
// `serve replay --journal` must reproduce every served score bit for bit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { openJournalStore } from "../../src/server/journal-store.js";
import type { Score } from "../../src/core/types.js";
import { freshSchema, pgSkipReason } from "../helpers/postgres.js";
import { BIN, startServeProcess, type ServeProcess } from "../helpers/serve-process.js";

const TIMEOUT_MS = 3000; // lease = 2 × 3 s + 1 s: a dead replica's requests are taken over after 7 s

type Replica = ServeProcess;

function startReplica(journal: string): Promise<Replica> {
  return startServeProcess(["--stack", "vrcli", "--port", "0", "--journal", journal, "--no-cache", "--timeout-ms", String(TIMEOUT_MS)], 90_000);
}

const SETUPS = ["Why did the chicken cross the road?", "What do you call a fish with no eyes?", "Why can't a bicycle stand on its own?", "What did the ocean say to the beach?"];
const PUNCHLINES = ["To get to the other side.", "A fsh.", "It is two tired.", "Nothing, it just waved."];
/** 16 distinct rows; every request carries 4 of them, so identical rows recur across replicas. */
const pool = Array.from({ length: 16 }, (_, i) => ({
  prompt: SETUPS[i % 4],
  output: `<think>${["think of roads", "an eyeless fish", "a tired bike", "waves at the shore"][i % 4]} ${i}</think> ${PUNCHLINES[(i + Math.floor(i / 4)) % 4]}`,
  label: PUNCHLINES[i % 4],
}));
const rowsFor = (n: number, step: number) => [0, 1, 2, 3].map((j) => ({ id: `row-${(n * 3 + j * 5) % 16}`, ...pool[(n * 3 + j * 5) % 16], step }));

describe.skipIf(pgSkipReason !== undefined)(`3 replicas on one PostgreSQL journal${pgSkipReason ? ` (skipped: ${pgSkipReason})` : ""}`, () => {
  const schema = freshSchema();
  const replicas: Replica[] = [];
  beforeAll(async () => {
    replicas.push(...(await Promise.all([0, 1, 2].map(() => startReplica(schema.url)))));
  }, 120_000);
  afterAll(async () => {
    for (const r of replicas) r.child.kill("SIGTERM");
    await schema.drop();
  });

  it("loses no acknowledged result across a SIGKILL, and serves and replays identical bits", async () => {
    const acknowledged = new Map<string, { rows: { id: string; score: Score }[]; n: number }>();
    const interrupted: number[] = [];
    let stop = false;
    let next = 0;
    const send = (replica: number, n: number) =>
      fetch(`${replicas[replica].url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ request_id: `req-${n}`, rows: rowsFor(n, Math.floor(n / 6)) }) });
    const client = async () => {
      while (!stop) {
        const n = next++;
        try {
          const res = await send(n % 3, n);
          if (res.status === 200) acknowledged.set(`req-${n}`, { rows: ((await res.json()) as { rows: { id: string; score: Score }[] }).rows, n });
        } catch {
          interrupted.push(n); // connection reset by the kill: not acknowledged
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, client));
    while (acknowledged.size < 24) await new Promise((r) => setTimeout(r, 20));
    replicas[1].child.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    replicas[1] = await startReplica(schema.url);
    const target = acknowledged.size + 24;
    while (acknowledged.size < target) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await load;

    // Every acknowledged result is in the journal, unchanged.
    const journal = await openJournalStore(schema.url, { readonly: true });
    try {
      for (const [id, { rows }] of acknowledged) {
        expect((await journal.get(id))?.status, id).toBe("done");
        expect((await journal.results(id)).map((r) => r.score)).toEqual(rows.map((r) => r.score));
      }
    } finally {
      await journal.close();
    }

    // Identical rows got identical score bits, whichever replica served them and whatever ran before.
    const byRow = new Map<string, Set<number | null>>();
    for (const { rows } of acknowledged.values()) for (const r of rows) byRow.set(r.id, (byRow.get(r.id) ?? new Set()).add(r.score.value));
    expect(byRow.size).toBe(16);
    for (const [id, values] of byRow) expect([...values], id).toHaveLength(1);

    // A retry of an acknowledged request on another replica returns the stored result.
    const [, some] = [...acknowledged].at(-1)!;
    const retry = await send((some.n + 1) % 3, some.n);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { rows: unknown }).rows).toEqual(some.rows);

    // Requests the kill interrupted are retried through a live replica: at once (409 while the dead
    // replica's lease runs, or 200 if it never got that far), and 200 after the lease.
    for (const n of interrupted.slice(0, 3)) {
      let res = await send(0, n);
      const deadline = Date.now() + 2 * TIMEOUT_MS + 5_000;
      while (res.status === 409 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        res = await send(0, n);
      }
      expect(res.status, `req-${n}`).toBe(200);
    }

    // The live monitor of one replica follows every replica's requests.
    const total = [...acknowledged.values()].reduce((k, a) => k + a.rows.length, 0);
    let seen = 0;
    for (let tries = 0; tries < 40 && seen < total; tries++) {
      await new Promise((r) => setTimeout(r, 250));
      seen = ((await (await fetch(`${replicas[2].url}/v1/monitor`)).json()) as { rows: number }).rows;
    }
    expect(seen).toBeGreaterThanOrEqual(total);

    // serve replay --journal (the subcommand's own flag) reproduces every served score bit for bit.
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, "serve", "replay", "--journal", schema.url, "--stack", "vrcli", "--no-cache", "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(stdout).result as { requests: number; rows: number; changed: number; rowsWithErrors: number };
    expect(report.requests).toBeGreaterThanOrEqual(acknowledged.size);
    expect(report.rows).toBe(report.requests * 4);
    expect(report.changed).toBe(0);
  }, 240_000);
});
