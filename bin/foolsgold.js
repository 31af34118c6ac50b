#!/usr/bin/env node
// In a checkout (src/ beside bin/) the CLI runs from the TypeScript sources through tsx, so it can never
// drift from a stale build; an installed package ships no src/ and runs the compiled dist/ with plain Node.
import { existsSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { nodeFlagsFor } from "./node-flags.js";

// A `score` on several threads runs again as a child with its Node flags (./node-flags.js), before
// anything else is loaded: the child has this process's stdin, stdout and stderr, gets every signal this
// one gets, and this one exits with the child's exit code, or by the signal that ended it.
const sizeOf = (path) => (existsSync(path) ? statSync(path).size : 0);
const flags = nodeFlagsFor(process.argv.slice(2), process.env, process.execArgv, { cores: availableParallelism(), sizeOf });
if (flags.length > 0) {
  const { foregroundChild } = await import("foreground-child");
  foregroundChild(process.execPath, [...flags, ...process.argv.slice(1)]);
} else {
  await runHere();
}

async function runHere() {
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
}
