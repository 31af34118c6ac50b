// After tsc: copy the files the compiled code reads next to itself (JSON data, plain-JS worker
// entries) from src/ into the build's output folder (dist/, or the folder named as the argument: the
// build compiles into dist.building/, scripts/build-stamp.mjs), at the same relative paths, so the
// build runs on its own.
//   node scripts/copy-assets.mjs [out-dir]
import { cpSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SRC = join(ROOT, "src");
const OUT = resolve(ROOT, process.argv[2] ?? "dist");

function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyAssets(path);
    else if (!name.endsWith(".ts")) cpSync(path, join(OUT, relative(SRC, path)));
  }
}

copyAssets(SRC);
