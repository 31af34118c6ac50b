// The default joke set when a user gives no `--data` (SPEC §8): question/answer jokes from the
// installed npm package one-liner-joke (MIT) and, where the Debian `fortunes` packages are
// installed, from their non-offensive fortune files (BSD). Both are filtered exactly like user data.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { InputError } from "../../core/errors.js";
import { splitQuestionAnswer, type JokeCandidate } from "./joke.js";

const require = createRequire(import.meta.url);

export const DEBIAN_FORTUNES_DIR = "/usr/share/games/fortunes";

export interface DefaultSource {
  name: string;
  licence: string;
  records: number;
}

function oneLinerJokes(): { candidates: JokeCandidate[]; source: DefaultSource } {
  const pkg = require("one-liner-joke/package.json") as { version: string };
  const path = require.resolve("one-liner-joke/jokes.json");
  const entries = JSON.parse(readFileSync(path, "utf8")) as { body?: unknown }[];
  const name = `npm:one-liner-joke@${pkg.version}`;
  const candidates = entries.filter((e): e is { body: string } => typeof e.body === "string").map((e) => ({ ...splitQuestionAnswer(e.body), source: name }));
  return { candidates, source: { name, licence: "MIT", records: entries.length } };
}

/**
 * Fortune files hold entries separated by lines of "%"; the `off/` (offensive) folder is skipped.
 * Entries are hard-wrapped at ~70 columns, so line breaks inside a setup or punchline are layout,
 * not content, and are joined with a space after the Q/A split.
 */
export function parseFortuneFile(text: string, source: string): JokeCandidate[] {
  const unwrap = (s: string): string => s.replace(/\s*\n\s*/g, " ").trim();
  return text
    .split(/^%$/m)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
    .map((entry) => {
      const { setup, punchline } = splitQuestionAnswer(entry);
      return { setup: unwrap(setup), punchline: unwrap(punchline), source };
    });
}

function debianFortunes(dir: string): { candidates: JokeCandidate[]; source: DefaultSource } | undefined {
  if (!existsSync(dir)) return undefined;
  const candidates: JokeCandidate[] = [];
  for (const file of readdirSync(dir).sort()) {
    const path = join(dir, file);
    if (file.includes(".") || !statSync(path).isFile()) continue; // .dat indexes, .u8 links, off/
    candidates.push(...parseFortuneFile(readFileSync(path, "utf8"), `debian:fortunes/${file}`));
  }
  return { candidates, source: { name: `debian:fortunes (${dir})`, licence: "BSD", records: candidates.length } };
}

export function loadDefaultCandidates(fortunesDir = DEBIAN_FORTUNES_DIR): { candidates: JokeCandidate[]; sources: DefaultSource[] } {
  let jokes: ReturnType<typeof oneLinerJokes>;
  try {
    jokes = oneLinerJokes();
  } catch (err) {
    throw new InputError("default joke set", "the npm package one-liner-joke is not installed; pass --data FILE", { cause: err });
  }
  const fortunes = debianFortunes(fortunesDir);
  return {
    candidates: fortunes ? [...jokes.candidates, ...fortunes.candidates] : jokes.candidates,
    sources: fortunes ? [jokes.source, fortunes.source] : [jokes.source],
  };
}
