// The hand-written shortcut for plain bank rows returns what bankRowSchema returns, key order
// included (a scored line echoes the row as parsed), and leaves every other row to zod.
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { bankRowSchema, parseRows } from "../../src/core/schemas.js";
import { plainBankRow } from "../../src/core/plain-bank-row.js";

// Values of every JSON type (and a few only JavaScript callers can pass), for each field.
const VALUES: unknown[] = ["", "a", "r1", "é’—", 0, -0, 1, 7, 1.5, -3, 2 ** 53 - 1, 2 ** 53, Infinity, NaN, true, false, null, [], ["x"], [{ role: "user", content: "hi" }], {}, { b: 1 }, undefined];
const FIELDS = ["id", "prompt", "input", "output", "group_id", "step", "finish_reason", "thinking", "meta", "extra", "0", "zz", "__proto__"];

function randomRowText(rng: ReturnType<typeof createRng>): string {
  // Mostly rows of the plain shape (id, prompt/input, output strings), so both paths get exercised.
  const plainish = rng.next() < 0.6;
  const parts: string[] = [];
  for (const field of rng.shuffle(FIELDS)) {
    if (rng.next() < (plainish && ["id", "output"].includes(field) ? 0.95 : 0.3)) {
      const value = plainish && ["id", "output", "prompt", "input"].includes(field) ? rng.pick(["a", "r1", "é’—", "", 3]) : rng.pick(VALUES);
      if (value === undefined || (typeof value === "number" && !Number.isFinite(value))) continue; // not JSON
      parts.push(`${JSON.stringify(field)}:${JSON.stringify(value)}`);
    }
  }
  return `{${parts.join(",")}}`;
}

describe("plain bank rows", () => {
  it("gives zod's own result for every row it takes, and takes the plain ones", () => {
    const rng = createRng("plain-bank-row");
    let taken = 0;
    for (let k = 0; k < 20000; k++) {
      const text = randomRowText(rng);
      const fast = plainBankRow(JSON.parse(text));
      const zod = bankRowSchema.safeParse(JSON.parse(text));
      if (fast === undefined) {
        // Declined: zod rejects it, or it holds what the shortcut leaves to zod.
        const raw = JSON.parse(text) as Record<string, unknown>;
        const leftToZod = Object.hasOwn(raw, "meta") || Object.hasOwn(raw, "__proto__") || Array.isArray(raw.prompt) || Array.isArray(raw.input);
        expect(!zod.success || leftToZod, text).toBe(true);
        continue;
      }
      taken++;
      expect(zod.success, text).toBe(true);
      expect(Object.keys(fast), text).toEqual(Object.keys(zod.data!));
      expect(JSON.stringify(fast), text).toBe(JSON.stringify(zod.data));
      expect(fast, text).toStrictEqual(zod.data);
    }
    expect(taken).toBeGreaterThan(1000);
  });

  it("covers the rows of a prose bank: string id, prompt or input, output, and extra fields", () => {
    const row = { zz: 1, output: "o", id: 5, input: "i", finish_reason: "stop", step: 0, group_id: 2, thinking: false };
    expect(plainBankRow(row)).toStrictEqual(bankRowSchema.parse(row));
    expect(Object.keys(plainBankRow(row)!)).toEqual(["id", "input", "output", "group_id", "step", "finish_reason", "thinking", "zz", "prompt"]);
  });

  it("leaves chat prompts, meta, a __proto__ key and bad fields to zod", () => {
    for (const text of [
      '{"id":"a","output":"o","prompt":[{"role":"user","content":"x"}]}',
      '{"id":"a","output":"o","meta":{}}',
      '{"id":"a","output":"o","__proto__":{"x":1}}',
      '{"id":"","output":"o"}',
      '{"id":"a"}',
      '{"id":"a","output":"o","step":-1}',
    ]) {
      expect(plainBankRow(JSON.parse(text)), text).toBeUndefined();
    }
  });

  it("parseRows: one row zod must see sends the whole bank through zod, with zod's error", () => {
    const rows = [
      { id: "a", output: "o" },
      { id: "b", output: "p", meta: { k: 1 } },
    ];
    expect(parseRows("bank", rows, "bank.jsonl")).toStrictEqual(rows.map((r) => bankRowSchema.parse(r)));
    expect(() => parseRows("bank", [{ id: "a", output: "o" }, { id: "b" }], "bank.jsonl")).toThrow(/^bank\.jsonl: rows\[1\]\.output: /);
  });
});
