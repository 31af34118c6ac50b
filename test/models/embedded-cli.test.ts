// `foolsgold lm serve` end to end: the real CLI process, a real socket, a clean stop on SIGTERM.
import { spawn, spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const BIN = resolve(import.meta.dirname, "../../bin/foolsgold.js");

describe("foolsgold lm serve", () => {
  it("prints its base URL, serves completions and stops cleanly on SIGTERM", async () => {
    const child = spawn(process.execPath, [BIN, "lm", "serve", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const baseUrl = await new Promise<string>((ok, fail) => {
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        const m = /server at (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(out);
        if (m) ok(m[1]);
      });
      child.once("exit", (code) => fail(new Error(`exited with ${code}: ${out}`)));
    });
    try {
      expect(out).toMatch(/held-out perplexity per token \(n = \d+ tokens\): unigram \d+, Kneser-Ney \d+, with cache \d+/);
      const res = await fetch(`${baseUrl}/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt: "Partner: Haha!\nAudience:", logprobs: 3, max_tokens: 1, temperature: 0 }),
      });
      expect(res.status).toBe(200);
      const json = (await res.json()) as { choices: { logprobs: { tokens: string[] } }[] };
      expect(json.choices[0].logprobs.tokens).toHaveLength(1);
    } finally {
      const exited = new Promise<number | null>((ok) => child.once("exit", ok));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
  });

  it("rejects a bad port with one clear line and exit 2", () => {
    const run = spawnSync(process.execPath, [BIN, "lm", "serve", "--port", "abc"], { encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe('foolsgold: --port: must be an integer from 0 to 65535, got "abc"');
  });
});
