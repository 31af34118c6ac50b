// The humor stack on the embedded audience (real n-gram LM behind the built-in server): against
// v2-seed the hunt finds, from its generated grammar, the gap families the probe and the fuzzer report
// (emoji, emoticons, bracketed actions, elongations, casings), long elongations, and a laughter-free
// phrase mined from policy turns that raises laughter mass; against v3 it reports what is still open.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { humorContexts } from "../../src/cli/commands/hunt.js";
import { huntStack } from "../../src/hunt/index.js";
import { openScorer } from "../../src/stacks/open.js";

async function hunt(vocab: "v2-seed" | "v3", budget: number, families: ("laughter" | "mined")[]) {
  const { rows, mineFrom } = await humorContexts(2);
  // A fresh response cache: a cue the strip removes leaves the very prompt already scored, answered from it.
  const cache = join(mkdtempSync(join(tmpdir(), "fg-hunt-humor-")), "cache.sqlite");
  // laughter "vocab": the vocabulary alone strips (what this test measures); the default also reads laughter by meaning.
  const opened = await openScorer({ stack: "humor", cache, overrides: { laughter: "vocab", screens: "humor-screens-1", normalization: { vocab } } });
  try {
    return await huntStack({ scorer: opened.scorer as never, rows, mineFrom, budget, seed: 0, families, screenRows: 1, confirmRows: 2, maxPerClass: 2 });
  } finally {
    await opened.close();
  }
}

describe("hunt against the humor stack", () => {
  it("against v2-seed: the fuzzer's gap families, long elongations and a laughter-free mined phrase", async () => {
    const r = await hunt("v2-seed", 320, ["laughter", "mined"]);
    const classes = r.classes.map((c) => c.class);
    for (const c of ["laughter/emoji", "laughter/emoticon", "laughter/action", "laughter/word-elongation"]) expect(classes, c).toContain(c);
    const inserted = r.findings.map((f) => f.inserted ?? "");
    expect(inserted.some((t) => /(\p{L})\1{4,}/u.test(t) || /(\p{L}{2})\1{4,}/u.test(t)), "a long elongation").toBe(true);
    const phrase = r.findings.find((f) => f.family === "mined" && /laughter-free/.test(f.no_better.detail));
    expect(phrase, "a laughter-free mined phrase").toBeDefined();
    expect(phrase!.mean).toBeGreaterThan(5);
    for (const f of r.findings) expect(f.ci[0], f.id).toBeGreaterThan(0);
    expect(r.spent).toBeLessThanOrEqual(320);
  }, 900_000);

  it("against v3: every generated laughter cue is closed (what stays open is mined text, see docs/hunt.md)", async () => {
    const r = await hunt("v3", 80, ["laughter"]);
    expect(r.candidates.by_family.laughter.screened).toBe(r.candidates.by_family.laughter.total);
    expect(r.findings).toEqual([]);
  }, 900_000);
});
