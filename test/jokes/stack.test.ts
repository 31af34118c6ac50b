// The "vrcli" stack through the registry, on the real built-in server: row contract, instrument
// hash, explicit errors for rows that cannot be scored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStack } from "../../src/stacks/registry.js";
import type { BankRow } from "../../src/core/types.js";
import { startEmbeddedModels, type EmbeddedModels } from "./embedded.js";

let models: EmbeddedModels;
beforeAll(async () => {
  models = await startEmbeddedModels();
});
afterAll(async () => {
  await models?.server.close();
});

const setup = "Why was Cinderella thrown off the basketball team?";
const rows: BankRow[] = [
  { id: "a", prompt: setup, output: "<think>basketball ball; Cinderella ran away from the ball</think> She ran away.", meta: { punchline: "She ran away from the ball." } },
  {
    id: "b",
    prompt: [
      { role: "system", content: "be funny" },
      { role: "user", content: setup },
    ],
    output: "<think>sports</think> Fouls.",
    label: "She ran away from the ball.",
  },
  { id: "c", prompt: setup, output: "She ran away.", answer: "She ran away from the ball." },
  { id: "d", prompt: setup, output: "<think>x</think> y" },
  { id: "e", output: "<think>x</think> y", meta: { punchline: "z" } },
];

describe("vrcli stack", () => {
  it("scores bank rows: setup from prompt, gold from meta.punchline, label or answer", async () => {
    const definition = getStack("vrcli");
    expect(definition.rowKind).toBe("bank");
    expect(definition.modelRoles).toEqual(["reference"]);
    // The paper's formula (preset seed); the hardened default is checked below and in test/humor/vrcli-candidates.test.ts.
    const scorer = await definition.create(definition.options.parse({ preset: "seed" }), { reference: models.reference });
    expect(scorer.instrument.hash).toMatch(/^[0-9a-f]{64}$/);
    const scores = await scorer.scoreRows(rows);
    expect(scores[0].value).toBeGreaterThan(0);
    expect(scores[0].terms.vrcli.details).toMatchObject({ punchline_tokens: 7 });
    expect(scores[1].value).toBeGreaterThanOrEqual(0);
    expect(scores[0].value).toBeGreaterThan(scores[1].value!);
    expect(scores[2]).toMatchObject({ value: -1, terms: { vrcli: { value: -1, details: { reasoning_problem: "missing" } } } });
    expect(scores[3]).toMatchObject({ value: null, error: "row d: no gold punchline: set meta.punchline (or label/answer)" });
    expect(scores[4].value).toBeNull();
    expect(scores[4].error).toMatch(/row e: no setup/);
    for (const s of scores) expect(s.instrument).toBe(scorer.instrument.hash);
  });

  it("under the hardened default, pays a reasoning for the answer it gives, not for a candidate it ignores", async () => {
    const definition = getStack("vrcli");
    const hardened = await definition.create(definition.options.parse({}), { reference: models.reference });
    const seed = await definition.create(definition.options.parse({ preset: "seed" }), { reference: models.reference });
    const statedRow = { ...rows[0], id: "stated", output: "<think>Cinderella ran away from the ball.</think> She ran away from the ball." };
    const ignored = { ...rows[0], id: "ignored", output: "<think>Cinderella ran away from the ball.</think> Fouls." };
    const [stated, ignoring] = await hardened.scoreRows([statedRow, ignored]);
    const [statedSeed, ignoringSeed] = await seed.scoreRows([statedRow, ignored]);
    // a reasoning that states its own answer has no control candidate: the paper's value
    expect(stated.value).toBeGreaterThan(0);
    expect(stated.value).toBe(statedSeed.value);
    expect(stated.terms.vrcli.details).toMatchObject({ candidates: 0 });
    // the same punchline-bearing sentence before an answer that ignores it pays under the paper, not here
    expect(ignoringSeed.value).toBeGreaterThan(0);
    expect(ignoring.value).toBe(0);
    expect(ignoring.terms.vrcli.details).toMatchObject({ candidates: 1 });
  });

  it("needs a reference model", () => {
    const definition = getStack("vrcli");
    expect(() => definition.create(definition.options.parse({}), {})).toThrow(/models\.reference/);
  });
});
