// Where a reader validates with zod, the published JSON Schema must give the same verdict: the same
// cases go through both, accepted and rejected alike.
import { describe, expect, it } from "vitest";
import { bankRowSchema, transcriptRowSchema } from "../../src/core/schemas.js";
import { preregistrationSchema } from "../../src/certify/preregistration.js";
import { scoredDataGroupSchema } from "../../src/envs/jokes/scored-group.js";
import { validateAgainst } from "../../src/schemas/validate.js";
import type { ZodType } from "zod";

function agree(zod: ZodType, schema: string, cases: { name: string; value: unknown; ok: boolean }[]) {
  for (const c of cases) {
    const byZod = zod.safeParse(c.value).success;
    const byAjv = validateAgainst(schema, c.value).ok;
    expect({ case: c.name, zod: byZod, ajv: byAjv }).toEqual({ case: c.name, zod: c.ok, ajv: c.ok });
  }
}

describe("the JSON Schemas agree with the zod readers", () => {
  it("bank rows", () =>
    agree(bankRowSchema, "rows/bank-row.schema.json", [
      { name: "minimal", value: { id: "a", output: "x" }, ok: true },
      { name: "numeric id", value: { id: 7, output: "x" }, ok: true },
      { name: "chat prompt", value: { id: "a", prompt: [{ role: "user", content: "hi" }], output: "x" }, ok: true },
      { name: "input for prompt", value: { id: "a", input: "hi", output: "x" }, ok: true },
      { name: "extra fields kept", value: { id: "a", output: "x", instruction_id_list: ["punctuation:no_comma"] }, ok: true },
      { name: "all optional fields", value: { id: "a", output: "x", group_id: 3, step: 2, finish_reason: "stop", thinking: false, meta: { k: 1 } }, ok: true },
      { name: "no output", value: { id: "a" }, ok: false },
      { name: "output not a string", value: { id: "a", output: 3 }, ok: false },
      { name: "empty id", value: { id: "", output: "x" }, ok: false },
      { name: "negative step", value: { id: "a", output: "x", step: -1 }, ok: false },
      { name: "fractional step", value: { id: "a", output: "x", step: 1.5 }, ok: false },
      { name: "unknown chat role", value: { id: "a", prompt: [{ role: "robot", content: "hi" }], output: "x" }, ok: false },
      { name: "thinking not boolean", value: { id: "a", output: "x", thinking: "yes" }, ok: false },
      { name: "meta not an object", value: { id: "a", output: "x", meta: [] }, ok: false },
    ]));

  it("transcript rows", () =>
    agree(transcriptRowSchema, "rows/transcript-row.schema.json", [
      { name: "minimal", value: { id: "s1", seed: 3, turns: [{ speaker: "policy", text: "hi" }] }, ok: true },
      { name: "no turns yet", value: { id: "s1", seed: 3, turns: [] }, ok: true },
      { name: "no seed", value: { id: "s1", turns: [] }, ok: false },
      { name: "fractional seed", value: { id: "s1", seed: 1.5, turns: [] }, ok: false },
      { name: "turn without text", value: { id: "s1", seed: 1, turns: [{ speaker: "a" }] }, ok: false },
      { name: "empty speaker", value: { id: "s1", seed: 1, turns: [{ speaker: "", text: "x" }] }, ok: false },
    ]));

  it("pre-registrations", () => {
    const base = { format: "foolsgold-preregistration/1", name: "run", registered_at: "2026-01-01T00:00:00Z", hypothesis: "h", bars: [{ metric: "retention", min_delta: 0.02 }], bait: false };
    agree(preregistrationSchema, "preregistration.schema.json", [
      { name: "as registered", value: base, ok: true },
      { name: "wrong format", value: { ...base, format: "foolsgold-preregistration/2" }, ok: false },
      { name: "no hypothesis", value: { ...base, hypothesis: undefined }, ok: false },
      { name: "not a date", value: { ...base, registered_at: "yesterday" }, ok: false },
    ]);
  });

  it("scored data groups", () => {
    const group = { scores: [0.2, -1], messages: [[{ role: "user", content: "q" }], [{ role: "assistant", content: "a" }]], group_id: "j:0", joke_id: "j", finish_reasons: ["stop", null], details: [{}, {}] };
    agree(scoredDataGroupSchema, "scored-data-group.schema.json", [
      { name: "as written", value: group, ok: true },
      { name: "score not a number", value: { ...group, scores: ["x"] }, ok: false },
      { name: "no joke id", value: { ...group, joke_id: undefined }, ok: false },
    ]);
  });
});
