import { describe, expect, it } from "vitest";
import { canonicalJson, hashOf } from "../src/core/hash.js";
import { parseJsonl } from "../src/core/jsonl.js";

describe("canonical hashing", () => {
  it("ignores key order and undefined values", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(hashOf({ a: 1, b: 2 })).toBe(hashOf({ b: 2, a: 1 }));
    expect(hashOf({ a: 1 })).not.toBe(hashOf({ a: 2 }));
  });
});

describe("parseJsonl", () => {
  it("names the line of invalid JSON and invalid UTF-8", () => {
    const bytes = Buffer.concat([Buffer.from('{"a":1}\n{oops\n'), Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from('{"b":2}\n')]);
    expect(() => parseJsonl(bytes, "bank.jsonl")).toThrow(/bank.jsonl line 2: not valid JSON/);
    const lenient = parseJsonl(bytes, "bank.jsonl", false);
    expect(lenient.rows).toEqual([{ a: 1 }, { b: 2 }]);
    expect(lenient.bad).toEqual([
      { line: 2, problem: expect.stringMatching(/not valid JSON/) },
      { line: 3, problem: "invalid UTF-8" },
    ]);
  });
});
