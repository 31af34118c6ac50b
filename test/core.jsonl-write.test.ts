// writeJsonl must fail when its file cannot be written: its end callback once swallowed the open
// error, so `score --out /missing/dir/x.jsonl` printed a summary and exited 0 with no file written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseJsonl, readJsonl, writeJsonl, writeLines } from "../src/core/jsonl.js";

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

describe("writeLines and the texts readJsonl keeps", () => {
  it("writes more than one batch of lines in order, byte for byte, and fails on a missing folder", async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `${JSON.stringify({ i, text: "é".repeat(40 + (i % 7)) })}\n`);
    const path = join(dir, "lines.jsonl");
    await writeLines(path, lines);
    expect(readFileSync(path, "utf8")).toBe(lines.join(""));
    await expect(writeLines(join(dir, "missing", "z.jsonl"), lines)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("keeps each row's own line, trimmed, beside the parsed row", () => {
    const path = join(dir, "texts.jsonl");
    writeFileSync(path, '{"id":"a","output":"x"}\r\n\n  {"id":"b","output":"y\\u00e9"}  \n');
    const { rows, texts } = readJsonl(path, { texts: true });
    expect(texts).toEqual(['{"id":"a","output":"x"}', '{"id":"b","output":"y\\u00e9"}']);
    expect(texts!.map((t) => JSON.parse(t))).toEqual(rows);
    expect(readJsonl(path).texts).toBeUndefined();
  });
});

describe("parseJsonl line numbers", () => {
  it("numbers every line, blank ones too, and keeps a last line without a newline", () => {
    const bytes = Buffer.concat([Buffer.from('{"a":1}\n'), Buffer.from([0xff, 0x0a]), Buffer.from('a,b\n\n{"a":2}')]);
    expect(parseJsonl(bytes, "f", false)).toMatchObject({ rows: [{ a: 1 }, { a: 2 }], bad: [{ line: 2, problem: "invalid UTF-8" }, { line: 3 }] });
    expect(() => parseJsonl(bytes, "f")).toThrow(/f line 2/);
    expect(parseJsonl(Buffer.from(""), "f").rows).toEqual([]);
  });
});
