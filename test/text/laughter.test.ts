import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { hashOf } from "../../src/core/hash.js";
import { createRng } from "../../src/core/random.js";
import type { Turn } from "../../src/core/types.js";
import { LAUGHTER_VOCAB_VERSIONS, compileLaughterVocab, containsLaughter, findLaughter, laughterVocabHash, loadLaughterVocab, normalizeTranscriptLaughter, stripLaughter } from "../../src/text/laughter/index.js";

const v2 = loadLaughterVocab("v2-seed");
const v3 = loadLaughterVocab("v3");
const CONTEXT = "Sure, I can take the printer queue after lunch.";

// Seed 000 §3: the bait suffixes and what instrument v2 did with each.
const SEED_CLOSED = [" Haha!", " lol", " hahaha", " LOL", " heh", " lmfao", " 😂", " 🤣", " *laughs*", " haha"];
const SEED_OPEN = [" xD", " 😆", " 😹", " 😄"];

describe("v2-seed reproduces the seed's instrument v2, gaps included", () => {
  it.each(SEED_CLOSED)("closes %j", (suffix) => {
    expect(stripLaughter(CONTEXT + suffix, v2).text).toBe(CONTEXT);
  });
  it.each(SEED_OPEN)("misses %j", (suffix) => {
    const r = stripLaughter(CONTEXT + suffix, v2);
    expect(r.removed).toEqual([]);
    expect(r.text).toBe(CONTEXT + suffix);
    expect(containsLaughter(suffix, v2)).toBe(false);
  });
  it('only partly closes " (laughs)": the word goes, an empty "()" stage direction stays', () => {
    const r = stripLaughter(CONTEXT + " (laughs)", v2);
    expect(r.removed).toEqual(["laughs"]);
    expect(r.text).toBe(CONTEXT + " ()");
  });
  it("misses elongations and other languages", () => {
    for (const s of ["hahahahaha", "loool", "lmaooo", "jajaja", "ㅋㅋㅋ", "(giggles)"]) expect(containsLaughter(s, v2)).toBe(false);
  });
});

describe("v3 closes the gaps", () => {
  it.each([...SEED_CLOSED, ...SEED_OPEN, " (laughs)"])("closes %j", (suffix) => {
    expect(stripLaughter(CONTEXT + suffix, v3).text).toBe(CONTEXT);
  });

  // One example per entry: adding an entry without an example here fails the completeness check below.
  const EXAMPLES: Record<string, string[]> = {
    action: ["*laughs*", "(laughs)", "[laughter]", "*chuckles*", "(giggles)", "*laughs softly*", "(both laugh)", "*bursts out laughing*", "[audience laughter]", "（笑いながら laughs）", "_snickers_", "<laughs>", "<chuckles softly>"],
    haha: ["haha", "hahaha", "hahahaHAHA", "HAHAHA", "ahahaha", "mwahaha", "bwahahaha", "haaaahaha", "hahah"],
    ha: ["ha", "Ha", "hah", "HAH", "haaa"],
    he: ["hehe", "hehehe", "HEHEH"],
    heh: ["heh", "hehhh", "HEH"],
    hi: ["hihi", "hihihi"],
    ho: ["hohoho"],
    teehee: ["teehee", "teeheee"],
    lol: ["lol", "LOL", "loool", "lolol", "LoL"],
    lolz: ["lolz"],
    lul: ["lul"],
    lulz: ["lulz"],
    lel: ["lel"],
    kek: ["kek"],
    kekw: ["KEKW"],
    lmao: ["lmao", "lmaooo", "LMAO"],
    lmfao: ["lmfao", "LMFAOOO"],
    rofl: ["rofl", "ROFL"],
    roflmao: ["roflmao"],
    xd: ["xD", "XD", "xd", "XDDD"],
    "colon-d": [":D", ":DDD"],
    "colon-dash-d": [":-D"],
    "colon-tear-d": [":'D"],
    "equals-d": ["=D"],
    "semicolon-d": [";D"],
    "emoji-tears-of-joy": ["😂", "😂😂😂"],
    "emoji-rolling-on-floor": ["🤣"],
    "emoji-squinting": ["😆"],
    "emoji-cat-tears-of-joy": ["😹"],
    "emoji-grinning-smiling-eyes": ["😄"],
    "emoji-grinning": ["😀"],
    "emoji-sweat-smile": ["😅"],
    "emoji-beaming": ["😁"],
    "emoji-grinning-big-eyes": ["😃"],
    "emoji-grinning-cat": ["😸"],
    "emoji-skull": ["💀"],
    "es-jaja": ["jaja", "JAJAJA", "jajaj"],
    "es-jeje": ["jeje"],
    "pt-kkkk": ["kkkk", "KKKKKK"],
    "pt-rsrs": ["rsrs", "rsrsrs"],
    "id-wkwk": ["wkwk", "wkwkwk"],
    "fr-mdr": ["mdr"],
    "fr-ptdr": ["ptdr"],
    "ru-xaxa": ["хаха", "ахаха", "ХАХАХА"],
    "ko-kieuk": ["ㅋㅋ", "좋아ㅋㅋㅋ"],
    "ko-hieuh": ["ㅎㅎ"],
    "ja-www": ["www", "wwwww"],
    "ja-www-fullwidth": ["ｗｗｗ"],
    "ja-warau": ["(笑)"],
    "ja-warau-fullwidth": ["（笑）"],
    "ja-kusa": ["草", "草草"],
    "zh-haha": ["哈哈", "哈哈哈"],
    "zh-hehe": ["呵呵"],
    "th-555": ["555", "55555"],
    "lol-elongated-l": ["lolll", "LOLLLL"],
    "colon-paren": [":)", ":)))"],
    "colon-dash-paren": [":-)"],
    "colon-p": [":P"],
    "colon-dash-p": [":-P"],
    "colon-small-p": [":p"],
    "semicolon-paren": [";)"],
    "semicolon-dash-paren": [";-)"],
    "equals-paren": ["=)"],
  };
  it("has an example for every entry", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(v3.data.entries.map((e) => e.id).sort());
  });
  it.each(Object.entries(EXAMPLES))("entry %s matches its examples", (id, examples) => {
    for (const ex of examples) {
      const spans = findLaughter(`ok ${ex} ok`, v3);
      expect(spans.length, ex).toBeGreaterThan(0);
      expect(spans.some((s) => s.entry === id) || id === "action", `${ex} → ${spans.map((s) => s.entry)}`).toBe(true);
    }
  });
  it("leaves ordinary words, smiles and look-alike contexts alone", () => {
    const innocent = [
      "I have had that hat.",
      "Hello, hi there!",
      "Aha, I see.",
      "holy hole",
      "lollipop lola",
      "Thelma laughs at him",
      "a grin and a smile 🙂",
      "visit www.example.com",
      "call 555-1234 or 555 1234",
      "这里有草地",
      "kkk",
      "Meh.",
      "the lmaox tool",
      "xdebug",
      "he said hey",
      "Haiku",
      "mdrn",
      "$555",
      "MDR-TB",
      "1,200 ha of farmland",
      "2.9 t ha⁻¹",
      "ha'pennies",
      "Ha’lel",
      "lull",
      "loll",
      "a laughing-stock of a plan",
      "* The voice laughed, a sound like cracking bones. *",
    ];
    for (const s of innocent)
      expect(
        findLaughter(s, v3).map((x) => x.text),
        s,
      ).toEqual([]);
  });
});

describe("findLaughter", () => {
  it("returns non-overlapping spans with offsets and the matching entry", () => {
    const text = "Ha! That's great lol 😂 *chuckles*";
    const spans = findLaughter(text, v3);
    expect(spans.map((s) => [s.text, s.entry, s.family])).toEqual([
      ["Ha", "ha", "word"],
      ["lol", "lol", "word"],
      ["😂", "emoji-tears-of-joy", "emoji"],
      ["*chuckles*", "action", "action"],
    ]);
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
  it("agrees with a plain scan of the full pattern on random laughter-heavy strings", () => {
    const rng = createRng("laughter-scan-equivalence");
    const pieces = [
      "ha",
      "HA",
      "he",
      "h",
      "a",
      "lo",
      "l",
      "o",
      "x",
      "D",
      ":",
      "*",
      "(",
      ")",
      "laughs",
      " ",
      " ",
      ".",
      "!",
      "é",
      "ж",
      "х",
      "а",
      "😂",
      "😆",
      "\uFE0F",
      "ㅋ",
      "草",
      "字",
      "5",
      "-",
      "w",
      ".",
      "k",
      "j",
      "_",
      "[",
      "]",
      "teehee",
      "rofl",
      "1",
    ];
    for (let trial = 0; trial < 2000; trial++) {
      const text = Array.from({ length: 1 + rng.int(24) }, () => rng.pick(pieces)).join("");
      for (const vocab of [v2, v3]) {
        const expected = [...text.matchAll(new RegExp(vocab.pattern))].map((m) => [m.index, m[0]]);
        expect(
          findLaughter(text, vocab).map((s) => [s.start, s.text]),
          text,
        ).toEqual(expected);
      }
    }
  });
});

describe("stripLaughter", () => {
  it.each([
    ["Haha! Sure.", "Sure."],
    ["Sure thing. Haha!", "Sure thing."],
    ["That's funny haha.", "That's funny."],
    ["lol, that's funny", "that's funny"],
    ["Sure, haha, whatever", "Sure, whatever"],
    ["Nice one! (laughs) Next.", "Nice one! Next."],
    ["Great 😂😂 see you", "Great see you"],
    ["(lol) ok", "ok"],
    ["**laughs** fine", "fine"],
    ["line one lol\nline two", "line one\nline two"],
    ['"Haha, sure," she said.', '"sure," she said.'],
    ['He grinned. "Haha!" Then he left.', "He grinned. Then he left."],
  ])("%j → %j (v3)", (input, expected) => {
    expect(stripLaughter(input, v3).text).toBe(expected);
  });
  it("flags all-laughter text and lists what it removed", () => {
    expect(stripLaughter("Hahaha! 😂 *laughs*", v3)).toEqual({ text: "", removed: ["Hahaha", "😂", "*laughs*"], allLaughter: true });
    expect(stripLaughter("lol ok", v3).allLaughter).toBe(false);
    expect(stripLaughter("no laughter here", v3)).toEqual({ text: "no laughter here", removed: [], allLaughter: false });
  });
  it("does not call text without cues all-laughter", () => {
    expect(stripLaughter("...", v3).allLaughter).toBe(false);
  });
});

describe("normalizeTranscriptLaughter", () => {
  const turns: Turn[] = [
    { speaker: "partner", text: "The printer ate my report again haha" },
    { speaker: "policy", text: "Classic printer. lol" },
    { speaker: "partner", text: "HAHAHA 😂" },
    { speaker: "policy", text: "*laughs*" },
  ];

  it("none returns equal copies", () => {
    const out = normalizeTranscriptLaughter(turns, { mode: "none" });
    expect(out).toEqual(turns);
    expect(out[0]).not.toBe(turns[0]);
  });
  it("v1 strips the policy's turns only", () => {
    expect(normalizeTranscriptLaughter(turns, { mode: "v1", vocab: v3 }).map((t) => t.text)).toEqual(["The printer ate my report again haha", "Classic printer.", "HAHAHA 😂", "…"]);
  });
  it("v2 strips every speaker and turns an all-laughter turn into …", () => {
    expect(normalizeTranscriptLaughter(turns, { mode: "v2", vocab: v3 }).map((t) => t.text)).toEqual(["The printer ate my report again", "Classic printer.", "…", "…"]);
  });
  it("honours a custom policy speaker, keeps other fields and never mutates its input", () => {
    const custom: Turn[] = [
      { speaker: "bot", text: "lol yes", meta: { j: 1 } },
      { speaker: "policy", text: "lol" },
    ];
    const before = structuredClone(custom);
    const out = normalizeTranscriptLaughter(custom, { mode: "v1", vocab: v3, policySpeaker: "bot" });
    expect(out).toEqual([
      { speaker: "bot", text: "yes", meta: { j: 1 } },
      { speaker: "policy", text: "lol" },
    ]);
    expect(custom).toEqual(before);
  });
  it("v2-seed leaves its gaps in the audience input", () => {
    const out = normalizeTranscriptLaughter([{ speaker: "partner", text: "xD 😆" }], { mode: "v2", vocab: v2 });
    expect(out[0].text).toBe("xD 😆");
  });
  it("refuses a stripping mode without a vocabulary, and unknown modes", () => {
    expect(() => normalizeTranscriptLaughter(turns, { mode: "v2" })).toThrow(InputError);
    expect(() => normalizeTranscriptLaughter(turns, { mode: "v9" as "v2", vocab: v3 })).toThrow(/v9/);
  });
});

describe("vocabulary data", () => {
  it("ships the two versions with distinct, stable content hashes", () => {
    expect([...LAUGHTER_VOCAB_VERSIONS]).toEqual(["v2-seed", "v3"]);
    expect(v2.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(v2.hash).not.toBe(v3.hash);
    expect(laughterVocabHash("v3")).toBe(hashOf(v3.data));
    expect(v2.version).toBe("v2-seed");
  });
  it("compiles a user vocabulary and rejects bad ones naming the field", () => {
    const custom = compileLaughterVocab({
      version: "mine",
      description: "test",
      residue: { emptyBrackets: true },
      entries: [{ id: "jk", family: "word", kind: "word", text: "jk", caseInsensitive: true }],
    });
    expect(stripLaughter("JK, fine", custom).text).toBe("fine");
    expect(() => compileLaughterVocab({ version: "x", description: "", residue: { emptyBrackets: true }, entries: [{ id: "a", family: "word", kind: "word" }] })).toThrow(/entries\.0\.text/);
    expect(() =>
      compileLaughterVocab({
        version: "x",
        description: "",
        residue: { emptyBrackets: true },
        entries: [
          { id: "a", family: "word", kind: "word", text: "a" },
          { id: "a", family: "word", kind: "word", text: "b" },
        ],
      }),
    ).toThrow(/duplicate id "a"/);
    expect(() => loadLaughterVocab("v4" as "v3")).toThrow(/unknown version "v4"/);
  });
});
