// The SQLite response cache: content addressing, write-once entries, WAL safety within and across
// processes, and the client's use of it (what is cached, hits marked, warm re-runs make no calls).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { cacheKey, openCache, summarizeCache } from "../../src/models/cache.js";
import { echoBody, freshBaseUrl, json, recordedClient, scriptedFetch, type SentRequest } from "./client-fixtures.js";

const dir = mkdtempSync(join(tmpdir(), "fg-cache-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const meta = { endpoint: "http://x/v1", model: "m", path: "/completions" };

describe("cache store", () => {
  it("keys on canonical content: key order does not matter, every part does", () => {
    const parts = { endpoint: "http://x/v1", model: "m", path: "/completions", params: { prompt: "a", temperature: 0, logprobs: 5 }, epoch: 0 };
    const reordered = { epoch: 0, params: { logprobs: 5, temperature: 0, prompt: "a" }, path: "/completions", model: "m", endpoint: "http://x/v1" };
    expect(cacheKey(reordered)).toBe(cacheKey(parts));
    expect(cacheKey(parts)).toMatch(/^[0-9a-f]{64}$/);
    const variants = [
      { ...parts, endpoint: "http://y/v1" },
      { ...parts, model: "m2" },
      { ...parts, path: "/chat/completions" },
      { ...parts, params: { ...parts.params, prompt: "b" } },
      { ...parts, epoch: 1 },
    ];
    expect(new Set(variants.map(cacheKey)).size).toBe(5);
    expect(variants.map(cacheKey)).not.toContain(cacheKey(parts));
  });

  it("stores write-once entries in WAL mode and returns bit-identical numbers", () => {
    const path = join(dir, "store.sqlite");
    const cache = openCache({ path });
    const awkward = [-0.1 - 0.2, -1e-300, -123456.78901234567, Number.MIN_VALUE, -0];
    const storedFirst = cache.set("k", { values: awkward }, meta);
    // A second writer of the same key gets the first answer back, so both runs report the same value.
    expect(cache.set("k", { values: [1, 2, 3] }, meta)).toStrictEqual(storedFirst);
    const back = cache.get("k") as { values: number[] };
    const bits = (xs: number[]) => xs.map((x) => Buffer.from(new Float64Array([x]).buffer).toString("hex"));
    // -0 is stored as 0 by JSON; every other double round-trips exactly.
    expect(bits(back.values.slice(0, 4))).toEqual(bits(awkward.slice(0, 4)));
    expect(cache.stats).toEqual({ hits: 1, misses: 0, writes: 1 });
    expect(cache.get("absent")).toBeUndefined();
    cache.close();
    const db = new Database(path, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  it("stores a batch in one transaction, write-once like set, and returns each entry as stored", () => {
    const cache = openCache({ path: join(dir, "many.sqlite") });
    cache.set("old", { v: 1 }, meta);
    const stored = cache.setMany([
      { key: "new", value: { v: 2 }, meta },
      { key: "old", value: { v: 3 }, meta },
    ]);
    expect(stored).toEqual([{ v: 2 }, { v: 1 }]);
    expect(cache.stats.writes).toBe(2);
    // Another connection sees the whole batch once it is stored.
    const other = openCache({ path: join(dir, "many.sqlite") });
    expect([other.get("new"), other.get("old")]).toEqual([{ v: 2 }, { v: 1 }]);
    other.close();
    cache.close();
  });

  it("is safe with two connections writing interleaved in one process", () => {
    const path = join(dir, "two.sqlite");
    const a = openCache({ path });
    const b = openCache({ path });
    for (let i = 0; i < 200; i++) {
      a.set(`a${i}`, i, meta);
      b.set(`b${i}`, -i, meta);
    }
    expect(b.get("a199")).toBe(199);
    expect(a.get("b199")).toBe(-199);
    a.close();
    b.close();
  });

  it("is safe with several processes writing the same file at once", async () => {
    const path = join(dir, "multi.sqlite");
    const writers = ["p0", "p1", "p2"].map(
      (prefix) =>
        new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
          const child = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "cache-writer.ts"), path, prefix, "400"], {
            stdio: ["ignore", "pipe", "pipe"],
          });
          let out = "";
          let err = "";
          child.stdout.on("data", (d) => (out += d));
          child.stderr.on("data", (d) => (err += d));
          child.on("close", (code) => resolve({ code, out, err }));
        }),
    );
    const results = await Promise.all(writers);
    for (const r of results) {
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      expect(r.out).toBe("400");
    }
    const db = new Database(path, { readonly: true });
    expect(db.prepare("SELECT COUNT(*) AS n FROM responses").get()).toEqual({ n: 1201 });
    db.close();
  }, 60_000);

  it("summarizes a cache file by endpoint, model and operation, from the library and the CLI", () => {
    const path = join(dir, "summary.sqlite");
    const cache = openCache({ path });
    for (let i = 0; i < 3; i++) cache.set(`c${i}`, { logprob: -i }, { endpoint: "embedded", model: "lm", path: "/completions#continuation:echo" });
    cache.set("e0", [0.5, 0.25], { endpoint: "http://x/v1", model: "enc", path: "/embeddings" });
    cache.close();
    const summary = summarizeCache(path);
    expect(summary.entries).toBe(4);
    expect(summary.groups.map((g) => [g.endpoint, g.model, g.path, g.entries])).toEqual([
      ["embedded", "lm", "/completions#continuation:echo", 3],
      ["http://x/v1", "enc", "/embeddings", 1],
    ]);
    const cli = spawnSync(process.execPath, [join(import.meta.dirname, "..", "..", "bin", "foolsgold.js"), "cache", "stats", "--cache", path, "--json"], { encoding: "utf8" });
    expect(cli.status).toBe(0);
    // Artifacts and --json output spell keys in snake_case; the library's summary is camelCase TypeScript.
    const { fileBytes, ...rest } = summary;
    expect(JSON.parse(cli.stdout)).toEqual({ ...rest, file_bytes: fileBytes, groups: rest.groups.map(({ valueBytes, ...g }) => ({ ...g, value_bytes: valueBytes })) });
    const missing = spawnSync(process.execPath, [join(import.meta.dirname, "..", "..", "bin", "foolsgold.js"), "cache", "stats", "--cache", join(dir, "absent.sqlite")], { encoding: "utf8" });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/absent\.sqlite: no such file/);
  }, 60_000);

  it("names the file when it cannot be opened", () => {
    const notADir = join(dir, "plain-file");
    writeFileSync(notADir, "x");
    expect(() => openCache({ path: join(notADir, "cache.sqlite") })).toThrow(/plain-file\/cache\.sqlite: cannot create its folder .*plain-file/);
    expect(() => openCache({ path: notADir })).toThrow(/plain-file: is not a SQLite cache file; refusing to overwrite it/);
    expect(readFileSync(notADir, "utf8")).toBe("x");
  });
});

/** A fixture server answering every operation the client has, deterministically from the request. */
function fixtureServer() {
  return scriptedFetch((req: SentRequest) => {
    if (req.url.endsWith("/embeddings")) {
      const inputs = req.body.input as string[];
      return json({ data: inputs.map((t, index) => ({ index, embedding: [t.length / 3, -t.charCodeAt(0) / 7] })) });
    }
    if (req.url.endsWith("/chat/completions")) {
      return json({ choices: [{ message: { content: `reply ${Math.random()}` }, finish_reason: "stop" }] });
    }
    if (req.body.echo) {
      const words = String(req.body.prompt).split(/(?= )/);
      return json(echoBody(words.map((w, i) => [w, i === 0 ? null : -w.length / 3 - Math.random() * 1e-9])));
    }
    return json({ choices: [{ text: " x", logprobs: { tokens: [" x"], token_logprobs: [-0.1], top_logprobs: [{ " x": -0.1 - Math.random() * 1e-9, " y": -2.3 }], text_offset: [0] } }] });
  });
}

async function scoringRun(client: ReturnType<typeof recordedClient>) {
  return {
    continuation: await client.continuationLogprobs([
      { context: "The audience", continuation: " laughs loudly" },
      { context: "A joke", continuation: " about cats" },
    ]),
    top: await client.topLogprobs("Audience:", 2),
    embeddings: await client.embed(["first sentence", "second one", "first sentence"]),
    greedy: await client.chat({ messages: [{ role: "user", content: "hi" }], temperature: 0 }),
  };
}

describe("client with cache", () => {
  it("re-runs a scoring on a warm cache with zero requests and bit-identical results", async () => {
    const baseUrl = freshBaseUrl();
    const cache = openCache({ path: join(dir, "warm.sqlite") });
    const cold = fixtureServer();
    const first = recordedClient({ baseUrl, model: "m" }, { fetch: cold.fetch, cache });
    const before = await scoringRun(first);
    expect(cold.sent.length).toBeGreaterThan(0);
    expect(first.calls.every((c) => !c.cached || c.cachedItems === 1)).toBe(true);
    cache.close();

    const reopened = openCache({ path: join(dir, "warm.sqlite") });
    const warm = fixtureServer();
    const second = recordedClient({ baseUrl, model: "m" }, { fetch: warm.fetch, cache: reopened });
    const after = await scoringRun(second);
    expect(warm.sent).toHaveLength(0);
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    expect(after).toStrictEqual(before);
    expect(second.calls.length).toBeGreaterThan(0);
    expect(second.calls.every((c) => c.cached && c.attempts === 0)).toBe(true);
    reopened.close();
  });

  it("caches sampled generations only when asked, and honours noCache and the epoch", async () => {
    const baseUrl = freshBaseUrl();
    const sampled = { messages: [{ role: "user" as const, content: "tell a joke" }], temperature: 0.9 };
    const seeded = { ...sampled, seed: 7 };

    const plain = openCache({ path: ":memory:" });
    const server = fixtureServer();
    const client = recordedClient({ baseUrl, model: "m" }, { fetch: server.fetch, cache: plain });
    const s1 = await client.chat(sampled);
    const s2 = await client.chat(sampled);
    expect(s1.choices[0].text).not.toBe(s2.choices[0].text);
    await client.chat(seeded);
    const seededAgain = await client.chat(seeded);
    expect(server.sent).toHaveLength(3);
    expect(client.calls.map((c) => c.cached)).toEqual([false, false, false, true]);
    expect(seededAgain.choices[0].text).toBe((await client.chat(seeded)).choices[0].text);
    await client.chat(seeded, { noCache: true });
    expect(server.sent).toHaveLength(4);

    const asked = openCache({ path: ":memory:", cacheSampled: true });
    const askedClient = recordedClient({ baseUrl, model: "m" }, { fetch: server.fetch, cache: asked });
    const a1 = await askedClient.chat(sampled);
    expect((await askedClient.chat(sampled)).choices[0].text).toBe(a1.choices[0].text);

    const bumped = openCache({ path: ":memory:", epoch: 1 });
    const e0 = recordedClient({ baseUrl, model: "m" }, { fetch: server.fetch, cache: plain });
    const e1 = recordedClient({ baseUrl, model: "m" }, { fetch: server.fetch, cache: bumped });
    await e0.topLogprobs("p", 2);
    const sentBefore = server.sent.length;
    await e1.topLogprobs("p", 2);
    expect(server.sent.length).toBe(sentBefore + 1);
  });

  it("caches embeddings per text, so a re-batched call only sends the new texts", async () => {
    const baseUrl = freshBaseUrl();
    const cache = openCache({ path: ":memory:" });
    const server = fixtureServer();
    const client = recordedClient({ baseUrl, model: "m" }, { fetch: server.fetch, cache });
    const first = await client.embed(["alpha", "beta"]);
    const second = await client.embed(["beta", "gamma", "alpha"]);
    expect(server.sent.map((s) => s.body.input)).toEqual([["alpha", "beta"], ["gamma"]]);
    expect(second[0]).toStrictEqual(first[1]);
    expect(second[2]).toStrictEqual(first[0]);
    expect(client.calls.filter((c) => c.cached)).toEqual([expect.objectContaining({ cachedItems: 2, path: "/embeddings" })]);
  });

  it("sends identical concurrent cacheable requests once and hands every caller the stored answer", async () => {
    const cache = openCache({ path: ":memory:" });
    const server = fixtureServer();
    const client = recordedClient({ baseUrl: freshBaseUrl(), model: "m" }, { fetch: server.fetch, cache });
    const pair = { context: "The audience", continuation: " laughs" };
    const results = await client.continuationLogprobs([pair, pair, pair]);
    expect(server.sent).toHaveLength(1);
    expect(results[1]).toStrictEqual(results[0]);
    expect(results[2]).toStrictEqual(results[0]);
    // One record for the request, one for the two repeats the cache answered.
    expect(client.calls.map((c) => [c.cached, c.cachedItems])).toEqual([
      [true, 2],
      [false, undefined],
    ]);
    expect(await client.continuationLogprobs([pair])).toStrictEqual([results[0]]);
  });

  it("shares entries between replicas with one endpointId and misses when the revision changes", async () => {
    const cache = openCache({ path: ":memory:" });
    const server = fixtureServer();
    const replicaA = recordedClient({ baseUrl: freshBaseUrl(), model: "m", endpointId: "qwen-prod" }, { fetch: server.fetch, cache });
    const replicaB = recordedClient({ baseUrl: freshBaseUrl(), model: "m", endpointId: "qwen-prod" }, { fetch: server.fetch, cache });
    const newWeights = recordedClient({ baseUrl: freshBaseUrl(), model: "m", endpointId: "qwen-prod", revision: "step-400" }, { fetch: server.fetch, cache });
    const first = await replicaA.topLogprobs("p", 2);
    expect(await replicaB.topLogprobs("p", 2)).toStrictEqual(first);
    expect(server.sent).toHaveLength(1);
    await newWeights.topLogprobs("p", 2);
    expect(server.sent).toHaveLength(2);
    expect(replicaB.calls[0]).toMatchObject({ endpoint: "qwen-prod", cached: true });
  });

  it("does not pass one caller's abort on to another caller sharing its request", async () => {
    const cache = openCache({ path: ":memory:" });
    const hang = (_req: SentRequest, signal?: AbortSignal) => new Promise<Response>((_, reject) => signal?.addEventListener("abort", () => reject(signal.reason), { once: true }));
    const { fetch, sent } = scriptedFetch(hang, () =>
      json(
        echoBody([
          ["The", null],
          [" audience", -2],
          [" laughs", -1],
        ]),
      ),
    );
    const client = recordedClient({ baseUrl: freshBaseUrl(), model: "m" }, { fetch, cache });
    const pair = { context: "The audience", continuation: " laughs" };
    const controller = new AbortController();
    const first = client.continuationLogprobs([pair], { signal: controller.signal });
    const second = client.continuationLogprobs([pair]);
    setTimeout(() => controller.abort(), 20);
    await expect(first).rejects.toMatchObject({ kind: "abort" });
    expect((await second)[0].logprob).toBe(-1);
    expect(sent).toHaveLength(2);
  });

  it("never stores a failed call", async () => {
    const cache = openCache({ path: ":memory:" });
    const { fetch } = scriptedFetch(() => json({ choices: [] }));
    const client = recordedClient({ baseUrl: freshBaseUrl(), model: "m" }, { fetch, cache });
    await expect(client.topLogprobs("p", 1)).rejects.toThrow(/malformed response: choices/);
    expect(cache.stats.writes).toBe(0);
  });
});
