import { beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { mineDictionary, toMiningRows, DEFAULT_MINE_OPTIONS, type MiningRow } from "../../src/mining/mine.js";
import type { ProseDictionary } from "../../src/mining/dictionary.js";
import { InputError } from "../../src/core/errors.js";

// A synthetic corpus with planted model habits: the same random scene sentences for models and
// humans, plus clichés only the "model" writes, and one phrase both use equally often.
const nouns = "door window table river road garden field market lamp chair wall letter coat bridge tower".split(" ");
const verbs = "passed watched crossed touched found left opened closed carried followed".split(" ");

function scene(rng: ReturnType<typeof createRng>, sentences: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < sentences; k++) out.push(`The ${rng.pick(nouns)} ${rng.pick(verbs)} the ${rng.pick(nouns)} near the ${rng.pick(nouns)}.`);
  return out;
}

function corpus(): { model: MiningRow[]; human: MiningRow[] } {
  const rng = createRng("mine-test");
  const model: MiningRow[] = [];
  for (let s = 0; s < 40; s++) {
    for (let r = 0; r < 5; r++) {
      const parts = scene(rng, 25);
      if (rng.next() < 0.6) parts.splice(rng.int(parts.length), 0, "Her heart hammered against her ribs.");
      if (rng.next() < 0.5) parts.splice(rng.int(parts.length), 0, "The scent of ozone filled the room.");
      if (rng.next() < 0.5) parts.splice(rng.int(parts.length), 0, "A shimmering light rose.");
      if (rng.next() < 0.3) parts.splice(rng.int(parts.length), 0, "The old farmer smiled kindly.");
      model.push({ text: parts.join(" "), scenario: `s${s}`, source: "model", prompt: "" });
    }
  }
  const human: MiningRow[] = [];
  for (let d = 0; d < 200; d++) {
    const parts = scene(rng, 25);
    if (rng.next() < 0.3) parts.splice(rng.int(parts.length), 0, "The old farmer smiled kindly.");
    if (rng.next() < 0.2) parts.splice(rng.int(parts.length), 0, "His heart was kind.");
    if (rng.next() < 0.2) parts.splice(rng.int(parts.length), 0, "The hammer fell.");
    if (rng.next() < 0.05) parts.splice(rng.int(parts.length), 0, "A scent rose from the garden.");
    human.push({ text: parts.join(" "), scenario: `h${d}`, source: d % 2 ? "a" : "b", prompt: "" });
  }
  return { model, human };
}

describe("dictionary mining", () => {
  const { model, human } = corpus();
  let dict: ProseDictionary;
  beforeAll(async () => {
    dict = await mineDictionary(model, human);
  });

  it("finds the planted pairs, frame and excess word, with their evidence", () => {
    const pair = dict.pairs.find((p) => [p.a, p.b].sort().join("~") === "hammer~heart");
    expect(pair).toBeDefined();
    expect(pair!.ratio).toBeGreaterThan(2);
    expect(pair!.logLikelihood).toBeGreaterThan(10.83);
    expect(pair!.weight).toBeGreaterThan(0);
    expect(dict.frames.some((f) => f.hub === "scent" && f.grammar === "of" && f.position === "after")).toBe(true);
    expect(dict.excessWords.map((w) => w.word)).toContain("ozone");
    expect(dict.hubs.map((h) => h.word)).toContain("scent");
  });

  it("leaves alone what humans use as often as the model", () => {
    const words = new Set([...dict.pairs.flatMap((p) => [p.a, p.b]), ...dict.excessWords.map((w) => w.word)]);
    expect(words.has("farmer")).toBe(false);
    expect(words.has("door")).toBe(false);
  });

  it("calibrates the slop curve on both corpora", () => {
    const c = dict.calibration.slop;
    expect(c.baseTypical).toBeGreaterThan(c.humanP75);
    expect(c.densestHumanScore).toBeGreaterThanOrEqual(0.8 - 1e-3);
    // One of the two targets binds exactly: the base model at 0.4, or the densest human text at 0.8.
    if (c.constrainedBy === "base_target") expect(c.baseScore).toBeCloseTo(0.4, 3);
    else expect(c.densestHumanScore).toBeCloseTo(0.8, 3);
    expect(c.nModel).toBe(200);
    expect(dict.provenance.model.scenarios).toBe(40);
  });

  it("requires a scenario for model rows and names the row", () => {
    expect(() => toMiningRows([{ id: "x", output: "text" }], "model.jsonl", true)).toThrow(InputError);
    expect(() => toMiningRows([{ id: "x", output: "text" }], "model.jsonl", true)).toThrow(/model\.jsonl row 1/);
    expect(() => toMiningRows([{ id: "x" } as never], "m.jsonl", false)).toThrow(/needs a string "output"/);
    expect(toMiningRows([{ id: "x", text: "t", group_id: "g" } as never], "m", true)[0].scenario).toBe("g");
  });

  it("frames a hub with the grammar word that carries the habit, never an article or pronoun (issue 17)", () => {
    // The seed allows "The scent was strong": "the scent" is the noun's grammar, "scent of" the habit.
    expect(dict.frames.filter((f) => ["the", "a", "an", "her", "his", "she", "he"].includes(f.grammar))).toEqual([]);
    expect(dict.frames.some((f) => f.hub === "scent" && f.grammar === "of")).toBe(true);
  });

  it("mines over-used opener templates and leaves shared openers alone (issue 17)", () => {
    const templates = dict.openerTemplates.map((t) => t.template);
    // "Her heart hammered…" opens model sentences only; "The old farmer…" opens both equally.
    expect(templates).toContain("her heart");
    expect(templates).toContain("her heart hammer");
    expect(templates.some((t) => t.startsWith("the old"))).toBe(false);
    const entry = dict.openerTemplates.find((t) => t.template === "her heart")!;
    expect(entry.ratio).toBeGreaterThanOrEqual(DEFAULT_MINE_OPTIONS.openerTemplates.minRatio);
    expect(entry.weight).toBeGreaterThan(0);
    expect(entry.scenarioShare).toBeGreaterThanOrEqual(DEFAULT_MINE_OPTIONS.openerTemplates.minScenarioShare);
  });

  it("calibrates the opener guard at the human 99th percentile, above the seed's p75", () => {
    const o = dict.calibration.openers;
    expect(o.hhi.humanP99).toBeGreaterThanOrEqual(o.hhi.humanP75);
    expect(o.repeatRate.humanP99).toBeGreaterThanOrEqual(o.repeatRate.humanP75);
  });

  it("uses the defaults the seed names", () => {
    expect(DEFAULT_MINE_OPTIONS.collocations.minScenarioShare).toBe(0.05);
    expect(DEFAULT_MINE_OPTIONS.collocations.frameMinRatio).toBe(7);
    expect(DEFAULT_MINE_OPTIONS.collocations.excessMinRatio).toBe(8);
    expect(DEFAULT_MINE_OPTIONS.collocations.excessMinScenarioShare).toBe(0.2);
    expect(DEFAULT_MINE_OPTIONS.phrases.minHumanRatio).toBe(2.5);
  });
});

describe("lemmas in mining (issue 17)", () => {
  it("lists the model's over-used verb 'stare', not 'star', as an excess word", async () => {
    const rng = createRng("stare-test");
    const model: MiningRow[] = [];
    for (let g = 0; g < 30; g++) {
      for (let r = 0; r < 4; r++) {
        const parts = scene(rng, 20);
        for (let k = 0; k < 3; k++) parts.splice(rng.int(parts.length), 0, rng.next() < 0.5 ? "She stared at the wall." : "He kept staring at the door.");
        model.push({ text: parts.join(" "), scenario: `g${g}`, source: "model", prompt: "" });
      }
    }
    const human: MiningRow[] = [];
    for (let d = 0; d < 120; d++) {
      const parts = scene(rng, 20);
      if (d % 4 === 0) parts.push("The stars came out over the field.");
      human.push({ text: parts.join(" "), scenario: `h${d}`, source: "human", prompt: "" });
    }
    const words = (await mineDictionary(model, human)).excessWords.map((w) => w.word);
    expect(words).toContain("stare");
    expect(words).not.toContain("star");
  });
});
