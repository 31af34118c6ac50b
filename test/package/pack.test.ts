// The package a user installs: `npm pack` (prepare builds dist/, prepack the dashboard), then
// `npm install <tarball>` into an empty project with no network: the registry is pointed at a closed
// loopback port, so any download fails the install. Every dependency travels bundled in the tarball;
// install scripts run as on a user's machine (better-sqlite3 builds its binding from the bundled sources
// against the machine's Node headers); no project .npmrc and no extra environment variable.
// The documented library example (docs/library.md) must typecheck against the shipped types and run
// under plain Node, the CLI must run, the embedder must work without the optional ONNX runtime, and no
// build tool, test runner, Vite or Playwright may be installed.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import ts from "typescript";
import { buildIsFresh } from "../../scripts/build-stamp.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const DOC = readFileSync(join(ROOT, "docs/library.md"), "utf8");
/** The most node_modules a user's install of the library and CLI may take (issue 39): 150 MiB, by files' bytes and by disk blocks. */
const MAX_INSTALLED_BYTES = 150 * 1024 * 1024;
const npm = (args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => execFileSync("npm", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

let dir: string;
let app: string;
let installed: string;
let installSeconds = 0;

/**
 * Bytes of every regular file under `path`; the disk blocks (st_blocks × 512) the files take; and the
 * disk blocks that they and the folders holding them take, as `du -s --block-size=1 path` counts them.
 * A file with several hard links counts once, as du counts it (node-gyp links better-sqlite3's binding
 * into build/Release from obj.target).
 */
function treeBytes(path: string, seen = new Set<string>()): { bytes: number; fileDisk: number; disk: number } {
  const total = { bytes: 0, fileDisk: 0, disk: statSync(path).blocks * 512 };
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) {
      const sub = treeBytes(full, seen);
      total.bytes += sub.bytes;
      total.fileDisk += sub.fileDisk;
      total.disk += sub.disk;
    } else if (entry.isFile()) {
      const stat = statSync(full);
      const inode = `${stat.dev}:${stat.ino}`;
      if (stat.nlink > 1 && seen.has(inode)) continue;
      seen.add(inode);
      total.bytes += stat.size;
      total.fileDisk += stat.blocks * 512;
      total.disk += stat.blocks * 512;
    }
  }
  return total;
}

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
  // Only what any shell has: no npm_config_* variable (vitest runs under npm, which sets dozens).
  const bare: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  const t0 = performance.now();
  npm(["install", "--registry=http://127.0.0.1:9/", "--no-audit", "--no-fund", join(out, tarball)], app, bare);
  installSeconds = (performance.now() - t0) / 1000;
  installed = join(app, "node_modules/foolsgold");
}, 1_800_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("ships compiled code, types, the built dashboard and a license, and no sources, tests or benches", () => {
    for (const f of ["dist/index.js", "dist/index.d.ts", "dist/cli/index.js", "dist/text/laughter/vocab-v3.json", "dist/stacks/rewards/python-worker.py", "web/dist/index.html", "LICENSE", "bin/foolsgold.js"])
      expect(existsSync(join(installed, f)), f).toBe(true);
    for (const f of ["src", "test", "bench", ".ci", "tsconfig.json", "dist/.build-stamp.json"]) expect(existsSync(join(installed, f)), f).toBe(false);
    // The build npm pack ran left this checkout's dist/ stamped fresh, so its bin runs the compiled CLI.
    expect(buildIsFresh(ROOT)).toBe(true);
  });

  it("installs with no network in at most 150 MB of node_modules, by files' bytes and by disk blocks", () => {
    const { bytes, fileDisk, disk } = treeBytes(join(app, "node_modules"));
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(`installed: ${mb(bytes)} MB of files in node_modules (${mb(disk)} MB of disk blocks with the folders' own, as du counts; ${mb(fileDisk)} MB for the files alone) in ${installSeconds.toFixed(0)} s, no network`);
    // Where the disk blocks go (many small files cost a 4 kB block each): the packages to slim first.
    const bundled = join(installed, "node_modules");
    const dirs = (path: string): string[] =>
      readdirSync(path, { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.startsWith("."))
        .map((e) => e.name);
    // A scope counts as one.
    const packages = dirs(bundled);
    const largest = packages
      .map((name) => ({ name, ...treeBytes(join(bundled, name)) }))
      .sort((a, b) => b.disk - a.disk)
      .slice(0, 6);
    console.log(`largest bundled packages (MB of disk blocks / of files): ${largest.map((p) => `${p.name} ${mb(p.disk)}/${mb(p.bytes)}`).join(", ")}`);
    // du agrees on the blocks where it is GNU du (the sum above is what it adds up).
    const du = spawnSync("du", ["-s", "--block-size=1", join(app, "node_modules")], { encoding: "utf8" });
    if (du.status === 0) expect(Number(du.stdout.split(/\s/)[0])).toBe(disk);
    expect(bytes).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
    expect(disk).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
  });

  it("embeds without the optional ONNX runtime, and says which runtime served", async () => {
    expect(existsSync(join(app, "node_modules/onnxruntime-node"))).toBe(false);
    const server = spawn(join(app, "node_modules/.bin/foolsgold"), ["lm", "serve", "--port", "0"], { cwd: app, stdio: ["ignore", "pipe", "pipe"] });
    try {
      const baseUrl = await new Promise<string>((resolveUrl, reject) => {
        let text = "";
        server.stdout.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          const found = /server at (http:\/\/\S+)/.exec(text);
          if (found) resolveUrl(found[1]);
        });
        server.once("exit", (code) => reject(new Error(`lm serve exited ${code} before it was ready`)));
      });
      const models = (await (await fetch(`${baseUrl}/models`)).json()) as { data: { id: string; meta: Record<string, unknown> }[] };
      expect(models.data.find((m) => m.id === "use-lite-512")?.meta).toMatchObject({ runtime: "tfjs", builder_version: "tfjs" });
      const answer = (await (await fetch(`${baseUrl}/embeddings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "use-lite-512", input: ["a cat sat on the mat"] }) })).json()) as {
        data: { embedding: number[] }[];
      };
      expect(answer.data[0].embedding).toHaveLength(512);
      expect(answer.data[0].embedding.every(Number.isFinite) && answer.data[0].embedding.some((x) => x !== 0)).toBe(true);
    } finally {
      server.kill("SIGTERM");
    }
  }, 120_000);

  it("exports the promptfoo assertion as foolsgold/promptfoo", () => {
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", 'const m = await import("foolsgold/promptfoo"); console.log(typeof m.default, typeof m.closeFoolsgold)'], { cwd: app, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("function function");
  });

  it("installs no build tool, type package, test runner, Vite, Playwright or @stdlib", () => {
    const modules = join(app, "node_modules");
    for (const dev of ["typescript", "tsx", "vitest", "vite", "playwright-core", "@types/node", "react"]) expect(existsSync(join(modules, dev)), dev).toBe(false);
    // @stdlib is bundled at build time (src/stats/vendor/stdlib-dists.js): none of its packages is installed.
    expect(existsSync(join(modules, "@stdlib")) || existsSync(join(installed, "node_modules/@stdlib"))).toBe(false);
  });

  it("computes the statistics with the bundled @stdlib code, @stdlib's numbers exactly", () => {
    const shipped = join(installed, "dist/stats/vendor/stdlib-dists.js");
    const calls = "[m.normalCdf(-30, 0, 1), m.normalQuantile(0.975, 0, 1), m.chisquareCdf(3.2, 2), m.tCdf(-4.1, 7.5), m.tQuantile(0.995, 12)]";
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", `const m = await import(${JSON.stringify(shipped)}); console.log(JSON.stringify(${calls}))`], { cwd: app, encoding: "utf8" });
    expect(run.stderr).toBe("");
    const require = createRequire(import.meta.url);
    const fn = (pkg: string) => require(`@stdlib/stats-base-dists-${pkg}`) as (...args: number[]) => number;
    const expected = [fn("normal-cdf")(-30, 0, 1), fn("normal-quantile")(0.975, 0, 1), fn("chisquare-cdf")(3.2, 2), fn("t-cdf")(-4.1, 7.5), fn("t-quantile")(0.995, 12)];
    expect(JSON.parse(run.stdout)).toEqual(expected);
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
