// No hidden module state in src/terms, src/text and src/onset (issue 34): a binding at module level
// that code inside a function reassigns or mutates (a cache, a memo, a flag, scratch buffers) is state
// every scorer of the process shares, so it belongs to an engine the scorer owns, passed in the
// context; and no work runs at import beyond building constant tables (warm-ups are one explicit
// warmUp(), src/stacks/warm-up.ts). The scan reads every source file of those folders.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const FOLDERS = ["src/terms", "src/text", "src/onset"];

/**
 * State left to move, each named with why it is still here (the list may only shrink): pure memos
 * shared by every caller, whose bounded contents change no answer.
 */
const REMAINING: Record<string, string> = {
  "src/text/lemma.ts memo": "memo of a pure function (bounded), read by every word lookup",
  "src/text/lemma.ts winkLoaded": "a lazily required module",
  "src/text/pos-lemma.ts nlp": "a lazily required module",
  "src/text/pos-lemma.ts winkLoaded": "a lazily required module",
  "src/text/lemma-table.ts shipped": "the shipped lemma table, read once",
  "src/text/word-table.ts shipped": "the shipped word-form table, read once",
  "src/text/char-facts.ts astral": "memo of the astral planes' character facts (bounded)",
  "src/text/char-facts.ts bmp": "memo of the basic plane's character facts",
  "src/text/char-facts.ts factSearches": "compiled searches by fact mask",
  "src/text/fold.ts folded": "memo of each code unit's fold",
  "src/terms/prose/negation.ts markerCache": "markers per word table, keyed weakly by the table",
  "src/terms/prose/function-order.ts idsCache": "ids per word table, keyed weakly by the table",
  "src/terms/prose/language.ts promptMarks": "prompt marks per word table, keyed weakly by the table",
  "src/terms/prose/language.ts promptShares": "prompt shares per word table, keyed weakly by the table",
  "src/terms/prose/echo-index.ts rawIds": "scratch buffer (overwritten per reply)",
  "src/terms/prose/echo-index.ts unifiedIds": "scratch buffer (overwritten per reply)",
  "src/terms/prose/echo-tokens.ts PARTS": "memo of a pure split",
  "src/terms/prose/repetition-guard.ts shared": "a reused window table (reset per reply)",
  "src/text/laughter/vocab.ts cache": "compiled laughter vocabularies by version",
  "src/onset/detector/row-view.ts texts": "each row's text memo, keyed weakly by the row",
  "src/terms/humor/relevance.ts shipped": "the shipped relevance reference, read once",
  "src/terms/humor/screens.ts asteriskFold": "a compiled constant pattern, built on first use",
  "src/text/laughter-meaning.ts compiled": "the shipped laughter table compiled once",
  "src/text/reader-view.ts bmpClass": "memo of each basic-plane code point's class from the shipped table",
  "src/text/reader-view.ts astralClass": "memo of each astral code point's class (bounded by the table)",
  "src/onset/detector/key-ids.ts table": "the detector's feature-key numbering across monitor runs",
  "src/onset/detector/key-ids.ts generation": "the numbering's generation",
  "src/onset/detector/key-ids.ts tableGeneration": "the numbering's generation per table",
  "src/onset/detector/key-ids.ts rowIds": "numbered keys kept per row memo",
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|mts|mjs|js)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [join(dir, e.name)] : []));
}

const MUTATORS = "set|add|delete|clear|push|pop|shift|unshift|splice|fill|sort|reverse|copyWithin";

/** Module-level bindings that functions of the file reassign or mutate, and statements run at import. */
function moduleState(text: string): { state: string[]; work: string[] } {
  const lines = text.split("\n");
  const state = new Set<string>();
  const work: string[] = [];
  const bindings: string[] = [];
  for (const line of lines) {
    const let_ = /^(?:export )?(?:let|var) +([A-Za-z_$][\w$]*)/.exec(line);
    if (let_) state.add(let_[1]);
    const const_ = /^(?:export )?const +([A-Za-z_$][\w$]*)/.exec(line);
    if (const_) bindings.push(const_[1]);
    if (/^(?:for|while|do) *[({]|^[A-Za-z_$][\w$.]*\(.*\);?$/.test(line) && !/^export /.test(line)) work.push(line.trim());
  }
  // Lines inside a function or class body (not inside a loop that fills a table at load).
  let inLoad = false;
  const inFunctions = lines.filter((l) => {
    if (/^\S/.test(l)) inLoad = /^(?:for|while|do|if)\b/.test(l);
    return !inLoad && /^\s+\S/.test(l) && !/^\s*\/\//.test(l);
  });
  for (const name of bindings) {
    const mutated = new RegExp(`\\b${name.replace(/\$/g, "\\$")}(?:\\.(?:${MUTATORS})\\(|\\[[^\\]]+\\]\\s*(?:[-+*/|&]?=)(?!=)|\\s*=(?!=))`);
    if (inFunctions.some((l) => mutated.test(l))) state.add(name);
  }
  return { state: [...state], work };
}

describe("module state in src/terms, src/text and src/onset", () => {
  const found: string[] = [];
  const work: string[] = [];
  for (const folder of FOLDERS) {
    // Build scripts (src/text/data/build-*.ts) run at build time, not in a scorer.
    for (const file of sources(join(ROOT, folder)).filter((f) => !/\/build-[^/]+$/.test(f))) {
      const rel = relative(ROOT, file);
      const scan = moduleState(readFileSync(file, "utf8"));
      found.push(...scan.state.map((name) => `${rel} ${name}`));
      work.push(...scan.work.map((line) => `${rel}: ${line}`));
    }
  }

  it("finds none beyond the named remainder, and the remainder is all still there", () => {
    expect(found.filter((f) => !(f in REMAINING)).sort()).toEqual([]);
    expect(Object.keys(REMAINING).filter((r) => !found.includes(r))).toEqual([]);
  });

  it("runs no warm-up at import", () => {
    expect(work.filter((w) => /warm/i.test(w) || /^\S+: for \(let k = 0; k </.test(w))).toEqual([]);
  });

  it("the scanner sees a memo, a flag and a warm-up loop", () => {
    const scan = moduleState(["const memo = new Map<string, number>();", "let pinned = false;", "export function f(x: string) {", "  memo.set(x, 1);", "}", "for (let k = 0; k < 8; k++) f('a');", "const TABLE = new Set(['a']);", "export function g(x: string) {", "  return TABLE.has(x);", "}"].join("\n"));
    expect(scan.state.sort()).toEqual(["memo", "pinned"]);
    expect(scan.work).toEqual(["for (let k = 0; k < 8; k++) f('a');"]);
  });
});
