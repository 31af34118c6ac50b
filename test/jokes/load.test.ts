import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadJokeCandidates } from "../../src/envs/jokes/load.js";
import { loadDefaultCandidates, parseFortuneFile } from "../../src/envs/jokes/default-set.js";
import { loadJokeDataset } from "../../src/envs/jokes/dataset.js";
import { InputError } from "../../src/core/errors.js";

const dir = mkdtempSync(join(tmpdir(), "fg-jokes-"));
function file(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("loading joke files", () => {
  it("reads JSONL with field aliases, a text field in Q/A form, and scores", () => {
    const path = file(
      "a.jsonl",
      [
        JSON.stringify({ setup: "Why?", punchline: "Because.", score: 80 }),
        JSON.stringify({ question: "What?", answer: "That." }),
        JSON.stringify({ title: "How?", selftext: "So.", ups: 3 }),
        JSON.stringify({ text: "Why did the chicken cross? To get across. Really?" }),
        "",
      ].join("\n"),
    );
    expect(loadJokeCandidates(path)).toEqual([
      { setup: "Why?", punchline: "Because.", score: 80 },
      { setup: "What?", punchline: "That." },
      { setup: "How?", punchline: "So.", score: 3 },
      { setup: "Why did the chicken cross?", punchline: "To get across. Really?" },
    ]);
  });

  it("reads CSV with quoted commas and newlines, an empty score cell meaning no score, and gzip", () => {
    const csv = 'setup,punchline,score\n"What, again?","Yes, ""again""",5\n"Why?","Two\nlines",\n';
    for (const path of [file("b.csv", csv), file("b.csv.gz", gzipSync(csv))]) {
      expect(loadJokeCandidates(path)).toEqual([
        { setup: "What, again?", punchline: 'Yes, "again"', score: 5 },
        { setup: "Why?", punchline: "Two\nlines" },
      ]);
    }
  });

  it("names the file, record and field on bad input", () => {
    const noPunch = file("c.jsonl", JSON.stringify({ setup: "Why?" }) + "\n");
    expect(() => loadJokeCandidates(noPunch)).toThrow(InputError);
    expect(() => loadJokeCandidates(noPunch)).toThrow(/c\.jsonl record 1: has "setup" but no punchline field/);
    const badScore = file("d.jsonl", JSON.stringify({ setup: "Why?", punchline: "x", score: "lots" }) + "\n");
    expect(() => loadJokeCandidates(badScore)).toThrow(/field "score" must be a number, got "lots"/);
    const badType = file("e.jsonl", JSON.stringify({ setup: 3, punchline: "x" }) + "\n");
    expect(() => loadJokeCandidates(badType)).toThrow(/field "setup" must be a string/);
    const badJson = file("f.jsonl", '{"setup": "Why?", "punchline": "x"}\n{oops\n');
    expect(() => loadJokeCandidates(badJson)).toThrow(/f\.jsonl line 2: not valid JSON/);
    const badCsv = file("g.csv", 'setup,punchline\n"Why?","x",extra\n');
    expect(() => loadJokeCandidates(badCsv)).toThrow(/g\.csv: is not valid CSV/);
    const noFields = file("h.jsonl", JSON.stringify({ joke: "Why? Because." }) + "\n");
    expect(() => loadJokeCandidates(noFields)).toThrow(/no joke fields/);
    expect(() => loadJokeCandidates(file("i.txt", "x"))).toThrow(/unknown joke file type/);
    expect(() => loadJokeCandidates(join(dir, "missing.jsonl"))).toThrow(/cannot be read \(ENOENT\)/);
  });
});

describe("the default joke set", () => {
  it("splits one-liner-joke entries in question/answer form and filters them like user data", () => {
    const { candidates, sources } = loadDefaultCandidates(join(dir, "no-fortunes-here"));
    expect(sources).toEqual([{ name: "npm:one-liner-joke@1.2.2", licence: "MIT", records: 2633 }]);
    expect(candidates).toHaveLength(2633);
    const data = loadJokeDataset({ evalFraction: 0.2 });
    // Counted on one-liner-joke@1.2.2 (2,633 entries); a machine with Debian fortunes installed adds more.
    if (data.sources.length === 1) {
      expect(data.counts.kept).toBe(data.train.length + data.eval.length);
      expect(data.counts.kept).toBeGreaterThan(400);
      expect(data.eval.length).toBeGreaterThanOrEqual(64);
    }
    for (const joke of data.eval) expect(joke.setup).toMatch(/^(What|Why|How)\b.*\?$/s);
  });

  it("parses Debian fortune files into Q/A candidates", () => {
    const text = 'Why is the sky blue?\n\tBecause.\n%\nQ:\t"How do you tell a\n\tsalesman is lying?"\nA:\tHis lips\n\tmove.\n%\nA plain quip.\n%\n';
    expect(parseFortuneFile(text, "debian:fortunes/x")).toEqual([
      { setup: "Why is the sky blue?", punchline: "Because.", source: "debian:fortunes/x" },
      { setup: "How do you tell a salesman is lying?", punchline: "His lips move.", source: "debian:fortunes/x" },
      { setup: "A plain quip.", punchline: "", source: "debian:fortunes/x" },
    ]);
  });
});
