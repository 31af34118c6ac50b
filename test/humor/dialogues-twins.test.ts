// Reading real dialogue formats into conversations, and the seeded twins of the grounding validation
// (issue #22), on hand-made rows.
import { describe, expect, it } from "vitest";
import { conversationsFrom, detokenize, rowFormat } from "../../src/terms/humor/dialogues.js";
import { asTranscript, repeatedTwin, shuffledTwin, swappedTwin } from "../../src/terms/humor/twins.js";

const office = (episode: number, speaker: string, text: string) => ({ season: 1, episode, speaker, text });

describe("dialogue formats", () => {
  it("detects each format and names the bad row", () => {
    expect(rowFormat({ topic: "work", turns: ["Hi .", "Hello ."] })).toBe("dailydialog");
    expect(rowFormat({ season: 1, episode: 1, speaker: "Jim", text: "Hey." })).toBe("office");
    expect(rowFormat({ turns: [{ speaker: "A", text: "x" }] })).toBe("turns");
    expect(rowFormat({ text: "x" })).toBeNull();
    expect(() => conversationsFrom([{ turns: ["a"] }, { nope: 1 }], "dailydialog", {}, "d.jsonl")).toThrow(/d\.jsonl: row 2: not a dailydialog row/);
  });

  it("DailyDialog: joins tokenized punctuation, alternates speakers A/B, filters by topic", () => {
    expect(detokenize("It 's ready , isn't it ?  Yes .")).toBe("It's ready, isn't it? Yes.");
    const rows = [
      { topic: "work", turns: ["Is the report done ?", "Almost , give me an hour ."] },
      { topic: "travel", turns: ["Where to ?", "Rome ."] },
    ];
    expect(conversationsFrom(rows, "dailydialog", { topic: "work" })).toEqual([
      {
        id: "dailydialog-0",
        turns: [
          { speaker: "A", text: "Is the report done?" },
          { speaker: "B", text: "Almost, give me an hour." },
        ],
      },
    ]);
  });

  it("The Office: maximal runs alternating between two speakers within one episode", () => {
    const rows = [
      office(1, "Michael", "m1"),
      office(1, "Jim", "j1"),
      office(1, "Michael", "m2"),
      office(1, "Jim", "j2"),
      office(1, "Pam", "p1"), // a third speaker ends the run; Jim–Pam may start the next
      office(1, "Jim", "j3"),
      office(1, "Pam", "p2"),
      office(1, "Pam", "p3"), // the same speaker twice ends it
      office(2, "Dwight", "d1"), // a new episode never continues a run
      office(2, "Jim", "j4"),
    ];
    const got = conversationsFrom(rows, "office", { minTurns: 2 });
    expect(got.map((c) => c.turns.map((t) => t.text))).toEqual([
      ["m1", "j1", "m2", "j2"],
      ["j2", "p1", "j3", "p2"],
      ["d1", "j4"],
    ]);
    expect(conversationsFrom(rows, "office", { minTurns: 4 })).toHaveLength(2);
  });
});

describe("twins", () => {
  const conv = (id: string, n: number) => ({ id, turns: Array.from({ length: n }, (_, i) => ({ speaker: i % 2 ? "B" : "A", text: `${id}-${i}` })) });
  const rows = [conv("a", 6), conv("b", 6), conv("c", 4)].map((c) => asTranscript(c, "B"));

  it("asTranscript maps the chosen speaker to policy and the rest to partner", () => {
    expect(rows[0].turns.map((t) => t.speaker)).toEqual(["partner", "policy", "partner", "policy", "partner", "policy"]);
  });

  it("swapped: every policy reply comes from another conversation; partner turns untouched; seeded", () => {
    const t = swappedTwin(rows, 0, 7);
    expect(t.id).toBe("a:swapped");
    t.turns.forEach((turn, i) => {
      if (turn.speaker === "partner") expect(turn.text).toBe(rows[0].turns[i].text);
      else expect(turn.text).toMatch(/^[bc]-(1|3|5)$/);
    });
    expect(swappedTwin(rows, 0, 7)).toEqual(t);
    const others = [1, 2, 3, 4, 5].map((s) =>
      swappedTwin(rows, 0, s)
        .turns.map((x) => x.text)
        .join(),
    );
    expect(new Set(others).size).toBeGreaterThan(1); // the seed matters
    expect(() => swappedTwin(rows.slice(0, 1), 0, 1)).toThrow(/two conversations/);
  });

  it("shuffled: the same replies, none in its own place", () => {
    for (let s = 0; s < 20; s++) {
      const t = shuffledTwin(rows[0], s)!;
      const before = [1, 3, 5].map((i) => rows[0].turns[i].text);
      const after = [1, 3, 5].map((i) => t.turns[i].text);
      expect([...after].sort()).toEqual([...before].sort());
      after.forEach((text, k) => expect(text).not.toBe(before[k]));
    }
    expect(shuffledTwin(asTranscript(conv("d", 2), "B"), 1)).toBeNull();
  });

  it("repeated: the first reply at every policy turn", () => {
    expect(repeatedTwin(rows[1])!.turns.map((t) => t.text)).toEqual(["b-0", "b-1", "b-2", "b-1", "b-4", "b-1"]);
  });
});
