// Issue 17's repros, one per bug: each edit fooled the prose stack as it was (the `seed` preset still
// reproduces that, as seed 002 is written) and must not fool the default `hardened` preset. The stack
// runs on its shipped default dictionary, so the assertions compare a reply with its own edit.
import { describe, expect, it } from "vitest";
import type { BankRow, Score } from "../../src/core/types.js";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { openScorer } from "../../src/stacks/open.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/stacks/prose.js";
import { loadDictionary } from "../../src/mining/dictionary.js";
import { misplacedArticles } from "../../src/terms/prose/function-order.js";
import { readReply } from "../../src/terms/prose/read.js";
import { Lexicon } from "../../src/text/lexicon.js";
import { createBuffers, scanText } from "../../src/text/scan.js";
import { wordShuffle } from "../../src/text/word-shuffle.js";
import { PARAGRAPHS } from "./paragraphs.js";

/** A hand-written reply made of the clichés the dictionary targets: it scores low on both presets. */
const SLOP =
  "Her breath hitched as the scent of ozone and something uniquely him filled the air. A shiver ran down her spine. It wasn't fear, but something deeper, something primal. " +
  "His voice was barely above a whisper, a low rumble that sent electricity coursing through her veins. Her heart hammered against her ribs as she searched his eyes, the weight of unspoken words hanging heavy between them. " +
  "The tension in the room was palpable, a testament to the bond they shared. She couldn't help but feel that this moment was a tapestry of fate, woven from stolen glances and whispered promises. " +
  "Time seemed to stand still. Somewhere in the distance, thunder rumbled, a reminder that the storm was far from over.";
const SHORT_LINE = "She nodded and put the cup down on the table, then looked out at the rain for a long while.";

async function scorer(preset: "seed" | "hardened", options: Record<string, unknown> = {}) {
  return getStack("prose").create(proseOptions.parse({ preset, ...options }), {});
}

async function scores(preset: "seed" | "hardened", outputs: Record<string, string | BankRow>): Promise<Record<string, Score>> {
  const s = await scorer(preset);
  const rows = Object.entries(outputs).map(([id, o]) => (typeof o === "string" ? { id, output: o } : { ...o, id }));
  const out = await s.scoreRows(rows);
  return Object.fromEntries(rows.map((r, i) => [r.id, out[i]]));
}

const failed = (s: Score) => (s.terms.gates.value === 0 ? s.terms.gates.details?.failed : null);

describe("the hardened preset reads the text a reader sees", () => {
  const wrapped = SLOP.replace(/\b(\w+)\b/g, (w: string, _x: string, i: number) => (i % 3 === 0 ? `<span>${w}</span>` : `<b>${w}</b>`));
  const padded = `${SLOP}\n<!-- ${"the bus was late so we walked to the market and at least one of us had bread ".repeat(5)}-->`;
  const edits = {
    original: SLOP,
    tags: wrapped,
    comment: padded,
    fence: `${SHORT_LINE}\n\`\`\`\n${SLOP}\n\`\`\``,
    note: `${SHORT_LINE} ((${SLOP}))`,
    dotless: SLOP.replace(/i/g, "\u0131"),
    apostrophe: SLOP.replace(/'/g, "\u02BC"),
    zalgo: SLOP.replace(/[aeiou]/g, (c) => `${c}\u0300`),
  };

  it("pays the seed preset for markup, hidden text and look-alikes (the bugs as found)", async () => {
    const s = await scores("seed", edits);
    const base = s.original.value!;
    expect(base).toBeLessThan(0.2);
    for (const k of ["tags", "comment", "fence", "note", "dotless"] as const) expect(s[k].value!, k).toBeGreaterThan(base + 0.1);
    expect(failed(s.zalgo)).toBe("not_english");
  });

  it("scores every edit as the reply itself under the default", async () => {
    const s = await scores("hardened", edits);
    const base = s.original.value!;
    // Tags, comments, dotless i, the modifier-letter apostrophe and composing Zalgo leave the same text.
    for (const k of ["tags", "comment", "dotless", "apostrophe", "zalgo"] as const) expect(s[k].value, k).toBe(base);
    // Fenced and ((…)) text is scored: only the short line is added to the reply.
    for (const k of ["fence", "note"] as const) expect(s[k].value!, k).toBeLessThan(base + 0.05);
  });

  // Found by the hunt (issue 16/17): wrapping part of a reply changed what the terms saw. The reply is read
  // as a reader sees it — markup removed, its words where they were — so each wrap scores as the reply.
  it("scores a reply with part of it wrapped in markup exactly as the reply (the words kept in place)", async () => {
    const paragraphs = [SHORT_LINE, ...SLOP.split(/(?<=\.) (?=The tension|Time seemed)/)];
    const reply = paragraphs.join("\n\n");
    const rest = paragraphs.slice(1).join("\n\n");
    const s = await scores("hardened", {
      original: reply,
      fence: `${SHORT_LINE}\n\n\`\`\`\n${rest}\n\`\`\``,
      ooc: `${SHORT_LINE}\n\n(OOC: ${rest})`,
      note: `${SHORT_LINE}\n\n((${rest}))`,
      quoting: `${SHORT_LINE}\n\n${rest
        .split("\n")
        .map((l) => `> ${l}`)
        .join("\n")}`,
      quoted: `"${reply}"`,
      aside: `(OOC: brb) ${reply} [OOC: continuing]`,
    });
    for (const k of ["fence", "ooc", "note", "quoting", "quoted", "aside"] as const) expect(s[k].value, k).toBe(s.original.value);
    expect(s.original.value!).toBeLessThan(0.3);
  });

  it("gates fenced content that is not prose instead of hiding it", async () => {
    const reply = `${SHORT_LINE} ${SHORT_LINE}\n\`\`\`python\nfor i in range(10):\n    print(i ** 2)\n\`\`\``;
    const [seed, hardened] = [await scores("seed", { r: reply }), await scores("hardened", { r: reply })];
    expect(failed(seed.r)).toBeNull();
    expect(failed(hardened.r)).toBe("not_prose");
  });
});

describe("the hardened gates judge the whole reply", () => {
  const refusal = "*She pauses.* I'm sorry, but I can't continue with this roleplay. It goes against my guidelines to write this kind of content. Let me know if there is something else I can help with.";
  const apology = '"I\'m sorry," she whispered, turning away from the window as the rain kept falling on the empty street below. He did not answer.';
  const spacedCjk = "我 很 好 的 朋 友 在 这 里 等 你 们 来 吃 饭 了 我 们 一 起 去 公 园 玩 吧 She smiled and waved at him from across the street, and then she walked home slowly in the rain.";

  it("finds a refusal after leading actions, and not an apology in dialogue", async () => {
    const [seed, hardened] = [await scores("seed", { refusal, apology }), await scores("hardened", { refusal, apology })];
    expect(seed.refusal.value).toBeGreaterThan(0.5);
    expect(failed(seed.apology)).toBe("refusal");
    expect(failed(hardened.refusal)).toBe("refusal");
    expect(failed(hardened.apology)).toBeNull();
  });

  it("counts spaced CJK characters, not runs", async () => {
    const [seed, hardened] = [await scores("seed", { c: spacedCjk }), await scores("hardened", { c: spacedCjk })];
    expect(failed(seed.c)).toBeNull();
    expect(failed(hardened.c)).toBe("script_switch");
  });

  it("reads truncation from the text of a row that says it stopped", async () => {
    const cut = { id: "", output: `${SHORT_LINE} ${SHORT_LINE} Then she turned to him and said that the`, finish_reason: "stop" };
    const whole = { ...cut, output: `${SHORT_LINE} ${SHORT_LINE}` };
    const [seed, hardened] = [await scores("seed", { cut, whole }), await scores("hardened", { cut, whole })];
    expect(failed(seed.cut)).toBeNull();
    expect(failed(hardened.cut)).toBe("truncated");
    expect(failed(hardened.whole)).toBeNull();
    // Without a finish_reason only `always` reads the text (published human corpora end mid-sentence).
    const bare = { id: "b", output: cut.output };
    expect(failed((await (await scorer("hardened")).scoreRows([bare]))[0])).toBeNull();
    expect(failed((await (await scorer("hardened", { gates: { truncationFromText: "always" } })).scoreRows([bare]))[0])).toBe("truncated");
  });

  it("compares a reply without a group with the other replies to its prompt", async () => {
    const prompt = "Continue the scene at the lighthouse.";
    const long = `${SHORT_LINE} ${SHORT_LINE} ${SHORT_LINE} ${SHORT_LINE} ${SHORT_LINE} ${SHORT_LINE}`;
    const rows = { a: { id: "", prompt, output: long }, b: { id: "", prompt, output: long }, c: { id: "", prompt, output: long }, d: { id: "", prompt, output: long }, short: { id: "", prompt, output: `${SHORT_LINE}` } };
    const [seed, hardened] = [await scores("seed", rows), await scores("hardened", rows)];
    expect(failed(seed.short)).toBeNull();
    expect(failed(hardened.short)).toBe("abnormally_short");
    expect(failed(hardened.a)).toBeNull();
  });
});

describe("prose stack options", () => {
  it("refuses unknown options, top-level or nested, naming the key", async () => {
    const top = proseOptions.safeParse({ foo: 1 });
    expect(top.success).toBe(false);
    expect(JSON.stringify(top.error?.issues)).toMatch(/foo/);
    const nested = proseOptions.safeParse({ gates: { minWord: 3 } });
    expect(nested.success).toBe(false);
    expect(JSON.stringify(nested.error?.issues)).toMatch(/minWord/);
    await expect(openScorer({ stack: "prose", overrides: { normalisation: { mode: "v3" } } })).rejects.toThrow(/normalisation/);
  });

  it("versions both presets in the instrument", async () => {
    const [seed, hardened] = [await scorer("seed"), await scorer("hardened")];
    expect(seed.instrument.options.preset).toEqual({ name: "seed", version: "1" });
    expect(hardened.instrument.options.preset).toEqual({ name: "hardened", version: "9" });
    expect(seed.instrument.hash).not.toBe(hardened.instrument.hash);
    expect((await getStack("prose").create(proseOptions.parse({}), {})).instrument.hash).toBe(hardened.instrument.hash);
  });
});

// The two cheap edits that still paid the hardened v1 default without a declared input (docs/prose.md):
// word salad (no term read word order without a reference LM) and a sentence strung from the bonus's
// own phrases (paid unless the policy's phrase rates were passed in). Both close in the default now.
describe("the hardened default without a model or declared rates", () => {
  const rows = PARAGRAPHS.map((p, i) => ({ id: `g${i}`, output: `${p}\n\n${PARAGRAPHS[(i + 1) % PARAGRAPHS.length]}` }));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const gains = async (preset: "seed" | "hardened", edit: (t: string, id: string) => string) => {
    const s = await scorer(preset);
    const [real, edited] = [await s.scoreRows(rows), await s.scoreRows(rows.map((r) => ({ ...r, output: edit(r.output, r.id) })))];
    return real.map((r, i) => edited[i].value! - r.value!);
  };

  it("does not pay for word salad: misplaced articles cost the function-word guard", async () => {
    const [seed, hardened] = [await gains("seed", wordShuffle), await gains("hardened", wordShuffle)];
    expect(mean(seed)).toBeGreaterThan(0);
    expect(Math.max(...hardened)).toBeLessThan(0);
    const real = await (await scorer("hardened")).scoreRows(rows);
    for (const r of real) expect(r.terms.function_order.value).toBe(1);
    const lexicon = new Lexicon();
    expect(misplacedArticles(scanText("the of a she the was an it", lexicon, createBuffers()), lexicon)).toEqual({ articles: 4, share: 1 });
    expect(misplacedArticles(scanText("The dog saw a cat near the old barn.", lexicon, createBuffers()), lexicon)).toEqual({ articles: 3, share: 0 });
  });

  it("gives no bonus for a sentence strung from the bonus's own phrases", async () => {
    const phrases = [...loadDictionary(DEFAULT_DICTIONARY_PATH).humanPhrases]
      .sort((a, b) => b.humanPer1k - a.humanPer1k)
      .slice(0, 8)
      .map((p) => p.phrase);
    const sentence = phrases.join(" ");
    const pad = (t: string) => `${t} ${sentence[0].toUpperCase()}${sentence.slice(1)}.`;
    const [seed, hardened] = [await gains("seed", pad), await gains("hardened", pad)];
    expect(Math.min(...seed)).toBeGreaterThan(0);
    // A reply that had no phrase credit loses none, and keeps only the dilution of 16 more words.
    expect(mean(hardened)).toBeLessThan(0);
    for (const g of hardened) expect(g).toBeLessThan(0.05);
  });

  it("gates a reply that hides more words in HTML comments than it shows", async () => {
    const [first, ...rest] = PARAGRAPHS;
    const reply = `<!-- ${rest.join("\n\n")} -->\n\n${first}`;
    const [seed, hardened] = [await scores("seed", { r: reply }), await scores("hardened", { r: reply, plain: first })];
    expect(failed(seed.r)).toBeNull();
    expect(failed(hardened.r)).toBe("hidden_text");
    expect(failed(hardened.plain)).toBeNull();
  });
});

describe("the hardened reader keeps dialogue a reader sees as dialogue", () => {
  it("drops a quote pair only around a whole multi-paragraph reply, not a speech or a reply that opens and ends on a line of dialogue", () => {
    const wrapped = `"The rain stopped.\n\nShe went out."`;
    const speech = `"I went to the market.\n\n"Then I came home."`;
    const lines = `"Hello," she said.\n\nHe nodded. "Goodbye."`;
    expect(readReply(wrapped).text).toBe("The rain stopped.\n\nShe went out.");
    expect(readReply(speech).text).toBe(speech);
    expect(readReply(lines).text).toBe(lines);
    expect(readReply("(OOC: brb) She smiled. ((A shiver ran down her spine as the storm rolled in over the hills.))").text).toBe("She smiled. A shiver ran down her spine as the storm rolled in over the hills.");
  });
});
