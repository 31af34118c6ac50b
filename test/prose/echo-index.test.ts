// The echo screen (issue 20) may only rule out lines that echo nothing: with it, findEchoesFor must give
// the hits it gives matching every line. Users and reply lines are fuzzed from one small vocabulary
// (so many lines do echo), with contractions, titles, names, inverted questions, "_" and case.
import { describe, expect, it } from "vitest";
import { createRng } from "../../src/core/random.js";
import { dropNames, echoUser, findEchoesFor, HARDENED_ECHO_OPTIONS, SEED_ECHO_OPTIONS, type Segment } from "../../src/terms/prose/echo.js";
import { mayEcho, mayEchoNamed, mayEchoRaw } from "../../src/terms/prose/echo-index.js";

const WORDS = [
  "I",
  "you",
  "You're",
  "I'm",
  "am",
  "are",
  "Am",
  "Are",
  "a",
  "the",
  "coward",
  "crazy",
  "know",
  "don't",
  "can't",
  "it's",
  "what's",
  "love",
  "me",
  "my",
  "your",
  "mine",
  "yourself",
  "Sir",
  "captain",
  "Elena",
  "go",
  "home",
  "now",
  "never",
  "again",
  "constructor",
  "ma'am",
  "x_y",
  "n't",
  "do",
  "did",
  "he",
  "she",
  "they",
  "was",
  "sooo",
  "w-what",
  "I-I",
  // Read before normalizing: case, curly apostrophes, and what only the rewrites read right.
  "COWARD",
  "Coward",
  "DON’T",
  "You’re",
  "it‘s",
  "Nooo",
  "AAah",
  "İ",
  "\u212Aing",
  "KNOW",
  "Do",
];
const ENDS = [".", "?", "!", "", ",", "…", '?"', "”"];

function draws(seed: number) {
  const g = createRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(g.next() * xs.length)];
  const sentence = (max: number): string => Array.from({ length: 1 + Math.floor(g.next() * max) }, () => pick(WORDS)).join(" ") + pick(ENDS);
  return { g, pick, sentence };
}

describe("echo screen", () => {
  it("gives the hits of matching every line, on fuzzed users and replies", () => {
    const { g, pick, sentence } = draws(20);
    let hits = 0;
    let screened = 0;
    for (let u = 0; u < 150; u++) {
      const message = Array.from({ length: 1 + Math.floor(g.next() * 4) }, () => sentence(8)).join(" ");
      const user = echoUser(message, u % 2 ? new Set(["elena"]) : new Set());
      expect(user.index).not.toBeNull();
      const unscreened = { ...user, index: null };
      const userSentences = message.split(/(?<=[.!?…])\s+/);
      const segments: Segment[] = Array.from({ length: 40 }, (_, k) => {
        // Half the lines take a run of the user's own words, so echoes of every type occur.
        const own = pick(userSentences).split(" ");
        const from = Math.floor(g.next() * own.length);
        const line = k % 2 ? own.slice(from, from + 1 + Math.floor(g.next() * 6)).join(" ") + pick(ENDS) : sentence(6);
        return { line: g.next() < 0.2 ? `${pick(WORDS)} ${line}` : line, italic: g.next() < 0.2 };
      });
      for (const options of [HARDENED_ECHO_OPTIONS, SEED_ECHO_OPTIONS]) {
        const found = findEchoesFor(segments, user, options);
        expect(found).toEqual(findEchoesFor(segments, unscreened, options));
        hits += found.length;
      }
      for (const s of segments) if (!s.line.includes("_") && !mayEcho(user.index!, s.line.toLowerCase(), true)) screened++;
    }
    // The check means something only if lines both echo and are ruled out.
    expect(hits).toBeGreaterThan(500);
    expect(screened).toBeGreaterThan(500);
  });

  it("rules out a line that shares no run of words with the user, and keeps an echo", () => {
    const user = echoUser("You're a coward. Go home now.");
    expect(mayEcho(user.index!, "the rain fell on the roof.", true)).toBe(false);
    expect(mayEcho(user.index!, "am i a coward?", true)).toBe(true);
    expect(findEchoesFor([{ line: "Am I a coward?", italic: true }], user)).toEqual([{ type: "italic_thought", line: "Am I a coward?" }]);
    // A line longer than the scratch keeps (it grows for the line and is dropped after it).
    const long = `${"the rain fell on the roof ".repeat(2000)}go home now`;
    expect(mayEcho(user.index!, long, true)).toBe(true);
    expect(mayEcho(user.index!, "the rain fell on the roof.", true)).toBe(false);
  });
});

describe("names dropped while the tokens are read (mayEchoNamed)", () => {
  // Names where only the walk's own rules read them right: after an apostrophe ("’Elena"), at a
  // sentence start with and without a comma, before a word character, and common words ("Well,").
  const NAMED = [
    "Elena",
    "Elena,",
    "’Elena",
    "'Elena",
    "x’Elena",
    "don’tElena",
    "Well,",
    "Now,",
    "Kestrel’s",
    "Elena_",
    "Elena9",
    "EL",
    "Mara-",
    "(Elena",
    '"Elena',
    "*Elena*",
    "ElenaElena",
    "Sooo",
    "Yesss",
    "CaptainElena",
    "I",
    "Iago,",
    "Zed",
    "Aaa",
    "Ab",
    "Ba’Ab",
  ];
  it("screens every fuzzed line as dropping the names first and screening the rest did", () => {
    const { g, pick, sentence } = draws(30);
    let differ: string[] = [];
    let lines = 0;
    let named = 0;
    for (let u = 0; u < 60; u++) {
      const message = Array.from({ length: 1 + Math.floor(g.next() * 3) }, () => sentence(8)).join(" ");
      const user = echoUser(message, u % 2 ? new Set(["elena"]) : new Set());
      const index = user.index!;
      for (let k = 0; k < 60; k++) {
        const words = Array.from({ length: 1 + Math.floor(g.next() * 8) }, () => (g.next() < 0.35 ? pick(NAMED) : pick(WORDS)));
        const line = words.join(g.next() < 0.8 ? " " : pick(["  ", " — ", ", ", "\n", ". "])) + pick(ENDS);
        if (dropNames(line) !== line) named++;
        lines++;
        for (const inverted of [true, false]) {
          if (mayEchoNamed(index, line, inverted) !== mayEchoRaw(index, dropNames(line), inverted)) differ.push(line);
        }
      }
    }
    differ = [...new Set(differ)];
    // Not vacuous: many lines lose a name.
    expect(named).toBeGreaterThan(lines / 4);
    expect(differ.slice(0, 5)).toEqual([]);
  });
  it("reads a name after an apostrophe as the end of the token before it", () => {
    const index = echoUser("You are a coward, Elena. Stay home.", new Set()).index!;
    for (const line of ["You are a coward x’Elena", "’Elena you are a coward", "Well, you are a coward", "Stay home Mara"]) {
      expect(mayEchoNamed(index, line, true)).toBe(mayEchoRaw(index, dropNames(line), true));
    }
    // "x’" is a user word; read whole, "x’Home" would be an unknown one and the opening pair lost.
    const own = echoUser("Stay x’ home now.", new Set()).index!;
    expect(mayEchoRaw(own, dropNames("Stay x’Home now"), true)).toBe(true);
    expect(mayEchoNamed(own, "Stay x’Home now", true)).toBe(true);
  });
});
