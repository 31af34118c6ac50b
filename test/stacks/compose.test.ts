// composeStack from the outside: a toy term and a toy stack in a few lines, scored directly and
// served through the reward server; the derived options schema, instrument and error values.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseStackOptions } from "../../src/config/stack-options.js";
import { InputError } from "../../src/core/errors.js";
import type { BankRow } from "../../src/core/types.js";
import { createApp } from "../../src/server/app.js";
import { Journal } from "../../src/server/journal.js";
import { SqliteStore } from "../../src/server/journal-store.js";
import { composeStack } from "../../src/stacks/compose.js";
import { rowErrorOf } from "../../src/stacks/row-error.js";
import { defineTerm } from "../../src/terms/define.js";

const lengthTerm = (name = "length", kind: "factor" | "additive" = "factor", version = "length-1") =>
  defineTerm({
    meta: { name, kind, roles: [], version, description: "share of a target length", options: z.object({ target: z.number().int().min(1).default(4) }).strict() },
    measure: (rows: readonly BankRow[], { options }) => rows.map((r) => ({ value: Math.min(1, r.output.split(/\s+/).filter(Boolean).length / options.target) })),
  });
const length = lengthTerm();

const banned = defineTerm({
  meta: {
    name: "banned",
    kind: "gate",
    roles: [],
    version: "banned-1",
    description: "0 when the output holds a banned word (a per-request list)",
    options: z.object({}).strict(),
  },
  measure: (rows: readonly BankRow[], { inputs }) => {
    const words = (inputs.banned as string[] | undefined) ?? [];
    return rows.map((r) => (r.output === "" ? { value: null, error: { kind: "input" as const, message: "empty output" } } : { value: words.some((w) => r.output.includes(w)) ? 0 : 1 }));
  },
});

const toy = composeStack({
  name: "toy",
  description: "toy",
  version: "toy-1",
  rowKind: "bank",
  terms: [banned, length],
  combine: "product",
  inputs: { banned: { from: "request", description: "words that zero a row", schema: z.array(z.string()).optional() } },
  rowProblem: (row: BankRow) => (typeof row.output === "string" ? null : "output: expected a string"),
});

const rows: BankRow[] = [
  { id: "a", output: "one two" },
  { id: "b", output: "one two three four five" },
  { id: "c", output: "" },
  { id: "d", output: 7 as unknown as string },
];

describe("composeStack", () => {
  it("scores rows with the product of its terms and typed per-row errors", async () => {
    const scorer = await toy.create(toy.options.parse({}), {});
    const [a, b, c, d] = await scorer.scoreRows(rows);
    expect(a).toMatchObject({ value: 0.5, terms: { banned: { value: 1 }, length: { value: 0.5 } }, instrument: scorer.instrument.hash });
    expect(b.value).toBe(1);
    expect(c).toMatchObject({ value: null, error: "row c: empty output", error_kind: "input" });
    expect(c.terms.length).toBeUndefined();
    expect(rowErrorOf(d)).toEqual({ kind: "input", message: "row d: output: expected a string" });
    expect(rowErrorOf(a)).toBeUndefined();
  });

  it("derives a strict options schema and reads the terms' metadata", () => {
    expect(toy.modelRoles).toEqual([]);
    expect(toy.terms?.map((t) => [t.name, t.version])).toEqual([
      ["banned", "banned-1"],
      ["length", "length-1"],
    ]);
    expect(() => parseStackOptions(toy.options, { target: 3, tagret: 4 }, "toy.yaml")).toThrow(InputError);
    expect(() => parseStackOptions(toy.options, { tagret: 4 }, "toy.yaml")).toThrow(/toy\.yaml: options: unknown field "tagret"/);
    expect(parseStackOptions(toy.options, { target: 3 }, "toy.yaml")).toEqual({ target: 3 });
  });

  it("changes the instrument hash with every option and every term version, and never otherwise", async () => {
    const hash = async (def: typeof toy, options: Record<string, unknown>) => (await def.create(def.options.parse(options), {})).instrument.hash;
    const base = await hash(toy, {});
    expect(await hash(toy, { target: 4 })).toBe(base);
    expect(await hash(toy, { target: 5 })).not.toBe(base);
    const bumped = composeStack({ name: "toy", description: "toy", version: "toy-1", rowKind: "bank", terms: [banned, lengthTerm("length", "factor", "length-2")], combine: "product" });
    expect(await hash(bumped, {})).not.toBe(base);
    const restacked = composeStack({ name: "toy", description: "toy", version: "toy-2", rowKind: "bank", terms: [banned, length], combine: "product" });
    expect(await hash(restacked, {})).not.toBe(base);
  });

  it("records the hash of a per-request input on every score and gates rows with it", async () => {
    const scorer = await toy.create(toy.options.parse({}), {});
    const plain = await scorer.scoreRows(rows.slice(0, 2));
    const gated = await scorer.scoreRows(rows.slice(0, 2), { inputs: { banned: ["three"] } });
    expect(plain[0].inputs).toBeUndefined();
    expect(gated.map((s) => s.value)).toEqual([0.5, 0]);
    expect(gated[1].terms.length).toBeUndefined();
    expect(gated[0].inputs?.banned).toMatch(/^[0-9a-f]{64}$/);
    expect(gated[1].inputs).toEqual(gated[0].inputs);
    const other = await scorer.scoreRows(rows.slice(0, 1), { inputs: { banned: ["four"] } });
    expect(other[0].inputs?.banned).not.toBe(gated[0].inputs?.banned);
    await expect(scorer.scoreRows(rows, { inputs: { bannd: [] } })).rejects.toThrow(/inputs\.bannd/);
    await expect(scorer.scoreRows(rows, { inputs: { banned: "three" } })).rejects.toThrow(InputError);
  });

  it("gives the same score to a row whatever was scored before it, in any batch", async () => {
    const scorer = await toy.create(toy.options.parse({}), {});
    const alone = await scorer.scoreRows([rows[1]]);
    const many = await scorer.scoreRows(Array.from({ length: 40 }, (_, i) => rows[i % 2]));
    expect(many[39]).toEqual(alone[0]);
  });

  it("refuses a declaration that cannot work, when it is declared", () => {
    const additive = lengthTerm("bonus", "additive");
    expect(() => composeStack({ name: "bad", description: "", version: "1", rowKind: "bank", terms: [length, additive], combine: "product" })).toThrow(/product.*additive.*bonus/);
    const clash = defineTerm({
      meta: { name: "clash", kind: "factor", roles: [], version: "clash-1", description: "", options: z.object({ target: z.string().default("x") }).strict() },
      measure: (rows: readonly BankRow[]) => rows.map(() => ({ value: 1 })),
    });
    expect(() => composeStack({ name: "bad", description: "", version: "1", rowKind: "bank", terms: [length, clash], combine: "product" })).toThrow(/"target".*length.*clash/);
    expect(() => defineTerm({ meta: { ...banned.meta, options: z.object({}) }, measure: () => [] })).toThrow(/strict/);
  });

  it("is served by the reward server like any stack", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-compose-"));
    const journal = new Journal(join(dir, "journal.sqlite"));
    try {
      const scorer = await toy.create(toy.options.parse({ target: 2 }), {});
      const app = createApp({ scorers: { toy: scorer }, defaultStack: "toy", journal: new SqliteStore(journal, "test journal") });
      const res = await app.request("/v1/score", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rows: [rows[0], rows[2]] }) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { instrument: string; rows: { score: { value: number | null } }[]; errors: { index: number; reason: string }[] };
      expect(body.instrument).toBe(scorer.instrument.hash);
      expect(body.rows[0].score.value).toBe(1);
      expect(body.errors).toEqual([{ index: 1, id: "c", reason: "row c: empty output" }]);
    } finally {
      journal.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
