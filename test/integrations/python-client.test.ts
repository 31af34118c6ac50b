// The Python client package (integrations/python), installed offline with pip into a fresh virtual
// environment and called as each trainer calls it: request ids on every call, retries with backoff
// on connection errors, 429 and 5xx (retry-after honoured), a replica killed mid-call, every failure
// counted and raised with a clear message, and the trainers' own shapes (TRL content blocks and
// columns, atropos system + user messages and empty groups, verl ground truths that are not UTF-8).
// The scorer is a word-count fixture: these are protocol tests, not model results.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../../src/server/app.js";
import { openJournalStore, type JournalStore } from "../../src/server/journal-store.js";
import type { BankRow, Score } from "../../src/core/types.js";
import type { Scorer } from "../../src/stacks/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { readCorpus } from "../../src/models/embedded/corpus.js";

const PACKAGE = resolve(import.meta.dirname, "../../integrations/python");

function hasPython(): boolean {
  try {
    execFileSync("python3", ["-c", "import venv, ensurepip"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const PY_OK = hasPython();

const seen: { rows: BankRow[]; requestId: string | undefined }[] = [];
function wordCount(name: string, options: { onCall?: () => Promise<void> } = {}): Scorer<BankRow> {
  return {
    rowKind: "bank",
    instrument: { stack: name, version: "1", options: {}, models: {}, hash: `instr-${name}` },
    async scoreRows(rows) {
      await options.onCall?.();
      return rows.map((row): Score => ({ value: row.output.split(" ").filter(Boolean).length, terms: { chars: { value: row.output.length } }, instrument: `instr-${name}` }));
    },
  };
}

let dir: string;
let venvPython: string;
const journals: JournalStore[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (!PY_OK) return;
  dir = mkdtempSync(join(tmpdir(), "fg-pyclient-"));
  const venv = join(dir, "venv");
  // System site packages for numpy (verl's arrays); the package itself needs nothing but the standard library.
  await promisify(execFile)("python3", ["-m", "venv", "--system-site-packages", venv]);
  venvPython = join(venv, "bin", "python");
  await promisify(execFile)(venvPython, ["-m", "pip", "install", "--no-index", "--quiet", PACKAGE], { env: { ...process.env, PIP_NO_INDEX: "1", PIP_DISABLE_PIP_VERSION_CHECK: "1" } });
}, 180_000);

afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  for (const j of journals.splice(0)) await j.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A reward server on its own in-memory journal; records each call's rows and X-Request-Id. */
async function replica(name: string, options: { onCall?: () => Promise<void>; scorer?: Scorer } = {}): Promise<{ url: string; server: Server }> {
  const journal = await openJournalStore(":memory:");
  journals.push(journal);
  const app = createApp({ scorers: { [name]: options.scorer ?? wordCount(name, options) }, defaultStack: name, journal });
  const recording = async (request: Request) => {
    if (request.method === "POST") {
      const body = (await request.clone().json()) as { rows?: BankRow[] };
      seen.push({ rows: body.rows ?? [], requestId: request.headers.get("x-request-id") ?? undefined });
    }
    return app.fetch(request);
  };
  const server = await new Promise<Server>((ok) => {
    const s = serve({ fetch: recording, port: 0, hostname: "127.0.0.1" }, () => ok(s as Server));
  });
  closers.push(() => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

/** A raw HTTP server answering from a script of responses, one per request; then 200 from `then`. */
async function scripted(answers: { status: number; headers?: Record<string, string>; body?: unknown }[]): Promise<{ url: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    req.resume();
    req.on("end", () => {
      const a = answers.shift() ?? { status: 200, body: { rows: [{ id: "0", output: "x", score: { value: 1, terms: {} } }], errors: [] } };
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers }).end(JSON.stringify(a.body ?? { error: `scripted ${a.status}` }));
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  closers.push(() => new Promise<void>((done) => server.close(() => done())));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests };
}

async function python(code: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(venvPython, ["-c", code], { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env }, encoding: "utf8", cwd: dir });
  return stdout.trim();
}

describe.skipIf(!PY_OK)("the Python client package", () => {
  it("installs offline with pip, typed, and imports without the repository on the path", async () => {
    const out = await python(
      `
import json, importlib.resources as r, foolsgold_client as c, foolsgold_client.verl, foolsgold_client.trl, foolsgold_client.atropos
print(json.dumps([c.__version__, r.files("foolsgold_client").joinpath("py.typed").is_file(), c.__file__.startswith(${JSON.stringify(PACKAGE)})]))`,
      {},
    );
    expect(JSON.parse(out)).toEqual(["0.2.0", true, false]);
  });

  it("survives a replica killed mid-call: the retry goes to the next replica with the same request id", async () => {
    let killA: () => void = () => {};
    const a = await replica("a", { onCall: () => (killA(), new Promise(() => {})) });
    killA = () => a.server.closeAllConnections();
    const b = await replica("b");
    const before = seen.length;
    const out = await python(
      `
import json, foolsgold_client as c
from foolsgold_client.verl import compute_score
r = compute_score("src", "three words here", "gold", {"uid": "g-1", "prompt": "Say three words."})
print(json.dumps([r["score"], c.failure_count()]))`,
      { FOOLSGOLD_URL: `${a.url},${b.url}` },
    );
    const [score, failures] = JSON.parse(out) as [number, Record<string, number>];
    expect(score).toBe(3);
    expect(failures).toEqual({ calls: 0, samples: 0, attempts: 1 });
    const calls = seen.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0].requestId).toMatch(/^fg-[0-9a-f]{32}$/);
    expect(calls[1].requestId).toBe(calls[0].requestId);
    expect(calls[1].rows[0]).toMatchObject({ prompt: "Say three words.", group_id: "g-1", label: "gold" });
  });

  it("retries 429 and 503 after retry-after with one request id, and counts the retried attempts", async () => {
    const s = await scripted([
      { status: 429, headers: { "retry-after": "1" } },
      { status: 503, headers: { "retry-after": "0" } },
    ]);
    const started = performance.now();
    const out = await python(
      `
import json, foolsgold_client as c
rows = c.score_rows([{"id": "0", "output": "x"}])
print(json.dumps([rows[0]["score"]["value"], c.failure_count()]))`,
      { FOOLSGOLD_URL: s.url },
    );
    expect(JSON.parse(out)).toEqual([1, { calls: 0, samples: 0, attempts: 2 }]);
    expect(performance.now() - started).toBeGreaterThan(1_000);
    const ids = s.requests.map((r) => r.headers["x-request-id"]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
  });

  it("raises a clear, counted error when no replica can be reached, and does not retry a 400", async () => {
    const gone = await scripted([]);
    closers.pop()!();
    await new Promise((r) => setTimeout(r, 100));
    const bad = await scripted([{ status: 400, body: { error: 'rows[0]: unknown field "outptu"' } }]);
    const out = await python(
      `
import json, foolsgold_client as c
out = []
for url in (${JSON.stringify(gone.url)}, ${JSON.stringify(bad.url)}):
    try:
        c.FoolsgoldClient(url=url, retries=2, backoff=0.05).score_rows([{"id": "0", "output": "a"}, {"id": "1", "output": "b"}])
        out.append("no error")
    except c.ScoringError as e:
        out.append(str(e))
out.append(c.failure_count())
print(json.dumps(out))`,
      {},
    );
    const [unreachable, refused, counts] = JSON.parse(out) as [string, string, Record<string, number>];
    expect(unreachable).toMatch(/^foolsgold server failed 3 attempts \(request fg-[0-9a-f]{32}\); last: cannot reach http:\/\/127\.0\.0\.1:\d+: URLError: .*refused/);
    expect(refused).toMatch(/answered 400: rows\[0\]: unknown field "outptu" \(request fg-/);
    expect(bad.requests).toHaveLength(1);
    expect(counts).toEqual({ calls: 2, samples: 4, attempts: 2 });
  });

  it("verl: a ground truth that is not UTF-8 is a clear error naming it, not a UnicodeDecodeError", async () => {
    const b = await replica("utf8");
    const out = await python(
      `
import numpy as np, foolsgold_client as c
from foolsgold_client.verl import compute_score_batch
try:
    compute_score_batch(data_sources=np.array(["x", "x"], dtype=object), solution_strs=["a", "b"], ground_truths=["ok", b"caf\\xe9"], extra_infos=None)
except c.ScoringError as e:
    print(e)`,
      { FOOLSGOLD_URL: b.url },
    );
    expect(out).toBe("ground_truths[1] is bytes that are not valid UTF-8 (byte 3: unexpected end of data); decode it with the dataset's encoding first");
  });

  it("verl batch: replies grouped by verl's uid let the prose short-reply gate fire without a prompt", async () => {
    const opened = await openScorer({ stack: "prose", cache: false });
    closers.push(() => opened.close());
    const r = await replica("prose", { scorer: opened.scorer });
    const words = readCorpus().test.flatMap((d) => d.text.split(/\s+/).filter(Boolean));
    const passage = (from: number, n: number) => words.slice(from, from + n).join(" ");
    const replies = [passage(0, 200), passage(300, 210), passage(600, 190), passage(900, 205), passage(1200, 20)];
    const out = await python(
      `
import json, os, numpy as np
from foolsgold_client.verl import compute_score_batch
replies = json.loads(os.environ["REPLIES"])
extras = np.array([{"uid": "u-1", "index": i} for i in range(len(replies))], dtype=object)
scores = compute_score_batch(data_sources=np.array(["prose"] * len(replies), dtype=object), solution_strs=replies, ground_truths=[None] * len(replies), extra_infos=extras)
print(json.dumps([[s["score"], s.get("gates")] for s in scores]))`,
      { FOOLSGOLD_URL: r.url, REPLIES: JSON.stringify(replies) },
    );
    const scored = JSON.parse(out) as [number, number][];
    expect(scored[4]).toEqual([0, 0]);
    expect(scored.slice(0, 4).every(([, gate]) => gate === 1)).toBe(true);
  }, 120_000);

  it("TRL: content blocks, a `thinking` string column and None group ids score instead of failing the batch", async () => {
    const t = await replica("trl");
    const before = seen.length;
    const out = await python(
      `
import asyncio, json
from foolsgold_client.trl import foolsgold_reward
prompt = [{"role": "system", "content": [{"type": "text", "text": "Be brief."}]}, {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "Why?"}]}]
r = asyncio.run(foolsgold_reward(
    prompts=[prompt, prompt, "plain"],
    completions=[[{"role": "assistant", "content": [{"type": "text", "text": "one two"}]}], [{"role": "assistant", "content": "x"}], "a b c"],
    completion_ids=[[1], [2], [3]],
    thinking=["I thought", "hmm", "so"], group_id=[None, None, None]))
print(json.dumps(r))`,
      { FOOLSGOLD_URL: t.url },
    );
    expect(JSON.parse(out)).toEqual([2, 1, 3]);
    const rows = seen.slice(before)[0].rows;
    expect(rows[0]).toMatchObject({
      prompt: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Why?" },
      ],
      output: "one two",
      meta: { thinking: "I thought" },
    });
    // No group column value: the prompt's index in the batch groups the replies to one prompt.
    expect(rows.map((r) => r.group_id)).toEqual(["prompt-0", "prompt-0", "prompt-1"]);
  });

  it("atropos: system + user messages stay two messages, and an empty group is dropped without a call", async () => {
    const a = await replica("atropos");
    const before = seen.length;
    const out = await python(
      `
import asyncio, json
from foolsgold_client import atropos as a
class Tok:
    def apply_chat_template(self, chat, add_generation_prompt=False, tokenize=True):
        text = " ".join("<|%s|> %s <|end|>" % (m["role"], m["content"]) for m in chat) + (" <|assistant|>" if add_generation_prompt else "")
        return [len(w) for w in text.split()]
msgs = [{"role": "system", "content": "Be funny."}, {"role": "user", "content": "A joke?"}]
g = asyncio.run(a.score_group(msgs, ["one", "one two"], tokenizer=Tok(), group_size=2))
try:
    asyncio.run(a.score_group(msgs, [], tokenizer=Tok(), group_size=0))
    dropped = None
except a.DroppedGroup as d:
    dropped = [d.rule, d.reason]
print(json.dumps([g["scores"], g["messages"][0], g["masks"][0].count(-100), dropped]))`,
      { FOOLSGOLD_URL: a.url },
    );
    const [scores, messages, masked, dropped] = JSON.parse(out) as [number[], unknown[], number, string[]];
    expect(scores).toEqual([1, 2]);
    expect(messages).toEqual([
      { role: "system", content: "Be funny." },
      { role: "user", content: "A joke?" },
      { role: "assistant", content: "one" },
    ]);
    // "<|system|> Be funny. <|end|> <|user|> A joke? <|end|> <|assistant|>": 9 prompt tokens masked.
    expect(masked).toBe(9);
    expect(dropped).toEqual(["structure", "the group has no completions, so atropos would skip it (nothing was sent to the reward server)"]);
    expect(seen.length - before).toBe(1);
  });
});
