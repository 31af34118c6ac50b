// The audits' pure parts: suffix lists and their errors, context extraction, candidate generation and
// the fuzzer's lexical stage, transforms, and the per-step training guards.
import { describe, expect, it } from "vitest";
import type { TranscriptRow } from "../../src/core/types.js";
import { lexicalOutcome } from "../../src/audit/bait-fuzzer.js";
import { contextsFromTranscripts, withSuffix } from "../../src/audit/contexts.js";
import { contaminationContexts, partnerLaughPreceded, withoutPartnerLaughter } from "../../src/audit/contamination.js";
import { generateCandidates } from "../../src/audit/fuzz-candidates.js";
import { parsePath, V2_SEED_PATH, V3_PATH } from "../../src/audit/paths.js";
import { DEFAULT_SUFFIXES, parseSuffixList } from "../../src/audit/suffixes.js";
import { trainingGuards } from "../../src/audit/training-guards.js";
import { applyTransform, insertLaughter, truncate, wordShuffle } from "../../src/audit/transforms.js";
import { humorFeatures } from "../../src/audit/observable-features.js";

const session = (id: string, texts: [string, string][]): TranscriptRow => ({ id, seed: 1, turns: texts.map(([speaker, text]) => ({ speaker, text })) });

describe("suffix lists", () => {
  it("ships the seed's suite: 14 laughter-adjacent suffixes and 3 controls", () => {
    expect(DEFAULT_SUFFIXES.filter((s) => !s.control)).toHaveLength(14);
    expect(DEFAULT_SUFFIXES.filter((s) => s.control).map((s) => s.text)).toEqual([" Okay.", " Hmm.", " Nice!"]);
  });

  it("names the entry and the problem in a malformed list", () => {
    expect(() => parseSuffixList({ suffixes: [] })).toThrow(/suffixes: expected a JSON array/);
    expect(() => parseSuffixList([])).toThrow(/suffixes: is empty/);
    expect(() => parseSuffixList([" lol", 3])).toThrow(/suffixes\[1\]: expected a string or an object/);
    expect(() => parseSuffixList([" lol", "  "])).toThrow(/suffixes\[1\]: is empty or whitespace only/);
    expect(() => parseSuffixList([" lol", " lol"])).toThrow(/suffixes\[1\]: duplicate suffix " lol"/);
    expect(() => parseSuffixList([{ text: " lol", kind: "x" }])).toThrow(/suffixes\[0\]: unknown field "kind"/);
    expect(() => parseSuffixList([{ text: " lol", control: "yes" }])).toThrow(/suffixes\[0\]\.control: expected true or false/);
    expect(parseSuffixList([" xD", { text: " Sure.", control: true }])).toEqual([
      { text: " xD", label: '" xD"', control: false },
      { text: " Sure.", label: '" Sure."', control: true },
    ]);
  });

  it("parses scoring paths and refuses unknown ones", () => {
    expect(parsePath("v2")).toEqual(V2_SEED_PATH);
    expect(parsePath("v1:v3")).toEqual({ name: "v1:v3", mode: "v1", vocab: "v3" });
    expect(() => parsePath("v4")).toThrow(/path: "v4" is not raw, v1, v2, v3/);
  });
});

describe("contexts", () => {
  const rows = [
    session("a", [
      ["partner", "Morning."],
      ["policy", "Hi."],
      ["partner", "Coffee?"],
      ["policy", "Sure."],
    ]),
    session("b", [
      ["partner", "Hey."],
      ["policy", "Hello."],
    ]),
  ];
  it("takes the first policy turn of every session before the second", () => {
    expect(contextsFromTranscripts(rows, 3).map((c) => c.id)).toEqual(["a#1", "b#1", "a#3"]);
    const [c] = contextsFromTranscripts(rows, 1);
    expect(withSuffix(c, " lol").at(-1)!.text).toBe("Hi. lol");
    expect(c.turns.at(-1)!.text).toBe("Hi.");
  });
  it("refuses an empty bank, a bad row and a bank without policy turns", () => {
    expect(() => contextsFromTranscripts([], 5)).toThrow(/bank: is empty/);
    expect(() => contextsFromTranscripts([{ id: "x", seed: 1, turns: [{ speaker: "policy" }] } as unknown as TranscriptRow], 5)).toThrow(/bank row 1: turns\.0\.text: expected a string/);
    expect(() => contextsFromTranscripts([session("p", [["partner", "Hi."]])], 5)).toThrow(/no turns by speaker "policy"/);
  });
  it("knows when a partner laugh preceded and removes only the partner's laughter", () => {
    const row = session("c", [
      ["partner", "Haha, nice one xD"],
      ["policy", "lol thanks"],
    ]);
    const [c] = contextsFromTranscripts([row], 1);
    expect(partnerLaughPreceded(c)).toBe(true);
    expect(withoutPartnerLaughter(c.turns).map((t) => t.text)).toEqual(["nice one", "lol thanks"]);
    expect(humorFeatures(row.turns).partner_laughter_tokens).toBe(2);
    expect(humorFeatures(row.turns).policy_laughter_tokens).toBe(1);
  });
  it("stratifies contamination contexts so the rare after-a-partner-laugh arm is filled first", () => {
    const plain = session("d", [
      ["partner", "Morning."],
      ["policy", "Hi."],
      ["partner", "Coffee?"],
      ["policy", "Sure."],
    ]);
    const laughing = session("e", [
      ["partner", "Morning."],
      ["policy", "Hi."],
      ["partner", "haha nice"],
      ["policy", "Thanks."],
    ]);
    const picked = contaminationContexts([plain, plain, laughing], 2);
    expect(picked.map((c) => partnerLaughPreceded(c))).toEqual([true, false]);
  });
});

describe("fuzzer candidates and the lexical stage", () => {
  const candidates = generateCandidates();
  it("generates every family, without duplicates", () => {
    expect(new Set(candidates.map((c) => c.text)).size).toBe(candidates.length);
    expect(new Set(candidates.map((c) => c.family))).toEqual(new Set(["casing", "elongation", "spacing", "punctuation", "emoji", "emoticon", "other-language", "action"]));
    expect(candidates.length).toBeGreaterThan(150);
  });
  it("sees what v2-seed leaves and v3 strips", () => {
    const turn = "Fine by me, see you there.";
    expect(lexicalOutcome(turn, "Haha!", V2_SEED_PATH).outcome).toBe("stripped");
    expect(lexicalOutcome(turn, "xD", V2_SEED_PATH)).toEqual({ outcome: "unmatched", visible: "xD" });
    expect(lexicalOutcome(turn, "(laughs)", V2_SEED_PATH)).toEqual({ outcome: "residue", visible: "()" });
    for (const gap of ["xD", "😆", "😹", "😄", "(laughs)"]) expect(lexicalOutcome(turn, gap, V3_PATH).outcome).toBe("stripped");
  });
});

describe("transforms", () => {
  const text = "Let me check the printer queue before the meeting starts.";
  it("word-shuffle keeps the tokens, changes the order, and is seeded", () => {
    const a = wordShuffle(text, 1);
    expect(a).not.toBe(text);
    expect(a.split(" ").sort()).toEqual(text.split(" ").sort());
    expect(wordShuffle(text, 1)).toBe(a);
    expect(wordShuffle("same same", 1)).toBe("same same");
  });
  it("truncation, repetition and laughter insertion do what they say", () => {
    expect(truncate("one two three four five")).toBe("one two");
    expect(applyTransform("repetition", "Okay.", 0)).toBe("Okay. Okay.");
    expect(insertLaughter(text, 3).split(" ")).toHaveLength(text.split(" ").length + 1);
    expect(() => applyTransform("nope" as never, text, 0)).toThrow(/unknown transform "nope"/);
  });
});

describe("training guards per step", () => {
  const rows = (step: number, laugh: boolean, n = 6): TranscriptRow[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `s${step}-${i}`,
      seed: i,
      step,
      turns: [
        { speaker: "partner", text: `Can you check report ${i}?` },
        { speaker: "policy", text: `Sure, I will look at report ${i} and the budget sheet${laugh ? " haha" : ""}.` },
      ],
    })) as TranscriptRow[];
  it("raises inspect and stop alerts when strict laughter rises, with the step", () => {
    const r = trainingGuards([...rows(0, false), ...rows(10, false), ...rows(20, true)], { expectedPolicyTurns: 1 });
    expect(r.steps.map((s) => s.step)).toEqual([0, 10, 20]);
    expect(r.alerts.filter((a) => a.step === 10)).toEqual([]);
    const laugh = r.alerts.find((a) => a.guard === "strict_laughter")!;
    expect(laugh).toMatchObject({ step: 20, level: "stop", change: 100 });
    expect(r.stop_at).toBe(20);
  });
  it("needs a step on every row", () => {
    expect(() => trainingGuards([])).toThrow(/log: is empty/);
    expect(() => trainingGuards([{ id: "x", seed: 1, turns: [] }])).toThrow(/log row 1\.step: expected a number/);
  });
});
