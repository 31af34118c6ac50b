// Parity with the official IFEval checker (google-research instruction_following_eval, strict mode)
// on the real GPT-4 baseline responses of ../shared/data. The fixture holds, per prompt key, the
// official verdicts, NLTK Punkt's sentence count and Python langdetect's language, computed by running
// the official checker (Python 3.11, nltk 3.8 with the English Punkt model, langdetect 1.0.9 seeded 0,
// absl 0.15) outside this repository; see docs/cherrl.md "Parity with the official checkers".
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { IFEVAL_CHECKS } from "../../src/judges/ifeval/checks.js";
import { detectLanguage } from "../../src/judges/ifeval/langdetect.js";
import { countSentences, splitSentences } from "../../src/judges/ifeval/punkt.js";
import { verifyConstraints, type ConstraintPrompt } from "../../src/judges/ifeval/verifier.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

interface Official {
  key: number;
  follow_instruction_list: boolean[];
  sentences: number;
  language: string | null;
}

describe("official IFEval semantics", () => {
  it("change_case needs the response's detected language to be English: a bare YES or A is not", () => {
    expect(IFEVAL_CHECKS["change_case:english_capital"]("YES", {})).toBe(false);
    expect(IFEVAL_CHECKS["change_case:english_capital"]("A", {})).toBe(false);
    expect(IFEVAL_CHECKS["change_case:english_capital"]("THIS IS AN ANSWER WRITTEN IN CAPITAL LETTERS, AS THE TASK ASKED.", {})).toBe(true);
    expect(IFEVAL_CHECKS["change_case:english_lowercase"]("etchings", {})).toBe(false);
    expect(IFEVAL_CHECKS["change_case:english_lowercase"]("this whole answer is in lower case, as the prompt asked for it.", {})).toBe(true);
    // Python's islower needs at least one cased letter.
    expect(IFEVAL_CHECKS["change_case:english_lowercase"]("123 ...", {})).toBe(false);
  });

  it("counts sentences in an all-lower-case response and inside quotes as Punkt does", () => {
    expect(countSentences("so, there i was. the earth isn't flat. i know, right? sounds crazy.")).toBe(4);
    expect(splitSentences('"Well, it\'s quite simple. They make up everything!" he said. Then he left.')).toEqual(["\"Well, it's quite simple.", 'They make up everything!"', "he said.", "Then he left."]);
    // Abbreviations, initials and list numbers are not breaks.
    expect(countSentences("Mr. Smith met Dr. Jones at 5 p.m. on Friday. They talked.")).toBe(2);
    expect(countSentences("Pargament, K. I., Hood, R. W., and Spilka, B. wrote it.")).toBe(1);
  });

  it("detects a short Italian haiku as Italian", () => {
    expect(detectLanguage("Nave bianca danza\nsul mare in notte stellata\nun sogno naviga")).toBe("it");
    expect(IFEVAL_CHECKS["language:response_language"]("Nave bianca danza\nsul mare in notte stellata\nun sogno naviga", { language: "it" })).toBe(true);
    // No letters at all: the official checker cannot detect and lets it pass.
    expect(IFEVAL_CHECKS["language:response_language"]("1234 !!", { language: "fr" })).toBe(true);
  });
});

describe.skipIf(!hasSharedData)(`agreement with the official checker on the GPT-4 baseline responses (${hasSharedData ? "" : sharedDataSkipReason})`, () => {
  const official = readFileSync(new URL("./fixtures/ifeval-official-gpt4-baseline.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Official);
  const prompts = new Map<number, ConstraintPrompt & { key: number; prompt: string }>();
  const lines = () => readFileSync(sharedPath("rubric/ifeval_prompts.jsonl"), "utf8").split("\n").filter(Boolean);
  if (hasSharedData)
    for (const l of lines()) {
      const p = JSON.parse(l);
      prompts.set(p.key, p);
    }
  const responses = new Map<number, string>();
  if (hasSharedData) {
    const byPrompt = new Map([...prompts.values()].map((p) => [p.prompt, p.key]));
    for (const l of gunzipSync(readFileSync(sharedPath("hacking_runs/ifeval_responses_gpt4_baseline.jsonl.gz")))
      .toString("utf8")
      .split("\n")
      .filter(Boolean)) {
      const r = JSON.parse(l) as { prompt: string; response: string };
      const key = byPrompt.get(r.prompt);
      if (key !== undefined) responses.set(key, r.response);
    }
  }

  it("agrees on at least 99.7% of instruction verdicts", () => {
    let n = 0;
    let agree = 0;
    for (const o of official) {
      const response = responses.get(o.key)!;
      const v = verifyConstraints(prompts.get(o.key)!, response);
      o.follow_instruction_list.forEach((verdict, i) => {
        n++;
        // Strict mode: an empty response follows nothing.
        const mine = response.trim() ? v.results[i].met : false;
        if (mine === verdict) agree++;
      });
    }
    expect(n).toBe(832);
    expect(agree / n).toBeGreaterThanOrEqual(0.997);
  });

  it("counts the same number of sentences as Punkt in every response, and detects the same language in ≥ 99%", () => {
    const sentenceMismatch = official.filter((o) => countSentences(responses.get(o.key)!) !== o.sentences);
    expect(sentenceMismatch.map((o) => o.key)).toEqual([]);
    const sameLanguage = official.filter((o) => detectLanguage(responses.get(o.key)!) === o.language).length;
    expect(sameLanguage / official.length).toBeGreaterThanOrEqual(0.99);
  });
});
