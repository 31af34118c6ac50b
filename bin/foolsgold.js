#!/usr/bin/env node
// In a checkout (src/ beside bin/) the CLI runs from the TypeScript sources through tsx, so it can never
// drift from a stale build; an installed package ships no src/ and runs the compiled dist/ with plain Node.
import { existsSync } from "node:fs";

const source = new URL("../src/cli/index.ts", import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import("../dist/cli/index.js"));
}
process.exitCode = await main(process.argv);
