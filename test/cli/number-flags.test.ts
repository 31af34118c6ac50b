// Number-valued flags go through one parser (src/cli/flags.ts): the parser at its bounds, then every
// command's integer and number flags one step outside their range through the real CLI, which must
// exit 2 with one line naming the flag before it does any work.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { intFlag, numberFlag, optionalIntFlag } from "../../src/cli/flags.js";
import { runCli } from "../helpers/run-cli.js";

describe("intFlag", () => {
  it("takes the bounds themselves and refuses one step outside", () => {
    expect(intFlag("--n", "1")).toBe(1);
    expect(intFlag("--port", "0", { min: 0, max: 65535 })).toBe(0);
    expect(intFlag("--port", "65535", { min: 0, max: 65535 })).toBe(65535);
    expect(intFlag("--seed", "-3", { min: -Infinity })).toBe(-3);
    expect(() => intFlag("--n", "0")).toThrow('--n: must be a positive integer, got "0"');
    expect(() => intFlag("--port", "65536", { min: 0, max: 65535 })).toThrow('--port: must be an integer from 0 to 65535, got "65536"');
    expect(() => intFlag("--port", "-1", { min: 0, max: 65535 })).toThrow('--port: must be an integer from 0 to 65535, got "-1"');
    expect(() => intFlag("--max-queue", "-1", { min: 0 })).toThrow('--max-queue: must be an integer ≥ 0, got "-1"');
  });

  it("reads only decimal digits: no empty, fractional, exponent, hex or unsafe values", () => {
    for (const value of ["", " ", "1.5", "2.0", "1e3", "0x10", "abc", "1_000", "Infinity", "9007199254740993"]) {
      expect(() => intFlag("--n", value), value).toThrow(`--n: must be a positive integer, got ${JSON.stringify(value)}`);
    }
    expect(() => intFlag("--seed", "1.5", { min: -Infinity })).toThrow('--seed: must be an integer, got "1.5"');
  });

  it("an optional flag left out is undefined", () => {
    expect(optionalIntFlag("--limit", undefined)).toBeUndefined();
    expect(optionalIntFlag("--limit", "7")).toBe(7);
  });
});

describe("numberFlag", () => {
  it("open and closed bounds, and every rule in words", () => {
    expect(numberFlag("--t", "0", { atLeast: 0, atMost: 2 })).toBe(0);
    expect(numberFlag("--t", "2", { atLeast: 0, atMost: 2 })).toBe(2);
    expect(numberFlag("--f", "1e-3", { above: 0, below: 1 })).toBe(0.001);
    expect(() => numberFlag("--f", "0", { above: 0, below: 1 })).toThrow('--f: must be a number in (0, 1), got "0"');
    expect(() => numberFlag("--f", "1", { above: 0, below: 1 })).toThrow('--f: must be a number in (0, 1), got "1"');
    expect(() => numberFlag("--t", "2.5", { atLeast: 0, atMost: 2 })).toThrow('--t: must be a number in [0, 2], got "2.5"');
    expect(() => numberFlag("--mb", "0", { above: 0, atMost: 1024 })).toThrow('--mb: must be a number in (0, 1024], got "0"');
    expect(() => numberFlag("--z", "0", { above: 0 })).toThrow('--z: must be a number > 0, got "0"');
    expect(() => numberFlag("--a", "-0.1", { atLeast: 0 })).toThrow('--a: must be a number ≥ 0, got "-0.1"');
    for (const value of ["", "x", "NaN", "Infinity"]) expect(() => numberFlag("--s", value), value).toThrow(`--s: must be a number, got ${JSON.stringify(value)}`);
  });
});

const MISSING = "/nonexistent/fg-number-flags";
/** An output path in a folder that exists; no run here gets far enough to write it. */
const OUT = join(tmpdir(), "fg-number-flags-never-written");

/** [command and its required flags, the flag under test, a value one step outside its range, the rule the error states]. */
const OUTSIDE: readonly (readonly [string[], string, string, string])[] = [
  [["audit"], "--sessions", "0", "a positive integer"],
  [["audit"], "--contexts", "1", "an integer ≥ 2"],
  [["audit"], "--expected-turns", "0", "a positive integer"],
  [["calibrate-floor", "--data", MISSING], "--window", "0", "a positive integer"],
  [["calibrate-floor", "--data", MISSING], "--batch", "0", "a positive integer"],
  [["calibrate-floor", "--data", MISSING], "--concurrency", "65", "an integer from 1 to 64"],
  [["calibrate-floor", "--data", MISSING], "--resamples", "99", "an integer ≥ 100"],
  [["calibrate-floor", "--data", MISSING], "--limit", "0", "a positive integer"],
  [["calibrate-floor", "--data", MISSING], "--floor-percentile", "1", "a number in (0, 1)"],
  [["calibrate-floor", "--data", MISSING], "--ceiling-percentile", "0.05", "a number in (0.05, 1)"],
  [["certify"], "--limit", "1", "an integer ≥ 2"],
  [["certify"], "--turns", "0", "a positive integer"],
  [["certify"], "--best-of", "0", "a positive integer"],
  [["certify"], "--concurrency", "0", "a positive integer"],
  [["demo"], "--sessions", "0", "a positive integer"],
  [["detect", "--in", MISSING], "--max-turns", "0", "a positive integer"],
  [["detect", "--in", MISSING], "--min-z", "0", "a number > 0"],
  [["detect", "--in", MISSING], "--onset-fraction", "1", "a number in (0, 1)"],
  [["detect", "--in", MISSING], "--min-rise", "0", "a number in (0, 1)"],
  [["generation-difficulty"], "--n", "100001", "an integer from 1 to 100000"],
  [["generation-difficulty"], "--concurrency", "257", "an integer from 1 to 256"],
  [["generation-difficulty"], "--max-tokens", "32769", "an integer from 1 to 32768"],
  [["generation-difficulty"], "--temperature", "5.5", "a number in [0, 5]"],
  [["generation-difficulty"], "--seed", "1.5", "an integer"],
  [["hunt"], "--budget", "0", "a positive integer"],
  [["hunt"], "--contexts", "1", "an integer ≥ 2"],
  [["hunt"], "--screen-rows", "0", "a positive integer"],
  [["hunt"], "--confirm-rows", "1", "an integer ≥ 2"],
  [["jokes", "evaluate"], "--n", "0", "a positive integer"],
  [["jokes", "evaluate"], "--max-tokens", "0", "a positive integer"],
  [["jokes", "process", "--write", OUT], "--groups", "0", "a positive integer"],
  [["jokes", "process", "--write", OUT], "--group-size", "1", "an integer ≥ 2"],
  [["jokes", "process", "--write", OUT], "--max-tokens", "0", "a positive integer"],
  [["jokes", "process", "--write", OUT], "--temperature", "-0.5", "a number ≥ 0"],
  [["jokes", "data"], "--min-score", "x", "a number"],
  [["jokes", "data"], "--eval-fraction", "1", "a number in (0, 1)"],
  [["labels", "export", "--samples", MISSING, "--sheet", OUT, "--key", OUT], "--seed", "1.5", "an integer"],
  [["lm", "serve"], "--port", "65536", "an integer from 0 to 65535"],
  [["lm", "serve"], "--embed-workers", "65", "an integer from 0 to 64"],
  [["onset", "--signals", MISSING], "--alpha", "0", "a number > 0"],
  [["onset", "--in", MISSING], "--alpha", "-0.5", "a number ≥ 0"],
  [["score", "--in", MISSING, "--out", OUT], "--workers", "0", "a positive integer"],
  [["serve"], "--port", "65536", "an integer from 0 to 65535"],
  [["serve"], "--max-batch", "0", "a positive integer"],
  [["serve"], "--max-body-mb", "0", "a positive integer"],
  [["serve"], "--timeout-ms", "0", "a positive integer"],
  [["serve"], "--max-in-flight", "0", "a positive integer"],
  [["serve"], "--max-queue", "-1", "an integer ≥ 0"],
  [["serve"], "--header-timeout-ms", "0", "a positive integer"],
  [["serve"], "--body-timeout-ms", "0", "a positive integer"],
  [["serve"], "--workers", "-1", "an integer ≥ 0"],
  [["simulate", "--out", OUT], "--offset", "-1", "an integer ≥ 0"],
  [["simulate", "--out", OUT, "--offset", "0"], "--size", "0", "a positive integer"],
  [["simulate", "--out", OUT], "--limit", "0", "a positive integer"],
  [["simulate", "--out", OUT], "--turns", "0", "a positive integer"],
  [["simulate", "--out", OUT], "--concurrency", "0", "a positive integer"],
  [["simulate", "--out", OUT], "--temperature", "2.5", "a number in [0, 2]"],
  [["ui"], "--port", "65536", "an integer from 0 to 65535"],
  [["verify-merge", "--base", MISSING, "--merged", MISSING], "--chunk-mb", "1025", "a number in (0, 1024]"],
];

describe("every command's number flags, one step outside their range (spawned CLI)", () => {
  it.concurrent.each(OUTSIDE.map(([args, flag, value, rule]) => ({ name: `${args[0]} ${flag} ${value}`, args, flag, value, rule })))(
    "$name",
    async ({ args, flag, value, rule }) => {
      // `--flag=value`, so a negative value is not read as another flag.
      const run = await runCli([...args, `${flag}=${value}`]);
      expect(run.stderr.trim()).toBe(`foolsgold: ${flag}: must be ${rule}, got ${JSON.stringify(value)}`);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
    },
    120_000,
  );
});
