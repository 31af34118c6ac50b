// The package a user installs: `npm pack` (prepare builds dist/, prepack the dashboard), then
// `npm install --omit=dev <tarball>` into an empty project from the npm cache. The documented library
// example (docs/library.md) must typecheck against the shipped types and run under plain Node, the CLI
// must run, and no build tool, test runner, Vite or Playwright may be installed.
// --ignore-scripts: better-sqlite3's install script fetches or compiles a native binary (network,
// minutes); nothing here opens a cache, and the binding is only loaded when one is.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import ts from "typescript";
import { buildIsFresh } from "../../scripts/build-stamp.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const DOC = readFileSync(join(ROOT, "docs/library.md"), "utf8");
const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

let dir: string;
let app: string;
let installed: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fg-pack-"));
  const out = join(dir, "tarball");
  app = join(dir, "app");
  mkdirSync(out);
  mkdirSync(app);
  npm(["pack", "--pack-destination", out, "--silent"], ROOT);
  const tarball = readdirSync(out).find((f) => f.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack left no tarball in ${out}`);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "fg-pack-app", private: true, type: "module" }));
  npm(["install", "--omit=dev", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", join(out, tarball)], app);
  installed = join(app, "node_modules/foolsgold");
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("ships compiled code, types, the built dashboard and a license, and no sources, tests or benches", () => {
    for (const f of ["dist/index.js", "dist/index.d.ts", "dist/cli/index.js", "dist/text/laughter/vocab-v3.json", "dist/rewards/python-worker.py", "web/dist/index.html", "LICENSE", "bin/foolsgold.js"]) expect(existsSync(join(installed, f)), f).toBe(true);
    for (const f of ["src", "test", "bench", ".ci", "tsconfig.json", "dist/.build-stamp.json"]) expect(existsSync(join(installed, f)), f).toBe(false);
    // The build npm pack ran left this checkout's dist/ stamped fresh, so its bin runs the compiled CLI.
    expect(buildIsFresh(ROOT)).toBe(true);
  });

  it("installs no build tool, type package, test runner, Vite or Playwright", () => {
    const modules = join(app, "node_modules");
    for (const dev of ["typescript", "tsx", "vitest", "vite", "playwright-core", "@types/node", "react"]) expect(existsSync(join(modules, dev)), dev).toBe(false);
  });

  it("runs the documented example with plain Node, typechecked against the shipped types", () => {
    const code = /```ts\n([\s\S]*?)```/.exec(DOC)?.[1];
    const expected = /It prints[^\n]*\n\n```\n([\s\S]*?)```/.exec(DOC)?.[1];
    expect(code && expected).toBeTruthy();
    writeFileSync(join(app, "example.ts"), code!);
    const program = ts.createProgram([join(app, "example.ts")], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
      typeRoots: [join(ROOT, "node_modules/@types")],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);
    writeFileSync(join(app, "example.mjs"), ts.transpileModule(code!, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    const run = spawnSync(process.execPath, ["example.mjs"], { cwd: app, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe(expected);
  });

  it("runs the CLI from the compiled code", () => {
    const bin = join(app, "node_modules/.bin/foolsgold");
    expect(execFileSync(bin, ["--version"], { encoding: "utf8" }).trim()).toBe(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version);
    const bank = join(app, "bank.jsonl");
    writeFileSync(bank, JSON.stringify({ id: "a", prompt: "No commas.", output: "feel free, friend", instruction_id_list: ["punctuation:no_comma"], kwargs: [{}] }) + "\n");
    const scored = join(app, "scored.jsonl");
    const run = spawnSync(bin, ["score", "--stack", "cherrl", "--in", bank, "--out", scored, "--no-cache"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const row = JSON.parse(readFileSync(scored, "utf8").trim());
    expect([row.score.value, row.score.terms.clean.value, row.score.terms.bias.value]).toEqual([0.5, 0, 1]);
  });
});
