// The lazy command table: each entry's names are exactly the top-level commands its module registers
// (a wrong name would make `foolsgold NAME` load the wrong module, or all of them), and every command
// file is listed.
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { commands, type LazyCommand } from "../../src/cli/commands/index.js";
import { buildProgram } from "../../src/cli/index.js";

describe("CLI command table", () => {
  it("names each module's top-level commands and lists every command file", async () => {
    const lazy = commands.filter((c): c is LazyCommand => typeof c !== "function");
    for (const entry of lazy) {
      const program = new Command();
      (await entry.load()).register(program);
      expect(program.commands.map((c) => c.name()).sort()).toEqual([...entry.names].sort());
    }
    const files = readdirSync(resolve(import.meta.dirname, "../../src/cli/commands")).filter((f) => f.endsWith(".ts") && f !== "index.ts");
    expect(lazy.length + commands.filter((c) => typeof c === "function").length).toBe(files.length);
  });

  it("registers only what the command line needs", async () => {
    expect((await buildProgram(["node", "foolsgold", "--version"])).commands).toEqual([]);
    expect((await buildProgram(["node", "foolsgold", "score", "--help"])).commands.map((c) => c.name())).toEqual(["score"]);
    expect((await buildProgram(["node", "foolsgold", "--help"])).commands.length).toBeGreaterThan(10);
  });
});
