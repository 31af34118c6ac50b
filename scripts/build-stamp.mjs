// The stamp of the sources dist/ was compiled from, so a checkout's bin/foolsgold.js runs the compiled
// CLI (plain Node: no tsx loader thread, no transpiling) only while dist/ is known to match src/, and
// the TypeScript sources through tsx otherwise: a checkout never runs a stale build.
// `npm run build` (and so `npm ci`, through "prepare") is `node scripts/build-stamp.mjs build`:
//   1. stamp the inputs (size, mtime, sha256 of every file) into a folder of this build's own
//      (dist.building-<pid>-<n>/: two builds at once never share one);
//   2. compile into it (tsc, then scripts/copy-assets.mjs);
//   3. check that no input changed while it compiled — same list, same size and time exactly, no hash
//      fallback (a file edited and put back has a new time): otherwise the build fails and dist/ stays;
//   4. swap it in for dist/ with renames, so dist/ is whole for processes already running it.
// tsconfig.build.json's own outDir is dist.building/, so a bare `tsc -p tsconfig.build.json` (a watch
// task, an editor's build) never writes into a stamped dist/.
//   node scripts/build-stamp.mjs build
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const STAMP = "dist/.build-stamp.json";
export const STAMP_NAME = ".build-stamp.json";
/**
 * What turns into dist/: every file under src/, the settings of the compile ("type" in package.json
 * decides the module format), the asset copier, and the compiler's own version.
 */
const INPUT_FILES = ["package.json", "tsconfig.json", "tsconfig.build.json", "scripts/copy-assets.mjs", "node_modules/typescript/package.json"];

const sha256 = (path) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** Files under dir (recursively), relative with "/" separators; walked by hand (readdirSync's `recursive` is unreliable on early Node 20). */
function filesUnder(root, dir) {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(root, path));
    else out.push(path); // files and links alike: a link to a source is an input too (statSync follows it)
  }
  return out;
}

/** The build's input files, relative to root with "/" separators, sorted. */
export function buildInputs(root) {
  return [...INPUT_FILES, ...filesUnder(root, "src")].sort();
}

/** Each input's size, modification time and content hash. */
export function sourceStamp(root) {
  const files = {};
  for (const file of buildInputs(root)) {
    const path = join(root, file);
    const { size, mtimeMs } = statSync(path);
    files[file] = { size, mtimeMs, sha256: sha256(path) };
  }
  return { version: 1, files };
}

/**
 * Whether root's dist/ was built from the inputs as they are now. Cheap on the usual path: the list of
 * files, then one stat each; a file is hashed only when its size matches but its time does not (a
 * checkout or copy that rewrote it with the same bytes).
 */
export function buildIsFresh(root) {
  try {
    return matchesStamp(root, JSON.parse(readFileSync(join(root, STAMP), "utf8")), true);
  } catch {
    // No stamp, an unreadable one, or an input gone (a compile setting deleted, a file removed while
    // this looked): not known to match, so the sources run.
    return false;
  }
}

function matchesStamp(root, stamp, hashWhenTimeMoved) {
  if (stamp?.version !== 1 || typeof stamp.files !== "object" || stamp.files === null) return false;
  const inputs = buildInputs(root);
  if (inputs.length !== Object.keys(stamp.files).length) return false;
  for (const file of inputs) {
    const recorded = stamp.files[file];
    if (!recorded) return false;
    const path = join(root, file);
    const { size, mtimeMs } = statSync(path);
    if (size !== recorded.size) return false;
    if (mtimeMs !== recorded.mtimeMs && !(hashWhenTimeMoved && sha256(path) === recorded.sha256)) return false;
  }
  return true;
}

let builds = 0;

/**
 * The whole build: stamp, `compile(outDir)` into a folder of this build's own, check the inputs did
 * not move meanwhile, swap the folder in for dist/. A compile that throws, or inputs that changed,
 * leave dist/ as it was.
 */
export function buildInto(root, compile) {
  const out = `dist.building-${process.pid}-${++builds}`;
  const dir = join(root, out);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  try {
    const stamp = sourceStamp(root);
    compile(out);
    if (!matchesStamp(root, stamp, false)) throw new Error("the sources changed during the build (a file edited, added, removed or put back); dist/ left as it was: build again");
    writeFileSync(join(dir, STAMP_NAME), JSON.stringify(stamp));
    swapIn(root, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** dir becomes dist/; the old dist/ is gone only once the new one is in place. Retried when another build swaps at the same moment. */
function swapIn(root, dir) {
  const dist = join(root, "dist");
  for (let attempt = 0; ; attempt++) {
    const replaced = join(root, `dist.replaced-${process.pid}-${builds}-${attempt}`);
    const retry = (err) => attempt < 5 && ["ENOTEMPTY", "EEXIST", "ENOENT"].includes(err.code);
    try {
      if (existsSync(dist)) renameSync(dist, replaced);
    } catch (err) {
      if (retry(err)) continue; // another build moved it first
      throw err;
    }
    try {
      renameSync(dir, dist);
    } catch (err) {
      // Another build put its dist/ in between our two renames: ours goes in on the next try. Any
      // other failure puts the old dist/ back rather than leave none.
      if (!existsSync(dist) && existsSync(replaced)) renameSync(replaced, dist);
      else rmSync(replaced, { recursive: true, force: true });
      if (retry(err)) continue;
      throw err;
    }
    rmSync(replaced, { recursive: true, force: true });
    return;
  }
}

/** tsc, then the assets, into outDir (relative to root). */
function compileWithTsc(root, outDir) {
  const tsc = createRequire(join(root, "package.json")).resolve("typescript/bin/tsc");
  const steps = [
    [tsc, "-p", "tsconfig.build.json", "--outDir", outDir],
    [join(root, "scripts", "copy-assets.mjs"), outDir],
  ];
  for (const args of steps) {
    const run = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
    if (run.status !== 0) throw new Error(`${args.slice(0, 1).join(" ")} failed (exit ${run.status ?? run.signal}); dist/ left as it was`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const step = process.argv[2];
  if (step !== "build") {
    process.stderr.write(`build-stamp: expected "build", got ${JSON.stringify(step)}\n`);
    process.exit(2);
  }
  try {
    buildInto(root, (outDir) => compileWithTsc(root, outDir));
  } catch (err) {
    process.stderr.write(`build: ${err.message}\n`);
    process.exit(1);
  }
}
