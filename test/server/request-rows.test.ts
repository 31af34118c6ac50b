import { describe, expect, it } from "vitest";
import { parseRows } from "../../src/core/schemas.js";
import { requestRows } from "../../src/server/request-rows.js";

describe("requestRows (the server's reading of a body's rows)", () => {
  it("reads rows as parseRows does: numeric ids as strings, input as prompt, extra fields kept, key order included", () => {
    const bank = [
      { id: 7, input: "Continue.", output: "text", step: 3, meta: { a: 1 }, group_id: 2 },
      { output: "o", id: "b", prompt: [{ role: "user", content: "hi" }], finish_reason: "stop" },
    ];
    const read = requestRows("bank", structuredClone(bank), "request body");
    expect(JSON.stringify(read)).toBe(JSON.stringify(parseRows("bank", structuredClone(bank), "request body")));
    expect(read[0]).toMatchObject({ id: "7", prompt: "Continue.", group_id: "2" });
    const transcript = [{ id: "t", seed: 1, turns: [{ speaker: "policy", text: "hello" }], topic: "x" }];
    expect(JSON.stringify(requestRows("transcript", structuredClone(transcript), "request body"))).toBe(JSON.stringify(parseRows("transcript", structuredClone(transcript), "request body")));
  });

  it("reads plain rows (string fields only, core's shortcut past zod) as parseRows does", () => {
    const plain = [
      { id: 3, input: "Continue.", output: "text", step: 1, extra: true },
      { output: "o", id: "b", prompt: "p", group_id: 9, finish_reason: "length" },
    ];
    const read = requestRows("bank", structuredClone(plain), "request body");
    expect(JSON.stringify(read)).toBe(JSON.stringify(parseRows("bank", structuredClone(plain), "request body")));
    expect(read[0]).toMatchObject({ id: "3", prompt: "Continue.", extra: true });
    expect(Object.keys(read[1])).toEqual(["id", "prompt", "output", "group_id", "finish_reason"]);
  });

  it("fails a bad row with parseRows's error, naming the row and field", () => {
    const bad = [
      { id: "a", output: "fine" },
      { id: "b", output: 3 },
    ];
    const error = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return err;
      }
      throw new Error("did not throw");
    };
    const ours = error(() => requestRows("bank", bad, "request body")) as Error;
    const theirs = error(() => parseRows("bank", bad, "request body")) as Error;
    expect(ours.constructor).toBe(theirs.constructor);
    expect(ours.message).toBe(theirs.message);
    expect(ours.message).toMatch(/rows\.1\.output|rows\[1\]/);
  });
});
