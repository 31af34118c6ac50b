#!/usr/bin/env node
// An installed package ships no src/ and runs the compiled dist/ with plain Node. In a checkout (src/
// beside bin/) the CLI runs dist/ too when the stamp `npm run build` leaves there (npm ci builds through
// "prepare") still matches every source file (scripts/build-stamp.mjs), and the TypeScript sources
// through tsx otherwise, so a checkout never runs a stale build. Plain Node saves the demo ≈ 30 MB of
// peak RSS and the transpiling; the check costs one stat per source file.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = new URL("../src/cli/index.ts", import.meta.url);
const checkout = existsSync(source);
const fromSources = async () => {
  const { register } = await import("tsx/esm/api");
  register();
  return import(source.href);
};
let cli;
if (checkout && !(await import("../scripts/build-stamp.mjs")).buildIsFresh(fileURLToPath(new URL("..", import.meta.url)))) {
  cli = await fromSources();
} else {
  try {
    cli = await import("../dist/cli/index.js");
  } catch (err) {
    // A checkout whose dist/ is being swapped by a build this instant (or was removed by hand): a
    // missing module fails the import before any of it runs, so the sources can stand in.
    if (!checkout || err?.code !== "ERR_MODULE_NOT_FOUND") throw err;
    cli = await fromSources();
  }
}
cli.exitQuietlyOnClosedPipe();
const code = await cli.main(process.argv);
// A failed command ends now: open handles (worker threads, timers, sockets) must not keep it hanging.
// What it wrote is flushed first (pipes are asynchronous outside Linux).
if (code !== 0) {
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write("", () => done()))));
  process.exit(code);
}
process.exitCode = code;
