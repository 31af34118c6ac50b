// The stamp of the sources dist/ was compiled from, so a checkout's bin/foolsgold.js can run the compiled
// CLI (plain Node: no tsx loader thread, no transpiling; ≈ 30 MB less peak RSS in a demo) only while
// dist/ is known to match src/, and the TypeScript sources through tsx otherwise: a checkout never runs a
// stale build. `npm run build` (and so `npm ci`, through "prepare") calls `begin` before tsc and `end`
// after the assets are copied. The stamp describes the sources as they were *before* tsc read them: a
// file edited during the build makes the stamp disagree with src/ afterwards, so the build counts as
// stale (safe either way); a failed build never reaches `end` and leaves no stamp.
//   node scripts/build-stamp.mjs begin|end
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const STAMP = "dist/.build-stamp.json";
const PENDING = "dist/.build-stamp.pending.json";
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
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(join(root, STAMP), "utf8"));
  } catch {
    return false;
  }
  if (stamp?.version !== 1 || typeof stamp.files !== "object") return false;
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

/** Before tsc: the stamp of the sources about to be compiled, kept aside until the build has finished. */
export function beginBuild(root) {
  mkdirSync(join(root, "dist"), { recursive: true });
  writeFileSync(join(root, PENDING), JSON.stringify(sourceStamp(root)));
}

/** After the build: the stamp taken before it becomes dist/'s. */
export function endBuild(root) {
  if (!existsSync(join(root, PENDING))) throw new Error(`${PENDING}: missing (run the whole "build" script, which writes it before tsc)`);
  renameSync(join(root, PENDING), join(root, STAMP));
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
