// The sample-source cache: a source is indexed once, again when its file changes, and the least recently
// used source is dropped beyond the capacity (a dashboard left open over many big logs stays bounded).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadJsonlSource, SourceCache, type LoadedSource } from "../../src/ui/sample-sources.js";

const dir = mkdtempSync(join(tmpdir(), "fg-ui-sources-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("SourceCache", () => {
  it("loads once per file version and evicts the least recently used", () => {
    const files = ["a", "b", "c"].map((name) => {
      const path = join(dir, `${name}.jsonl`);
      writeFileSync(path, JSON.stringify({ id: name, output: name }) + "\n");
      return path;
    });
    const loads: string[] = [];
    const load = (path: string): LoadedSource => (loads.push(path), loadJsonlSource(path));
    const cache = new SourceCache(2);
    cache.get(files[0], load);
    cache.get(files[0], load);
    cache.get(files[1], load);
    cache.get(files[0], load); // a is now the most recently used
    cache.get(files[2], load); // evicts b
    cache.get(files[0], load);
    cache.get(files[1], load); // reloaded
    expect(loads.map((p) => p.slice(-7))).toEqual(["a.jsonl", "b.jsonl", "c.jsonl", "b.jsonl"]);
    writeFileSync(files[1], JSON.stringify({ id: "b", output: "changed, and longer" }) + "\n");
    expect(cache.get(files[1], load).index.rows[0].output).toBe("changed, and longer");
    expect(loads).toHaveLength(5);
  });

  it("counts unreadable lines instead of dropping them silently", () => {
    const path = join(dir, "bad.jsonl");
    writeFileSync(path, `${JSON.stringify({ id: "ok", output: "fine" })}\n{not json\n`);
    const loaded = loadJsonlSource(path);
    expect(loaded.index.rows.map((r) => r.id)).toEqual(["ok"]);
    expect(loaded.bad).toHaveLength(1);
    expect(loaded.bad[0].line).toBe(2);
  });
});
