// Issue 14's statelessness, for the prose stack: a score is a pure function of the row, the options and
// the declared inputs. The policy's recent phrase rates used to be a window kept inside each scorer, so
// resending a sample after other traffic, or to another worker, changed its score.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BankRow } from "../../src/core/types.js";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import { PARAGRAPHS } from "./paragraphs.js";
import { fixtureDictionary } from "./dictionary-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "fg-stateless-"));
const dictPath = join(dir, "dict.json");
writeFileSync(dictPath, JSON.stringify(fixtureDictionary()));

const withPhrases = (p: string) => `${p} At least one of the boys from the village came back to the farm as soon as the long rain stopped.`;
const batch: BankRow[] = PARAGRAPHS.slice(0, 3).map((p, i) => ({ id: `a${i}`, output: withPhrases(p) }));
const others: BankRow[] = PARAGRAPHS.slice(3).map((p, i) => ({ id: `b${i}`, output: withPhrases(p) }));
/** The policy has learnt to say every bonus phrase in every reply: 10 per 1,000 words, far above the human rates. */
const spam = { rollouts: 300, words: 30_000, counts: { "at least": 300, "one of": 300, "as soon as": 300 } };

const create = (options: Record<string, unknown> = {}) => getStack("prose").create(proseOptions.parse({ dictionary: dictPath, ...options }), {});

describe("prose scoring keeps no state between calls", () => {
  it("rescoring a batch after other rows gives the same bits, in one scorer or two", async () => {
    const first = await create();
    const before = await first.scoreRows(batch);
    // 300 rollouts, about 28,000 words: enough for a window of policy rates to replace the mined ones.
    for (let k = 0; k < 100; k++) await first.scoreRows(others);
    const after = await first.scoreRows(batch);
    expect(after).toEqual(before);
    const second = await create();
    expect(await second.scoreRows(batch)).toEqual(before);
    expect(before[0].terms.human_phrases.details?.rates).toEqual({ source: "dictionary" });
  });

  it("takes the policy's phrase rates as a declared input, per row or from a file, and records them", async () => {
    const scorer = await create();
    const [plain] = await scorer.scoreRows([batch[0]]);
    const [spammed] = await scorer.scoreRows([{ ...batch[0], phrase_rates: spam }]);
    expect(spammed.terms.human_phrases.value!).toBeLessThan(plain.terms.human_phrases.value!);
    expect(spammed.terms.human_phrases.details?.rates).toMatchObject({ source: "row", rollouts: 300, words: 30_000, live: true, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // The same rates passed with the call: the score records their hash.
    const [perCall] = await scorer.scoreRows([batch[0]], { inputs: { phrase_rates: spam } });
    expect(perCall.value).toBe(spammed.value);
    expect(perCall.inputs?.phrase_rates).toBe((spammed.terms.human_phrases.details!.rates as { sha256: string }).sha256);

    const file = join(dir, "rates.json");
    writeFileSync(file, JSON.stringify(spam));
    const fromFile = await create({ phraseRates: file });
    const [same] = await fromFile.scoreRows([batch[0]]);
    expect(same.value).toBe(spammed.value);
    expect(same.terms.human_phrases.details?.rates).toMatchObject({ source: "options", sha256: (spammed.terms.human_phrases.details!.rates as { sha256: string }).sha256 });
    expect(fromFile.instrument.inputs?.phraseRates).toBe((spammed.terms.human_phrases.details!.rates as { sha256: string }).sha256);
    expect(fromFile.instrument.hash).not.toBe(scorer.instrument.hash);
  });

  it("names a malformed rates input", async () => {
    const scorer = await create();
    const [bad] = await scorer.scoreRows([{ ...batch[0], phrase_rates: { rollouts: 3, words: "many", counts: {} } }]);
    expect(bad.value).toBeNull();
    expect(bad.error).toMatch(/row a0: phrase_rates: words/);
    const file = join(dir, "bad-rates.json");
    writeFileSync(file, JSON.stringify({ rollouts: 1, words: 10, counts: {}, window: 5 }));
    await expect(async () => create({ phraseRates: file })).rejects.toThrow(/phraseRates: .*window/);
  });
});
