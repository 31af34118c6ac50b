#!/usr/bin/env node
// In a checkout (src/ beside bin/) the CLI runs from the TypeScript sources through tsx, so it can never
// drift from a stale build; an installed package ships no src/ and runs the compiled dist/ with plain Node.
import { existsSync } from "node:fs";

const source = new URL("../src/cli/index.ts", import.meta.url);
let cli;
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  cli = await import(source.href);
} else {
  cli = await import("../dist/cli/index.js");
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
