// The layers the library rests on: opening a stack never pulls in the CLI (commander, progress bars),
// and the model layer never reaches up into stacks or terms.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

/** Every module reachable from `entry` through relative imports (static, type-only and dynamic). */
function importGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, "utf8");
  for (const m of text.matchAll(/(?:from\s+|import\(\s*)"(\.[^"]+)"/g)) importGraph(resolve(dirname(entry), m[1].replace(/\.js$/, ".ts")), seen);
  return seen;
}

const reach = (entry: string) => [...importGraph(resolve(SRC, entry))].map((p) => p.slice(SRC.length + 1));

describe("layering", () => {
  it("stacks/open reaches no CLI module", () => {
    expect(reach("stacks/open.ts").filter((p) => p.startsWith("cli/"))).toEqual([]);
  });

  it("no model module reaches stacks or terms", () => {
    const models = readdirSync(resolve(SRC, "models")).filter((f) => f.endsWith(".ts"));
    expect(models).toContain("roles.ts");
    for (const file of models) expect(reach(`models/${file}`).filter((p) => p.startsWith("stacks/") || p.startsWith("terms/")), file).toEqual([]);
  });
});
