import { describe, expect, it } from "vitest";
import { IFEVAL_CHECKS } from "../../src/judges/ifeval/checks.js";
import { IFBENCH_CHECKS } from "../../src/judges/ifeval/ifbench-checks.js";
import { detectLanguage } from "../../src/judges/ifeval/langdetect.js";
import { verifyConstraints } from "../../src/judges/ifeval/verifier.js";

// One passing and one failing hand-written response per IFEval instruction id.
const cases: [id: string, kwargs: Record<string, unknown>, pass: string, fail: string][] = [
  ["punctuation:no_comma", {}, "No commas here.", "One, two."],
  ["length_constraints:number_words", { relation: "at least", num_words: 5 }, "one two three four five", "one two three"],
  ["length_constraints:number_words", { relation: "less than", num_words: 3 }, "two words", "one two three"],
  ["length_constraints:number_sentences", { relation: "less than", num_sentences: 3 }, "First one. Second one.", "One. Two. Three."],
  ["keywords:forbidden_words", { forbidden_words: ["cat", "dog"] }, "A category of catalogues.", "My Dog sleeps."],
  ["detectable_format:number_highlighted_sections", { num_highlights: 2 }, "*one* and **two**", "*one* and ** **"],
  ["keywords:frequency", { keyword: "tea", relation: "at least", frequency: 2 }, "Tea and tea.", "Tea only."],
  ["combination:repeat_prompt", { prompt_to_repeat: "Say hi" }, "say hi\nHi!", "Hi! Say hi"],
  ["startend:quotation", {}, '  "quoted"  ', '"unbalanced'],
  ["change_case:english_lowercase", {}, "all lower case.", "Not lower."],
  ["keywords:existence", { keywords: ["apple", "pear"] }, "An Apple and a pear.", "Just an apple."],
  ["detectable_format:title", {}, "<<My Title>>\nbody", "<< >> no title"],
  ["keywords:letter_frequency", { letter: "z", let_relation: "at least", let_frequency: 2 }, "Zig zag", "zag"],
  ["detectable_format:number_bullet_lists", { num_bullets: 2 }, "* a\n- b\ntext", "* a\n* b\n* c"],
  ["language:response_language", { language: "de" }, "Das ist nicht die Antwort, die ich wollte, und sie ist zu kurz.", "This is not the answer I wanted and it is short."],
  ["detectable_content:number_placeholders", { num_placeholders: 2 }, "[name] lives at [address]", "[name] only"],
  ["length_constraints:number_paragraphs", { num_paragraphs: 2 }, "para one\n***\npara two", "one\n***\n\n***\ntwo"],
  ["startend:end_checker", { end_phrase: "Any other questions?" }, "Done. any other questions?  ", "Any other questions? Done."],
  ["detectable_content:postscript", { postscript_marker: "P.S." }, "Body.\nP.S. remember", "Body. PS remember"],
  ["detectable_content:postscript", { postscript_marker: "P.P.S" }, "Body.\nP.P.S later", "Body.\nP.S. later"],
  ["change_case:english_capital", {}, "THIS IS AN ANSWER WRITTEN IN CAPITAL LETTERS, AS THE TASK ASKED.", "ALL CAPS except this"],
  ["change_case:capital_word_frequency", { capital_relation: "less than", capital_frequency: 2 }, "Only ONE here", "TWO CAPS here"],
  ["combination:two_responses", {}, "first\n******\nsecond", "same\n******\nsame"],
  ["detectable_format:json_format", {}, '```json\n{"a": 1}\n```', "{a: 1}"],
  ["detectable_format:multiple_sections", { section_spliter: "Section", num_sections: 2 }, "Section 1\nintro\nSection 2\nmore", "Section 1 only"],
  ["length_constraints:nth_paragraph_first_word", { num_paragraphs: 2, nth_paragraph: 2, first_word: "then" }, "first.\n\nThen, more.", "first.\n\nNow more."],
  ["detectable_format:constrained_response", {}, "My answer is yes.", "Yes."],
];

describe("IFEval rule checks", () => {
  for (const [id, kwargs, pass, fail] of cases) {
    it(`${id} ${JSON.stringify(kwargs)}`, () => {
      expect(IFEVAL_CHECKS[id](pass, kwargs)).toBe(true);
      expect(IFEVAL_CHECKS[id](fail, kwargs)).toBe(false);
    });
  }

  it("covers every IFEval id in the test table", () => {
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(Object.keys(IFEVAL_CHECKS)));
  });

  it("tells apart languages that share a script", () => {
    expect(detectLanguage("मेरा नाम राम है और मैं दिल्ली में रहता हूँ।")).toBe("hi");
    expect(detectLanguage("माझे नाव राम आहे आणि मी पुण्यात राहतो.")).toBe("mr");
    expect(detectLanguage("Это не тот ответ, что я хотел, и он на русском.")).toBe("ru");
    expect(detectLanguage("Tôi là một sinh viên và tôi có những người bạn của tôi.")).toBe("vi");
  });
});

describe("IFBench subset", () => {
  it("checks count, format and word-level constraints", () => {
    expect(IFBENCH_CHECKS["count:word_count_range"]("a b c", { min_words: 2, max_words: 3 })).toBe(true);
    expect(IFBENCH_CHECKS["count:word_count_range"]("a b c d", { min_words: 2, max_words: 3 })).toBe(false);
    expect(IFBENCH_CHECKS["count:numbers"]("In 2020 and 2021.", { N: 2 })).toBe(true);
    expect(IFBENCH_CHECKS["format:no_whitespace"]("no_space_here", {})).toBe(true);
    expect(IFBENCH_CHECKS["format:no_whitespace"]("a space", {})).toBe(false);
    expect(IFBENCH_CHECKS["words:no_consecutive"]("a big cat", {})).toBe(true);
    expect(IFBENCH_CHECKS["words:no_consecutive"]("big bad cat", {})).toBe(false);
    expect(IFBENCH_CHECKS["custom:multiples"]("14 21 28 35 42 49", {})).toBe(true);
    expect(IFBENCH_CHECKS["sentence:keyword"]("One. Two has fleetness.", { N: 2, word: "fleetness" })).toBe(true);
  });
});

describe("verifyConstraints", () => {
  it("gives the share of constraints met and reports unsupported ids without passing them", () => {
    const v = verifyConstraints({ instruction_id_list: ["punctuation:no_comma", "change_case:english_lowercase", "custom:no_such_id"], kwargs: [{}, {}, {}] }, "Hello world");
    expect(v.value).toBe(0.5);
    expect(v.checked).toBe(2);
    expect(v.unsupported).toEqual(["custom:no_such_id"]);
  });

  it("has no clean score (null + error) when nothing is verifiable, and names missing kwargs", () => {
    const none = verifyConstraints({ instruction_id_list: ["custom:no_such_id"], kwargs: [{}] }, "Run!");
    expect(none.value).toBeNull();
    expect(none.error).toMatch(/no verifiable constraint/);
    const bad = verifyConstraints({ instruction_id_list: ["length_constraints:number_words"], kwargs: [{ relation: "at least" }] }, "x");
    expect(bad.results[0].problem).toMatch(/kwargs.num_words/);
  });
});
