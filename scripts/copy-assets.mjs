// After tsc: copy the files the compiled code reads next to itself (JSON data, plain-JS worker
// entries) from src/ into dist/, at the same relative paths, so dist/ runs on its own.
import { cpSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const SRC = new URL("../src/", import.meta.url).pathname;
const DIST = new URL("../dist/", import.meta.url).pathname;

function copyAssets(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyAssets(path);
    else if (!name.endsWith(".ts")) cpSync(path, join(DIST, relative(SRC, path)));
  }
}

copyAssets(SRC);
