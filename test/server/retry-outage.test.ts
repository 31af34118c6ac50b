// A failure is not final: through a real outage of a real model server (the embedded reference LM,
// stopped and started again on the same port), a request whose rows failed is stored as retryable,
// and a retry with the same request id (body `request_id` or the X-Request-Id header) scores it
// again; a success stays final. On both journals.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app.js";
import { openJournalStore, type JournalStore } from "../../src/server/journal-store.js";
import { createOpenAIClient } from "../../src/models/client.js";
import { startEmbeddedServer, type EmbeddedServer } from "../../src/models/embedded/start.js";
import { vrcliStack } from "../../src/stacks/vrcli.js";
import type { Score } from "../../src/core/types.js";
import { freshSchema, pgSkipReason } from "../helpers/postgres.js";

const rows = [0, 1].map((i) => ({
  id: `j${i}`,
  prompt: "Why did the chicken cross the road?",
  output: `<think>roads and chickens ${i}</think> To get to the other side.`,
  meta: { punchline: "To get to the other side." },
}));
const query = rows.map((r) => `${r.prompt}${r.output}`);

let model: EmbeddedServer | undefined;
let port = 0;
const stopModel = async () => (await model?.close(), (model = undefined));
const startModel = async () => (model ??= await startEmbeddedServer({ port }));
beforeAll(async () => {
  model = await startEmbeddedServer({ port: 0 });
  port = Number(new URL(model.baseUrl).port);
  await stopModel();
}, 120_000);

interface Opened {
  store: JournalStore;
  cleanup(): Promise<void>;
}

async function sqlite(): Promise<Opened> {
  const dir = mkdtempSync(join(tmpdir(), "fg-outage-"));
  const store = await openJournalStore(join(dir, "journal.sqlite"));
  return { store, cleanup: async () => (await store.close(), rmSync(dir, { recursive: true, force: true })) };
}

async function postgres(): Promise<Opened> {
  const schema = freshSchema();
  const store = await openJournalStore(schema.url);
  return { store, cleanup: async () => (await store.close(), await schema.drop()) };
}

let opened: Opened | undefined;
afterEach(async () => {
  await stopModel();
  await opened?.cleanup();
  opened = undefined;
});

async function throughOutage(open: () => Promise<Opened>) {
  opened = await open();
  const reference = createOpenAIClient({ baseUrl: `http://127.0.0.1:${port}/v1`, model: "foolsgold-embedded-lm", timeoutMs: 5_000, maxRetries: 0 });
  const scorer = await vrcliStack.create(vrcliStack.options.parse({}), { reference });
  const app = createApp({ scorers: { vrcli: scorer }, defaultStack: "vrcli", journal: opened.store });
  const score = () => app.request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows, request_id: "train-step-7" }) });
  const reward = () =>
    app.request("/get_reward", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "openrlhf-7" },
      body: JSON.stringify({ query, prompts: rows.map((r) => r.prompt), labels: rows.map((r) => r.meta.punchline) }),
    });

  const down = await score();
  expect(down.status).toBe(200);
  const downBody = (await down.json()) as { rows: { score: Score }[]; errors: { reason: string }[] };
  expect(downBody.rows.map((r) => r.score.value)).toEqual([null, null]);
  expect(downBody.errors).toHaveLength(2);
  expect((await reward()).status).toBe(502);
  const stored = (await (await app.request("/v1/requests/train-step-7")).json()) as { status: string; error: string };
  expect(stored.status).toBe("failed");
  expect(stored.error).toMatch(/2 of 2 rows could not be scored.*retry with the same request id/);

  await startModel();
  const up = await score();
  expect(up.status).toBe(200);
  const upBody = (await up.json()) as { rows: { score: Score }[]; errors: unknown[] };
  expect(upBody.errors).toEqual([]);
  const values = upBody.rows.map((r) => r.score.value);
  for (const v of values) expect(Number.isFinite(v)).toBe(true);
  const rewarded = await reward();
  expect(rewarded.status).toBe(200);
  const rewards = ((await rewarded.json()) as { rewards: number[] }).rewards;
  expect(rewards).toEqual(values);
  expect(((await (await app.request("/v1/requests/train-step-7")).json()) as { status: string }).status).toBe("done");

  // A success is final: with the model server down again, the retry returns the stored scores.
  await stopModel();
  const again = (await (await score()).json()) as { rows: { score: Score }[] };
  expect(again.rows.map((r) => r.score.value)).toEqual(values);
  expect(((await (await reward()).json()) as { rewards: number[] }).rewards).toEqual(values);
}

describe("a failed request is retried under its id through a real model-server outage", () => {
  it("SQLite journal", () => throughOutage(sqlite), 120_000);
  it.skipIf(pgSkipReason !== undefined)(`PostgreSQL journal${pgSkipReason ? ` (skipped: ${pgSkipReason})` : ""}`, () => throughOutage(postgres), 120_000);
});
