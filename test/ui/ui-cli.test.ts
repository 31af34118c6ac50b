// `foolsgold ui` as a real process: it builds the web assets when needed, serves the dashboard and its
// API on loopback, prints the address, stops on SIGTERM; bad options are one clear line and exit 2.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const bin = resolve(import.meta.dirname, "../../bin/foolsgold.js");
const dir = mkdtempSync(join(tmpdir(), "fg-ui-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("foolsgold ui", () => {
  it("serves the dashboard and the runs list on loopback until stopped", async () => {
    writeFileSync(join(dir, "run.jsonl"), JSON.stringify({ id: "a", output: "hello" }) + "\n");
    const child = spawn(process.execPath, [bin, "ui", "--artifacts", dir, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const url = await new Promise<string>((done, fail) => {
        let out = "";
        child.stdout.on("data", (d) => {
          out += String(d);
          const m = /dashboard at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (m) done(m[1]);
        });
        child.on("exit", (code) => fail(new Error(`exited ${code} before listening`)));
      });
      const page = await (await fetch(url)).text();
      expect(page).toContain('<div id="root"></div>');
      expect(page).toMatch(/assets\/index-[\w-]+\.js/);
      const runs = (await (await fetch(`${url}api/runs`)).json()) as { runs: { file: string; type: string }[] };
      expect(runs.runs).toEqual([expect.objectContaining({ file: "run.jsonl", type: "samples" })]);
      const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  it("exits 2 with one clear line for a folder that does not exist or a bad port", () => {
    const missing = spawnSync(process.execPath, [bin, "ui", "--artifacts", join(dir, "nope")], { encoding: "utf8" });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--artifacts: .*nope is not a folder/);
    const port = spawnSync(process.execPath, [bin, "ui", "--artifacts", dir, "--port", "http"], { encoding: "utf8" });
    expect(port.status).toBe(2);
    expect(port.stderr).toContain('--port: must be an integer from 0 to 65535, got "http"');
  });
});
