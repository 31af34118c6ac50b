// The layers the library rests on. Every folder of src/ is a layer; a module may import (statically,
// type-only or dynamically) only modules of its own folder or of a lower layer. The whole import graph
// is checked edge by edge, so a new inversion fails here with the edge that makes it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

/** Layers from the bottom up, each with why it sits there. A folder may import only the folders above it in this list. */
const LAYERS: readonly (readonly [folder: string, reason: string])[] = [
  ["core", "rows, errors, hashes, JSONL and artifacts: the vocabulary every layer shares"],
  ["stats", "one statistic per file: numbers in, numbers out"],
  ["text", "normalization, tokens, lemmas, laughter vocabulary: pure functions of strings"],
  ["guards", "what a reader sees in a turn (screens, laughter, audience address): shared by terms, certify and the monitor"],
  ["models", "backend spec, OpenAI-compatible client, embedded models, cache: knows nothing of what is scored"],
  ["config", "the config file and the model session it opens with models' clients"],
  ["judges", "rubric and bias judges and the IFEval verifier: a reply judged by a model or a rule"],
  ["terms", "one reward term per file, built on text, models and stats"],
  ["envs", "the humor simulator and joke tasks: they make rows and may call a term, never a stack"],
  ["stacks", "terms composed into scorers, external rewards (stacks/rewards), the registry and openScorer"],
  ["mining", "slop dictionary and human-phrase mining: runs terms and scorers over corpora"],
  ["schemas", "JSON Schemas of artifacts and of the mined dictionary file"],
  ["onset", "step signals, reference onset and the detector over training logs"],
  ["server", "the HTTP scoring service and its journal: serves stacks, runs the onset monitor"],
  ["certify", "paired A/B certification, guards, pre-registration; binds scores to the server's journal"],
  ["audit", "probes, fuzzing, transforms, contamination; reads certify's guards"],
  ["hunt", "exploit search with audit's transforms and certify's guards"],
  ["demo", "the `foolsgold demo` pipeline: simulate, score, certify, detect onset"],
  ["index", "src/index.ts, the library's public surface"],
  ["ui", "the dashboard's server: reads artifacts and the server's journal"],
  ["cli", "one file per command: parse, call the library, print"],
];

/** Relative specifiers a module imports: `import … from`, `import type`, `export … from`, `import "…"` and `import("…")`. */
function relativeSpecifiers(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]);
}

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = resolve(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(path);
    return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The file an import names: a `.js` specifier is its `.ts` source. */
function resolveImport(from: string, specifier: string): string {
  const target = resolve(dirname(from), specifier);
  const source = target.replace(/\.js$/, ".ts");
  return existsSync(source) ? source : target;
}

const at = (path: string) => `src/${relative(SRC, path)}`;
const folderOf = (path: string) => (relative(SRC, path).includes("/") ? relative(SRC, path).split("/")[0] : relative(SRC, path).replace(/\.ts$/, ""));

interface Edge {
  from: string;
  to: string;
  text: string;
}

/** Every import between two folders of src/. */
function crossFolderEdges(): Edge[] {
  return modulesUnder(SRC).flatMap((file) =>
    relativeSpecifiers(readFileSync(file, "utf8"))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target) => target.startsWith(SRC + "/") && folderOf(target) !== folderOf(file))
      .map((target) => ({ from: folderOf(file), to: folderOf(target), text: `${at(file)} → ${at(target)}` })),
  );
}

const rank = new Map(LAYERS.map(([folder], i) => [folder, i]));
const edges = crossFolderEdges();
const inversions = edges.filter((e) => rank.get(e.to)! >= rank.get(e.from)!);

/** Module-level reachability, for the rules that are about what a whole entry point pulls in. */
function importGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const specifier of relativeSpecifiers(readFileSync(entry, "utf8"))) importGraph(resolveImport(entry, specifier), seen);
  return seen;
}

const reach = (entry: string) => [...importGraph(resolve(SRC, entry))].map((p) => p.slice(SRC.length + 1));

/** A cycle in the folder graph, as folder names from and back to one folder, or undefined. */
function folderCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (folder: string): string[] | undefined => {
    if (state.get(folder) === "open") return [...path.slice(path.indexOf(folder)), folder];
    if (state.get(folder) === "done") return undefined;
    state.set(folder, "open");
    path.push(folder);
    for (const next of graph.get(folder) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(folder, "done");
    return undefined;
  };
  for (const folder of graph.keys()) {
    const cycle = visit(folder);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("layering", () => {
  it("reads every import form as an edge", () => {
    const sample = [
      'import { a } from "./a.js";',
      'import type { B } from "../b/b.js";',
      'export { c } from "./c.js";',
      'export * from "./d.js";',
      'import "./e.js";',
      'const f = await import("../f/f.js");',
      "import {\n  g,\n} from './g.js';",
      'import { z } from "zod";',
    ].join("\n");
    expect(relativeSpecifiers(sample)).toEqual(["./a.js", "../b/b.js", "./c.js", "./d.js", "./e.js", "../f/f.js", "./g.js"]);
  });

  it("the table names every folder of src/ once, and only folders that exist", () => {
    const folders = new Set(modulesUnder(SRC).map(folderOf));
    const named = LAYERS.map(([folder]) => folder);
    expect(new Set(named).size, "a folder named twice").toBe(named.length);
    expect([...folders].filter((f) => !rank.has(f)).map((f) => `src/${f} has no layer: add it to LAYERS with its reason`)).toEqual([]);
    expect(named.filter((f) => !folders.has(f)).map((f) => `LAYERS names ${f}, which src/ no longer has`)).toEqual([]);
    expect(edges.length).toBeGreaterThan(500);
  });

  it("every import goes to the importer's own folder or a lower layer", () => {
    const broken = inversions.map((e) => `${e.text} breaks ${e.from} < ${e.to}`);
    expect(broken).toEqual([]);
  });

  it("no import cycle between folders", () => {
    const graph = new Map<string, Set<string>>();
    for (const e of edges) graph.set(e.from, (graph.get(e.from) ?? new Set()).add(e.to));
    expect(folderCycle(graph)?.join(" → ")).toBeUndefined();
  });

  it("stacks/open reaches no CLI module", () => {
    expect(reach("stacks/open.ts").filter((p) => p.startsWith("cli/"))).toEqual([]);
  });

  it("no model module reaches stacks or terms", () => {
    const models = readdirSync(resolve(SRC, "models")).filter((f) => f.endsWith(".ts"));
    expect(models).toContain("roles.ts");
    for (const file of models)
      expect(
        reach(`models/${file}`).filter((p) => p.startsWith("stacks/") || p.startsWith("terms/")),
        file,
      ).toEqual([]);
  });
});
