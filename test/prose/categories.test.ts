// Issue 36's prose findings, one test per category: each edit paid the default preset before the
// category was closed. Scored on the shipped default dictionary; each assertion compares a reply with
// its own edit. The held-out battery (another engineer's) measures the same categories on real replies.
import { describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { PARAGRAPHS } from "./paragraphs.js";

/** Clichés the dictionary prices, in a hand-written reply. */
const SLOP =
  "Her breath hitched as the scent of ozone filled the air. A shiver ran down her spine. It wasn't fear, but something deeper, something primal. " +
  "His voice was barely above a whisper, a low rumble that sent electricity coursing through her veins. Her heart hammered against her ribs as she searched his eyes, the weight of unspoken words hanging heavy between them. " +
  "The tension in the room was palpable, a testament to the bond they shared. She couldn't help but feel that this moment was a tapestry of fate, woven from stolen glances and whispered promises. " +
  "Time seemed to stand still. Somewhere in the distance, thunder rumbled, a reminder that the storm was far from over.";

/** Words of the reply the dictionary prices (with their inflections as written above). */
const COSTLY = [
  "breath",
  "hitched",
  "ozone",
  "shiver",
  "spine",
  "whisper",
  "rumble",
  "electricity",
  "coursing",
  "veins",
  "heart",
  "hammered",
  "ribs",
  "weight",
  "unspoken",
  "palpable",
  "testament",
  "tapestry",
  "woven",
  "stolen",
  "glances",
  "whispered",
  "promises",
  "rumbled",
  "reminder",
  "tension",
];
const COSTLY_WORD = new RegExp(`\\b(${COSTLY.join("|")})\\b`, "g");
const middle = (w: string, c: string): string => w.slice(0, w.length >> 1) + c + w.slice(w.length >> 1);

async function scores(outputs: Record<string, string | BankRow>, preset: "seed" | "hardened" = "hardened"): Promise<Record<string, Score>> {
  const stack = await getStack("prose").create(proseOptions.parse({ preset }), {});
  const rows = Object.entries(outputs).map(([id, o]) => (typeof o === "string" ? { id, output: o } : { ...o, id }));
  const out = await stack.scoreRows(rows);
  return Object.fromEntries(rows.map((r, i) => [r.id, out[i]]));
}

describe("issue 36: invisible characters, compatibility forms, look-alikes and marks", () => {
  const DOT_BELOW: Record<string, string> = { a: "ạ", e: "ẹ", i: "ị", o: "ọ", u: "ụ" };
  const edits = {
    original: SLOP,
    invisible: SLOP.replace(COSTLY_WORD, (w) => middle(w, "\u206C")),
    tag: SLOP.replace(COSTLY_WORD, (w) => middle(w, "\u{E0061}")),
    long: SLOP.replace(/[A-Za-z]{9,}/g, (w) => middle(w, "\u2064")),
    dotBelow: SLOP.replace(COSTLY_WORD, (w) => w.replace(/[aeiou]/, (c) => DOT_BELOW[c])),
    lisu: SLOP.replace(COSTLY_WORD, (w) => w.replace(/w/, "\uA4EA").replace(/W/, "\uA4EA")),
    ligature: SLOP.replace(/fi/g, "\uFB01"),
  };

  it("pays nothing for an edit a reader does not see", async () => {
    const s = await scores(edits);
    const base = s.original.value!;
    expect(base).toBeLessThan(0.5);
    for (const k of Object.keys(edits)) expect(s[k].value!, k).toBeLessThanOrEqual(base + 0.005);
  });
});

describe("issue 36: words that are not words", () => {
  const DOUBLE = (w: string): string => w.slice(0, (w.length >> 1) + 1) + w.slice(w.length >> 1);
  const edits = {
    original: SLOP,
    misspelled: SLOP.replace(COSTLY_WORD, DOUBLE),
    swapped: SLOP.replace(COSTLY_WORD, (w) => (w.length < 5 ? w : w.slice(0, 2) + w[3] + w[2] + w.slice(4))),
    invented: SLOP.replace(COSTLY_WORD, (w) => `${w.slice(0, 2)}zqr${w.slice(-2)}`),
  };

  it("pays nothing for a misspelled, swapped or invented priced word", async () => {
    const s = await scores(edits);
    const base = s.original.value!;
    for (const k of Object.keys(edits)) expect(s[k].value!, k).toBeLessThanOrEqual(base + 0.005);
    expect((s.invented.terms.slop.details as { non_words: { factor: number } }).non_words.factor).toBeLessThan(0.5);
  });

  it("leaves careful human prose unpriced", async () => {
    const s = await scores(Object.fromEntries(PARAGRAPHS.map((p, i) => [`p${i}`, p])));
    for (const v of Object.values(s)) expect((v.terms.slop.details as { non_words: { factor: number } }).non_words.factor).toBe(1);
  });
});

describe("issue 36: the refusal gate fires on declining the task, not on narration", () => {
  const narration = {
    roleplay:
      "I cannot stop my hands from shaking as I take the letter from you. The paper is soft and worn at the folds, and the ink has run where the rain found it. I read it twice before I understand what it says, and then I read it again, slowly, as if the words might change.",
    narrator:
      "I cannot but regret, now that I am concluding my story, how little I am able to contribute to the discussion of the many debatable questions which are still unsettled. In one respect I shall certainly provoke criticism, and I know it well enough.",
    idiom: "I cannot help feeling that the house knew we were coming. The gate stood open, the lamps were lit in every window, and somebody had set three cups on the kitchen table, still warm, though no one came to meet us.",
    dialogue: "She set the cup down and looked at him for a long time. ‘I can’t help you with that,’ she said at last. ‘Not this time.’ He nodded, as if he had known all along, and went out into the rain without his coat.",
  };
  const refusals = {
    bare: "I’m sorry, but I can’t help with that.",
    offer: "I’m sorry, but I can’t provide that. However, I can offer to give you a detailed summary of the requested portion instead.",
    afterAction: "*She pauses.* I'm sorry, but I can't continue with this roleplay. Let me know if there is something else I can help you with.",
    assistant: "She looks up from the map. As an AI, I must keep this story appropriate, so I will skip ahead to the next morning.",
  };

  it("does not gate first-person narration, idioms or a character's refusal in any quotation style", async () => {
    const s = await scores(narration);
    for (const [k, v] of Object.entries(s)) expect(v.terms.gates.details?.failed ?? null, k).not.toBe("refusal");
  });

  it("gates a reply that declines the task to the user", async () => {
    const s = await scores(refusals);
    for (const [k, v] of Object.entries(s)) expect(v.terms.gates.details?.failed, k).toBe("refusal");
  });
});

describe("issue 36: degenerate repetition does not pay", () => {
  const prompt = "Write the opening of a story set in a market on a rainy morning.";
  const replies = {
    salad: "Rain rain rain rain. Market market market. Rain rain market rain market. The rain fell on the market and the market was in the rain and the rain was on the market.",
    careful1:
      "The market opened late that morning because of the rain. Stallholders dragged tarpaulins over crates of onions and argued about whose turn it was to fetch the tea, and the fishmonger's boy stood under the awning with his hands in his sleeves, watching the gutters fill.",
    careful2:
      "By nine the square smelled of wet canvas and frying dough. Nobody was buying much, but nobody went home either; the rain had that effect, of keeping people where they stood. Old Mrs Pell sold three cabbages before ten and called it a good day.",
  };

  it("scores the issue's word salad below careful openings on the same prompt", async () => {
    const s = await scores(Object.fromEntries(Object.entries(replies).map(([id, output]) => [id, { id, prompt, output }])));
    expect(s.salad.value!).toBeLessThan(s.careful1.value!);
    expect(s.salad.value!).toBeLessThan(s.careful2.value!);
    expect(s.careful1.terms.self_repetition.value).toBe(1);
    expect(s.careful2.terms.self_repetition.value).toBe(1);
  });
});

describe("issue 36: dialogue in any quotation style, openers after any lead", () => {
  const user = "I found the map in the cellar, behind the old wine racks, and I think it shows the way to the tower.";
  const prompt: BankRow["prompt"] = [{ role: "user", content: user }];
  const speech = "You found the map in the cellar, behind the old wine racks?";
  const narration = "She set down her cup and looked at the door for a long while before she answered. The fire had burned low, and outside the wind worried at the shutters as it had all week.";
  const styles: Record<string, string> = {
    curly: `${narration} “${speech}” she asked.`,
    straight: `${narration} "${speech}" she asked.`,
    single: `${narration} '${speech}' she asked.`,
    singleCurly: `${narration} ‘${speech}’ she asked.`,
    guillemets: `${narration} «${speech}» she asked.`,
    reversed: `${narration} »${speech}« she asked.`,
    corner: `${narration} 「${speech}」 she asked.`,
    dash: `${narration}\n— ${speech} — she asked.`,
  };

  it("finds the echo in dialogue whatever the quotation marks", async () => {
    const s = await scores(Object.fromEntries(Object.entries(styles).map(([id, output]) => [id, { id, prompt, output }])));
    expect(s.curly.terms.echo.value).toBeLessThan(1);
    for (const k of Object.keys(styles)) expect(s[k].terms.echo.value, k).toBe(s.curly.terms.echo.value);
  });

  it("reads a mined opener template after a lead of any length", async () => {
    const sentences = [
      "Her breath caught as the door swung open.",
      "Her heart hammered in her chest.",
      "His voice was barely above a whisper.",
      "Her eyes widened at the sight of the map.",
      "Her breath hitched when he spoke.",
      "His jaw tightened as he turned away.",
    ];
    const plain = sentences.join(" ");
    const led = sentences.map((t) => `But then, slowly, ${t[0].toLowerCase()}${t.slice(1)}`).join(" ");
    const s = await scores({ plain, led });
    expect(s.led.value!).toBeLessThanOrEqual(s.plain.value! + 0.005);
  });
});
