// The stamp of the sources dist/ was compiled from, so a checkout's bin/foolsgold.js runs the compiled
// CLI (plain Node: no tsx loader thread, no transpiling) only while dist/ is known to match src/, and
// the TypeScript sources through tsx otherwise: a checkout never runs a stale build.
// `npm run build` (and so `npm ci`, through "prepare") compiles into dist.building/: `begin` stamps the
// sources there before tsc reads them, `end` swaps the finished folder in for dist/ with two renames.
// Stamped before: a file edited during the build leaves the stamp disagreeing with src/, so the build
// counts as stale (safe either way). Swapped at the end: while a build runs (`npm pack` in the tests
// runs one), dist/ stays whole for processes already running it; a failed build leaves dist/ as it was.
//   node scripts/build-stamp.mjs begin|end
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const STAMP = "dist/.build-stamp.json";
export const BUILDING = "dist.building";
const REPLACED = "dist.replaced";
/** What tsc and scripts/copy-assets.mjs turn into dist/: every file under src/ and the settings of the compile ("type" in package.json decides the module format). */
const INPUT_FILES = ["package.json", "tsconfig.json", "tsconfig.build.json", "scripts/copy-assets.mjs"];

const sha256 = (path) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** The build's input files, relative to root with "/" separators, sorted. */
export function buildInputs(root) {
  const sources = readdirSync(join(root, "src"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join("/"));
  return [...INPUT_FILES, ...sources].sort();
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
    return matchesStamp(root, JSON.parse(readFileSync(join(root, STAMP), "utf8")));
  } catch {
    // No stamp, an unreadable one, or an input gone (a compile setting deleted, a file removed while
    // this looked): not known to match, so the sources run.
    return false;
  }
}

function matchesStamp(root, stamp) {
  if (stamp?.version !== 1 || typeof stamp.files !== "object" || stamp.files === null) return false;
  const inputs = buildInputs(root);
  if (inputs.length !== Object.keys(stamp.files).length) return false;
  for (const file of inputs) {
    const recorded = stamp.files[file];
    if (!recorded) return false;
    const path = join(root, file);
    const { size, mtimeMs } = statSync(path);
    if (size !== recorded.size) return false;
    if (mtimeMs !== recorded.mtimeMs && sha256(path) !== recorded.sha256) return false;
  }
  return true;
}

/** Before tsc: an empty dist.building/ holding the stamp of the sources about to be compiled. */
export function beginBuild(root) {
  rmSync(join(root, BUILDING), { recursive: true, force: true });
  mkdirSync(join(root, BUILDING));
  writeFileSync(join(root, BUILDING, ".build-stamp.json"), JSON.stringify(sourceStamp(root)));
}

/** After tsc and the assets: dist.building/ becomes dist/; the old dist/ is gone only once the new one is in place. */
export function endBuild(root) {
  if (!existsSync(join(root, BUILDING, ".build-stamp.json"))) throw new Error(`${BUILDING}/.build-stamp.json: missing (run the whole "build" script, which writes it before tsc)`);
  rmSync(join(root, REPLACED), { recursive: true, force: true });
  if (existsSync(join(root, "dist"))) renameSync(join(root, "dist"), join(root, REPLACED));
  renameSync(join(root, BUILDING), join(root, "dist"));
  rmSync(join(root, REPLACED), { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const step = process.argv[2];
  if (step === "begin") beginBuild(root);
  else if (step === "end") endBuild(root);
  else {
    process.stderr.write(`build-stamp: expected "begin" or "end", got ${JSON.stringify(step)}\n`);
    process.exit(2);
  }
}
