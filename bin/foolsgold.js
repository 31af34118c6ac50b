#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx so the CLI can never drift from a stale build.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/index.ts");
process.exitCode = await main(process.argv);
