import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "fg-prose-"));
const dictPath = join(dir, "dict.json");
writeFileSync(dictPath, JSON.stringify(fixtureDictionary()));

const narration =
  "The bus was late again, so she walked to the market. At least the rain had stopped. She bought bread and two apples. " +
  "A dog followed her for one of the blocks. Nobody at the stall knew her name. The baker waved as soon as he saw her. " +
  "Her bag grew heavy on the way home. Later the sky cleared over the river.";
const sloppy =
  "Her heart hammered against her ribs. The scent of ozone hung in the air. It was not fear, but something older. " +
  "Her heart hammered again. A thick, suffocating cloud rolled in. Her heart hammered. The scent of ozone returned. " +
  "It wasn't anger, but something colder. The ozone lingered. She waited in the dark and said nothing at all.";

async function score(rows: BankRow[], options: Record<string, unknown> = {}): Promise<Score[]> {
  const def = getStack("prose");
  const scorer = await def.create(proseOptions.parse({ dictionary: dictPath, ...options }), {});
  return scorer.scoreRows(rows);
}

describe('the "prose" stack', () => {
  it("is registered as a bank stack with no model roles", () => {
    const def = getStack("prose");
    expect(def.rowKind).toBe("bank");
    expect(def.modelRoles).toEqual([]);
  });

  it("scores human-like prose above sloppy prose, with every term in the breakdown", async () => {
    const [good, bad] = await score([
      { id: "good", output: narration },
      { id: "bad", output: sloppy },
    ]);
    expect(Object.keys(good.terms).sort()).toEqual(["echo", "function_order", "gates", "human_phrases", "openers", "self_repetition", "slop", "thinking_length", "word_order"]);
    expect(good.value).not.toBeNull();
    expect(bad.value).not.toBeNull();
    expect(good.value!).toBeGreaterThan(bad.value!);
    expect(bad.terms.slop.value!).toBeLessThan(0.5);
    expect(good.terms.slop.value).toBe(1);
    const product = ["thinking_length", "slop", "human_phrases", "openers", "echo", "self_repetition", "function_order"].reduce((p, t) => p * good.terms[t].value!, 1);
    expect(good.value).toBeCloseTo(product, 12);
    expect(good.instrument).toMatch(/^[0-9a-f]{64}$/);
  });

  it("zeroes a gated reply and says which gate", async () => {
    const [truncated, thinkingOff] = await score([
      { id: "t", output: narration, finish_reason: "length" },
      { id: "o", output: `<think>plan</think>${narration}`, thinking: false },
    ]);
    expect(truncated.value).toBe(0);
    expect(truncated.terms.gates.details?.failed).toBe("truncated");
    expect(thinkingOff.terms.gates.details?.failed).toBe("thinking");
  });

  it("applies the thinking-length factor to the visible reply", async () => {
    const thinking = Array.from({ length: 900 }, () => "plan").join(" ");
    const [s] = await score([{ id: "th", output: `<think>${thinking}</think>${narration}`, thinking: true }]);
    expect(s.terms.thinking_length.value).toBeCloseTo(0.5, 6);
    expect(s.terms.thinking_length.details?.thinking_words).toBe(900);
  });

  it("penalizes echoing the user's last message", async () => {
    const user = "The lighthouse keeper lied to us about the ship.";
    const reply = `"The lighthouse keeper lied to us about the ship," she repeated. ${narration}`;
    const [s] = await score([{ id: "e", prompt: [{ role: "user", content: user }], output: reply }]);
    expect(s.terms.echo.value).toBeCloseTo(0.85, 12);
  });

  it("hashes the dictionary's content into the instrument", async () => {
    const other = join(dir, "other.json");
    writeFileSync(other, JSON.stringify(fixtureDictionary({ adjectives: ["thick"] })));
    const a = await getStack("prose").create(proseOptions.parse({ dictionary: dictPath }), {});
    const b = await getStack("prose").create(proseOptions.parse({ dictionary: other }), {});
    expect(a.instrument.hash).not.toBe(b.instrument.hash);
  });

  it("leaves a factor out of the product on request and still reports it", async () => {
    // The seed's opener rule, which charges this reply (the hardened guard would leave it at 1).
    const [full] = await score([{ id: "bad", output: sloppy }], { openers: { mode: "seed" } });
    const [ablated] = await score([{ id: "bad", output: sloppy }], { openers: { mode: "seed" }, off: ["openers", "echo"] });
    const openers = full.terms.openers.value as number;
    const echo = full.terms.echo.value as number;
    expect(openers).toBeLessThan(1); // the ablation must change something to be a test
    expect(ablated.value).toBeCloseTo((full.value as number) / (openers * echo), 12);
    expect(ablated.terms.openers).toMatchObject({ value: openers, details: { off: true } });
    expect(full.terms.openers.details?.off).toBeUndefined();
    expect(ablated.instrument).not.toBe(full.instrument);
    const bad = proseOptions.safeParse({ off: ["gates"] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(["off", 0]);
  });

  it("reports a bad dictionary file by name", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ format: "foolsgold-prose-dictionary", version: 3 }));
    expect(() => getStack("prose").create(proseOptions.parse({ dictionary: bad }), {})).toThrow(/bad\.json provenance/);
  });

  it("refuses a dictionary of another version and says to mine it again", async () => {
    const old = join(dir, "old.json");
    writeFileSync(old, JSON.stringify({ format: "foolsgold-prose-dictionary", version: 1 }));
    expect(() => getStack("prose").create(proseOptions.parse({ dictionary: old }), {})).toThrow(/old\.json version: is 1, .*reads version 3 .*mine it again/);
  });
});

describe("prose term metadata", () => {
  it("lists every term of the breakdown with its kind, read off the composed stack", () => {
    const terms = getStack("prose").terms!;
    expect(terms.map((t) => t.name)).toEqual(["gates", "thinking_length", "slop", "human_phrases", "openers", "echo", "self_repetition", "function_order", "word_order"]);
    expect(terms.map((t) => t.kind)).toEqual(["gate", "factor", "factor", "factor", "factor", "factor", "factor", "factor", "factor"]);
    expect(terms.every((t) => t.roles.length === 0 && t.version)).toBe(true);
    expect(getStack("prose").rolesFor!(proseOptions.parse({ wordOrder: { enabled: true } }))).toEqual(["reference"]);
  });
});
