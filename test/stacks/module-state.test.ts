// No hidden module state in src/terms, src/text and src/onset (issue 34): a binding at module level
// that code inside a function reassigns or mutates is state every scorer of the process shares. The
// rules (docs/library.md, "Module state"):
// (a) per-input caches, memos of pure functions, maps per word table, scratch buffers, numberings and
//     flags belong to an object the scorer or run owns — the ProseEngine's compile and its word table
//     (Lexicon.derived), an EchoIndex, a monitor's DetectorMemory — passed in, or are per-call locals;
// (b) immutable data read once (a shipped table, a lazily required module, a pattern compiled on first
//     use) goes through `once(() => load())` (src/core/once.ts), whose value never changes once made:
//     a `const` the scanner below does not flag;
// (c) no work at import beyond building constant tables (warm-ups are one explicit warmUp(),
//     src/stacks/warm-up.ts). The scan reads every source file of those folders.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const FOLDERS = ["src/terms", "src/text", "src/onset"];

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

  it("finds no module-level binding that a function reassigns or mutates", () => {
    expect(found.sort()).toEqual([]);
  });

  it("runs no warm-up at import", () => {
    expect(work.filter((w) => /warm/i.test(w) || /^\S+: for \(let k = 0; k </.test(w))).toEqual([]);
  });

  it("the scanner sees a memo, a flag and a warm-up loop", () => {
    const scan = moduleState(
      [
        "const memo = new Map<string, number>();",
        "let pinned = false;",
        "export function f(x: string) {",
        "  memo.set(x, 1);",
        "}",
        "for (let k = 0; k < 8; k++) f('a');",
        "const TABLE = new Set(['a']);",
        "export function g(x: string) {",
        "  return TABLE.has(x);",
        "}",
      ].join("\n"),
    );
    expect(scan.state.sort()).toEqual(["memo", "pinned"]);
    expect(scan.work).toEqual(["for (let k = 0; k < 8; k++) f('a');"]);
  });
});
