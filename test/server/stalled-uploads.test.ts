// Stalled uploads, over real sockets: a client that sends its headers and part of its body and then
// nothing holds its own socket, never a scoring slot, and the server closes it (408) once the header
// or body time has passed; everyone else is served meanwhile.
import { afterEach, describe, expect, it } from "vitest";
import { connect, type Socket } from "node:net";
import { createApp, DEFAULT_LIMITS, type ServerLimits } from "../../src/server/app.js";
import { openJournalStore, type JournalStore } from "../../src/server/journal-store.js";
import { listen, type Listening } from "../../src/server/listen.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer } from "../../src/stacks/types.js";

const wordCount: Scorer<BankRow> = {
  rowKind: "bank",
  instrument: { stack: "wordcount", version: "1", options: {}, models: {}, hash: "instr-wordcount" },
  scoreRows: async (rows) => rows.map((row): Score => ({ value: row.output.split(/\s+/).length, terms: {}, instrument: "instr-wordcount" })),
};

let server: Listening | undefined;
let journal: JournalStore | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close();
  await journal?.close();
});

async function start(limits: Partial<ServerLimits> = {}): Promise<Listening> {
  journal = await openJournalStore(":memory:");
  const all = { ...DEFAULT_LIMITS, ...limits };
  server = await listen(createApp({ scorers: { wordcount: wordCount }, defaultStack: "wordcount", journal, limits: all }), { timeouts: all });
  return server;
}

/** A client that sends its headers and `sent` bytes of a `length`-byte body, then stalls. */
function stalledUpload(port: number, what: "body" | "headers"): Promise<{ socket: Socket; closed: Promise<{ afterMs: number; answer: string }> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => {
      const started = performance.now();
      let answer = "";
      socket.on("data", (d) => (answer += d.toString()));
      const closed = new Promise<{ afterMs: number; answer: string }>((done) => socket.once("close", () => done({ afterMs: performance.now() - started, answer })));
      if (what === "headers") socket.write("POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n");
      else socket.write('POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"rows":[{"id":"a","output":"');
      resolve({ socket, closed });
    });
    socket.on("error", () => {});
    socket.once("error", reject);
    sockets.push(socket);
  });
}

const score = (url: string, id: string) =>
  fetch(`${url}/v1/score`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows: [{ id, output: "one two three" }] }), signal: AbortSignal.timeout(15_000) });

describe("stalled uploads", () => {
  it("more stalled uploads than scoring slots and queue places together delay nobody else", async () => {
    const { url, port } = await start();
    const stalled = DEFAULT_LIMITS.maxInFlight + DEFAULT_LIMITS.maxQueue + 1;
    await Promise.all(Array.from({ length: stalled }, () => stalledUpload(port, "body")));
    await new Promise((r) => setTimeout(r, 200));
    const started = performance.now();
    const answers = await Promise.all([0, 1, 2, 3].map((i) => score(url, `r${i}`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    // Generous for a loaded machine: before the fix these waited for a slot the stalled uploads held.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("closes a stalled body or stalled headers with 408 once its time has passed", async () => {
    const { port } = await start({ headerTimeoutMs: 500, bodyTimeoutMs: 1_000 });
    const [body, headers] = await Promise.all([stalledUpload(port, "body"), stalledUpload(port, "headers")]);
    const [bodyClosed, headersClosed] = await Promise.all([body.closed, headers.closed]);
    expect(bodyClosed.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(bodyClosed.afterMs).toBeGreaterThan(900);
    expect(bodyClosed.afterMs).toBeLessThan(3_000);
    expect(headersClosed.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(headersClosed.afterMs).toBeLessThan(2_500);
  }, 10_000);

  it("has header and body time limits well under a trainer's client timeout by default", () => {
    expect(DEFAULT_LIMITS.headerTimeoutMs).toBeLessThanOrEqual(10_000);
    expect(DEFAULT_LIMITS.bodyTimeoutMs).toBeLessThanOrEqual(20_000);
  });
});
