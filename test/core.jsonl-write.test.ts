// writeJsonl must fail when its file cannot be written: its end callback once swallowed the open
// error, so `score --out /missing/dir/x.jsonl` printed a summary and exited 0 with no file written.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeJsonl } from "../src/core/jsonl.js";

const dir = mkdtempSync(join(tmpdir(), "fg-jsonl-write-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("writeJsonl", () => {
  it("rejects with the file error when the folder does not exist, for few rows and for many", async () => {
    await expect(writeJsonl(join(dir, "missing", "x.jsonl"), [{ a: 1 }])).rejects.toMatchObject({ code: "ENOENT" });
    const many = Array.from({ length: 20_000 }, (_, i) => ({ i, text: "x".repeat(50) }));
    await expect(writeJsonl(join(dir, "missing", "y.jsonl"), many)).rejects.toMatchObject({ code: "ENOENT" });
    await expect(writeJsonl(dir, [{ a: 1 }])).rejects.toMatchObject({ code: "EISDIR" });
  });

  it("writes every row, one per line", async () => {
    const path = join(dir, "ok.jsonl");
    await writeJsonl(path, [{ a: 1 }, { b: "two" }]);
    expect(readFileSync(path, "utf8")).toBe('{"a":1}\n{"b":"two"}\n');
  });
});
