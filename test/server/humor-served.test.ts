// The humor stack (transcript rows) served to trainers that send a prompt and a reply: OpenRLHF's
// /get_reward with a ChatML-decoded query, and /v1/score with chat messages (TRL's, verl's and atropos'
// shape through the shims). Scored by the embedded audience and embedder (real models behind the
// built-in OpenAI-compatible server); each must give exactly the score of the transcript it stands for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/server/app.js";
import { openJournalStore, type JournalStore } from "../../src/server/journal-store.js";
import { openScorer } from "../../src/stacks/open.js";
import type { Score } from "../../src/core/types.js";

let dir: string;
let journal: JournalStore;
let opened: Awaited<ReturnType<typeof openScorer>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fg-humor-served-"));
  journal = await openJournalStore(join(dir, "journal.sqlite"));
  opened = await openScorer({ stack: "humor", cache: join(dir, "cache.sqlite") });
}, 180_000);
afterAll(async () => {
  await opened?.close();
  await journal?.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = "Tell me a joke about cats.";
const reply = "Why did the cat sit on the computer? To keep an eye on the mouse!";
const post = (app: ReturnType<typeof createApp>, path: string, body: unknown) => app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("humor served to trainers", () => {
  it("scores OpenRLHF's ChatML query and chat-message rows as the transcript they stand for", async () => {
    const app = createApp({ scorers: { humor: opened.scorer }, defaultStack: "humor", journal });
    const transcript = await post(app, "/v1/score", {
      rows: [
        {
          id: "t",
          seed: 0,
          turns: [
            { speaker: "partner", text: ask },
            { speaker: "policy", text: reply },
          ],
        },
      ],
    });
    expect(transcript.status).toBe(200);
    const expected = ((await transcript.json()) as { rows: { score: Score }[] }).rows[0].score.value;
    expect(Number.isFinite(expected)).toBe(true);

    const openrlhf = await post(app, "/get_reward", {
      query: [`<|im_start|>system\nYou are funny.<|im_end|>\n<|im_start|>user\n${ask}<|im_end|>\n<|im_start|>assistant\n${reply}<|im_end|>`],
      prompts: [`<|im_start|>system\nYou are funny.<|im_end|>\n<|im_start|>user\n${ask}<|im_end|>\n<|im_start|>assistant\n`],
    });
    expect(openrlhf.status).toBe(200);
    expect(((await openrlhf.json()) as { rewards: number[] }).rewards).toEqual([expected]);

    const chat = await post(app, "/v1/score", {
      rows: [
        {
          id: "c",
          prompt: [
            { role: "system", content: "You are funny." },
            { role: "user", content: ask },
          ],
          output: reply,
        },
      ],
    });
    expect(chat.status).toBe(200);
    const scored = ((await chat.json()) as { rows: { turns: unknown; score: Score }[] }).rows[0];
    expect(scored.score.value).toBe(expected);
    expect(scored.turns).toEqual([
      { speaker: "partner", text: ask },
      { speaker: "policy", text: reply },
    ]);
  }, 120_000);
});
