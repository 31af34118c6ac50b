// Every name the package root exports (src/index.ts, values and types) is documented in docs/library.md:
// the names come from the compiler's view of the module, so a new export without a doc line fails here.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function exportedNames(): string[] {
  const entry = join(ROOT, "src/index.ts");
  const program = ts.createProgram([entry], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(program.getSourceFile(entry)!);
  return checker
    .getExportsOfModule(symbol!)
    .map((s) => s.getName())
    .sort();
}

/** Names written as code in the page: inside `backticks` or a fenced block, as a whole word. */
function documentedNames(markdown: string): Set<string> {
  const code = [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((m) => m[1] ?? m[2]).join("\n");
  return new Set(code.match(/[A-Za-z_$][\w$]*/g));
}

describe("docs/library.md", () => {
  it("documents every name the package root exports", () => {
    const names = exportedNames();
    expect(names.length).toBeGreaterThan(60);
    const documented = documentedNames(readFileSync(join(ROOT, "docs/library.md"), "utf8"));
    expect(names.filter((n) => !documented.has(n))).toEqual([]);
  });
});
