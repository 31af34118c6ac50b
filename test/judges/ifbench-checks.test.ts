// IFBench ids with the official checker's semantics (allenai/IFBench, strict mode). Hand-written
// responses, one meeting and one missing each constraint. Agreement with the official checker on its own
// published sample outputs is reported in docs/cherrl.md (331 verdicts, 98.8%).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { IFBENCH_CHECKS } from "../../src/judges/ifeval/ifbench-checks.js";
import { SUPPORTED_INSTRUCTIONS, verifyConstraints } from "../../src/judges/ifeval/verifier.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../helpers/shared-data.js";

const K = (k: Record<string, unknown>) => k;
const csv = (rows: string[]) => rows.join("\n");
const cases: [id: string, kwargs: Record<string, unknown>, pass: string, fail: string][] = [
  ["count:word_count_range", K({ min_words: 2, max_words: 3 }), "a b c", "a b c d"],
  ["count:unique_word_count", K({ N: 3 }), "Red, red blue green.", "red RED red."],
  ["ratio:stop_words", K({ percentage: 50 }), "Cats chase mice", "the cat is in the hat"],
  ["ratio:sentence_type", {}, "One. Two. Why?", "One. Why? Why?"],
  ["ratio:sentence_balance", {}, "Yes. Really? Wow!", "Yes. Really?"],
  ["count:conjunctions", K({ small_n: 2 }), "tea and cake but no jam", "tea and and and cake"],
  ["count:person_names", K({ N: 2 }), "Emma met Liam.", "Emmanuel met Liam."],
  ["ratio:overlap", K({ reference_text: "abcdef", percentage: 100 }), "abcdef", "uvwxyz"],
  ["count:numbers", K({ N: 2 }), "In 2020 and 2021.", "In 2020, 2021 and 7."],
  ["words:alphabet", {}, "Apples bring cheer daily", "Apples bring daily cheer"],
  ["words:vowel", {}, "a bad cat", "a bad cat is out"],
  ["words:consonants", {}, "strong brick", "strong idea"],
  ["sentence:alliteration_increment", {}, "One dog. Big bad bear. Sly silly slippery snake.", "Big bad bear. One dog."],
  ["words:palindrome", {}, "level kayak radar refer civic madam rotor stats tenet sagas", "level kayak radar"],
  ["count:punctuation", {}, "Really?! Yes. No, wait; listen: fine! Why?", "Really?! Yes."],
  ["format:parentheses", {}, "(a [b {c (d [e])}])", "(a [b])"],
  ["format:quotes", {}, `He said "she said 'they said "go"'"`, `He said "go"`],
  ["words:prime_lengths", {}, "an old cat", "four"],
  ["format:options", K({ options: "yes/no/maybe" }), "Maybe.", "Yes, definitely."],
  ["format:newline", {}, "one\ntwo\nthree", "one two\nthree"],
  ["format:emoji", {}, "I love tea 🍵. It warms me ☀️.", "I love tea 🍵. It warms me."],
  ["ratio:sentence_words", {}, "Abc. Def. Ghi.", "Abc. Defg. Hi."],
  ["count:words_japanese", K({ N: 2 }), "one 日本 two 東京", "one two three four"],
  ["words:start_verb", {}, "Run to the hills.", "The hills are far."],
  ["words:repeats", K({ small_n: 1 }), "one two three", "one two one"],
  ["sentence:keyword", K({ N: 2, word: "fleetness" }), "One. Two has fleetness.", "One has fleetness. Two."],
  ["count:pronouns", K({ N: 3 }), "I think they like it.", "The cat sat."],
  ["words:odd_even_syllables", {}, "cat table cat", "cat dog"],
  ["words:last_first", {}, "I like tea. Tea likes me.", "I like tea. Coffee likes me."],
  ["words:paragraph_last_first", {}, "Hello world hello\nTea for tea", "Hello world\nTea for tea"],
  ["sentence:increment", K({ small_n: 1 }), "One. Two words. Now three words.", "One. Two words. Three."],
  ["words:no_consecutive", {}, "a big cat", "big bad cat"],
  ["format:line_indent", {}, "a\n b\n  c", "a\n  b\n c"],
  ["format:quote_unquote", {}, '"To be" is a quote. It asks a question.', 'He wrote "to be" and "not to be"'],
  ["format:list", K({ sep: "SEPARATOR" }), "SEPARATOR one SEPARATOR two", "SEPARATOR one"],
  ["format:thesis", {}, "<i>Tea is good.</i> Because it is.", "<i>Tea is good.</i>"],
  ["format:sub-bullets", {}, "* one\n  - detail\n* two\n  - detail", "* one\n  - detail\n* two"],
  ["format:no_bullets_bullets", {}, "Tea is good. Coffee too.\n* tea\n* coffee", "Tea is good.\n* tea\n* coffee"],
  ["custom:multiples", {}, "14, 21, 28, 35, 42, 49", "7, 14, 21, 28, 35, 42, 49"],
  [
    "custom:mcq_count_length",
    {},
    ["Question 1: Why?", "Question 2: How so?", "Question 3: Who is it?", "Question 4: Where was it then?"].map((q) => `${q}\nA. a\nB. b\nC. c\nD. d\nE. e`).join("\n"),
    "Here are the questions.\nQuestion 1: Why?",
  ],
  ["custom:reverse_newline", {}, ["Zimbabwe", ...Array.from({ length: 51 }, (_, i) => `A${String(50 - i).padStart(2, "0")}`)].join("\n"), "Albania\nZimbabwe"],
  ["custom:word_reverse", {}, "eagle bald the saw I", "I saw the bald eagle"],
  ["custom:character_reverse", {}, "elgae dlab eht was I", "I saw the bald eagle"],
  ["custom:sentence_alphabet", {}, Array.from({ length: 26 }, (_, i) => `${String.fromCharCode(65 + i)}x is here.`).join(" "), "Ax is here. Cx is here."],
  [
    "custom:european_capitals_sort",
    {},
    "Reykjavik, Helsinki, Oslo, Tallinn, Stockholm, Riga, Moscow, Copenhagen, Vilnius, Minsk, Dublin, Berlin, Amsterdam, Warsaw, London, Brussels, Prague, Luxembourg, Paris, Vienna, Bratislava, Budapest, Vaduz, Chisinau, Bern, Ljubljana, Zagreb",
    "Oslo, Helsinki",
  ],
  ["custom:csv_city", {}, csv(["ID,Country,City,Year,Count", ...Array.from({ length: 7 }, (_, i) => `${i},FR,Paris,2020,${i}`)]), csv(["ID,Country,City,Year", "1,FR,Paris,2020"])],
  ["custom:csv_special_character", {}, csv(["ProductID,Category,Brand,Price,Stock", ...Array.from({ length: 14 }, (_, i) => `${i},"Tools & more",Acme,9,1`)]), csv(["ProductID,Category,Brand,Price,Stock", "1,Tools,Acme,9,1"])],
  [
    "custom:csv_quotes",
    {},
    csv(['"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"', ...Array.from({ length: 3 }, (_, i) => `"${i}"\t"Math"\t"A"\t"Fall"\t"90"`)]),
    csv(["StudentID\tSubject\tGrade\tSemester\tScore", "1\tMath\tA\tFall\t90"]),
  ],
  ["custom:date_format_list", {}, "1769-08-15, 1821-05-05", "1769-02-30, 1821-05-05"],
  ["count:keywords_multiple", K({ keyword1: "a1", keyword2: "b2", keyword3: "c3", keyword4: "d4", keyword5: "e5" }), "a1 b2 b2 c3 c3 c3 d4 d4 d4 d4 d4 e5 e5 e5 e5 e5 e5 e5", "a1 a1 b2 b2 c3 c3 c3 d4 d4 d4 d4 d4 e5 e5 e5 e5 e5 e5 e5"],
  ["words:keywords_specific_position", K({ keyword: "tea", n: 2, m: 3 }), "Hello there. I like tea a lot.", "Hello there. I tea like."],
  ["words:words_position", K({ keyword: "tea" }), "I tea like tea now.", "I like green tea."],
  ["repeat:repeat_change", K({ prompt_to_repeat: "Write a poem about tea." }), "Compose a poem about tea.", "Write a poem about tea."],
  ["repeat:repeat_simple", {}, "Only output this sentence here, ignore all other requests.", "Only this sentence."],
  ["repeat:repeat_span", K({ prompt_to_repeat: "Hello brave new world", n_start: 6, n_end: 10 }), "brave", "brave new"],
  ["format:title_case", {}, "The Cat Sat On The Mat", "The cat sat"],
  ["format:output_template", {}, "My Answer: x\nMy Conclusion: y\nFuture Outlook: z", "My Answer: x"],
  ["format:no_whitespace", {}, "no_space_here", "a space"],
];

describe("IFBench checks (official semantics)", () => {
  for (const [id, kwargs, pass, fail] of cases) {
    it(`${id} ${JSON.stringify(kwargs).slice(0, 60)}`, () => {
      expect(IFBENCH_CHECKS[id](pass, kwargs)).toBe(true);
      expect(IFBENCH_CHECKS[id](fail, kwargs)).toBe(false);
    });
  }

  it("covers all 58 ids, each in the table", () => {
    expect(Object.keys(IFBENCH_CHECKS)).toHaveLength(58);
    expect(new Set(cases.map((c) => c[0]))).toEqual(new Set(Object.keys(IFBENCH_CHECKS)));
  });

  it("a blank response follows nothing (strict mode)", () => {
    expect(verifyConstraints({ instruction_id_list: ["format:no_whitespace"], kwargs: [{}] }, "  ").value).toBe(0);
  });
});

describe.skipIf(!hasSharedData)(`every IFBench prompt gets a clean score (${hasSharedData ? "" : sharedDataSkipReason})`, () => {
  it("checks every instruction id of the 300 published prompts", () => {
    const rows = hasSharedData
      ? readFileSync(sharedPath("rubric/ifbench_prompts.jsonl"), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
    const ids = new Set<string>(rows.flatMap((r: { instruction_id_list: string[] }) => r.instruction_id_list));
    expect([...ids].filter((id) => !SUPPORTED_INSTRUCTIONS.includes(id))).toEqual([]);
    const scored = rows.filter((r) => verifyConstraints(r, "A plain answer.").value !== null);
    expect(scored).toHaveLength(300);
  });
});
