// Cancellation is real: aborting a scoring call closes its backend requests and sends no new ones,
// even through terms that never pass a signal themselves (the cherrl rubric judge).
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIClient } from "../../src/models/client.js";
import { cherrlStack } from "../../src/stacks/cherrl.js";

let server: Server;
let baseUrl: string;
const seen = { opened: 0, closedUnanswered: 0 };

beforeAll(async () => {
  // A backend that never answers: every request stays open until its client gives up.
  server = createServer((req, res) => {
    seen.opened++;
    res.on("close", () => {
      if (!res.writableEnded) seen.closedUnanswered++;
    });
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("cancellation", () => {
  it("an aborted scoring call stops its backend requests and sends no more", async () => {
    const judge = createOpenAIClient({ baseUrl, model: "slow-judge", timeoutMs: 60_000, maxRetries: 3, concurrency: 2 });
    const scorer = await cherrlStack.create(cherrlStack.options.parse({ clean: "rubric" }), { judge });
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, prompt: "Say hi.", output: "hi", rubric: "Greets." }));
    const controller = new AbortController();
    const scoring = scorer.scoreRows(rows, { signal: controller.signal });
    await until(() => seen.opened === 2);
    const started = Date.now();
    controller.abort(new Error("client went away"));
    await expect(scoring).rejects.toThrow(/client went away/);
    await until(() => seen.closedUnanswered === seen.opened, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.opened).toBe(2);
    expect(seen.closedUnanswered).toBe(2);
  });
});
