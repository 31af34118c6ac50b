// The shared CLI path from --config / --cache / --no-cache to model clients.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command } from "commander";
import { afterAll, describe, expect, it } from "vitest";
import { addCommonOptions, openModels, type CommonOptions } from "../src/cli/common-options.js";

const dir = mkdtempSync(join(tmpdir(), "fg-common-options-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function parse(argv: string[]): CommonOptions {
  const command = addCommonOptions(new Command("x").exitOverride());
  command.parse(["node", "x", ...argv]);
  return command.opts<CommonOptions>();
}

const config = join(dir, "run.yaml");
writeFileSync(
  config,
  `models:
  judge:
    baseUrl: http://127.0.0.1:9/v1
    model: judge-model
    concurrency: 3
cache:
  path: ${join(dir, "from-config.sqlite")}
`,
);

describe("common options", () => {
  it("parse --config, --cache PATH, --no-cache, --out and --json", () => {
    expect(parse([])).toEqual({});
    expect(parse(["--config", "c.yaml", "--cache", "x.sqlite", "--out", "a.json", "--json"])).toEqual({
      config: "c.yaml",
      cache: "x.sqlite",
      out: "a.json",
      json: true,
    });
    expect(parse(["--no-cache"]).cache).toBe(false);
  });

  it("open the config's backends and its cache file, or the --cache file, or none with --no-cache", async () => {
    const fromConfig = await openModels(parse(["--config", config]), ["judge"]);
    expect(fromConfig.describe()).toEqual({ judge: { baseUrl: "http://127.0.0.1:9/v1", model: "judge-model" } });
    expect(fromConfig.roles.judge.spec.concurrency).toBe(3);
    expect(fromConfig.cache).toBeDefined();
    await fromConfig.close();
    expect(existsSync(join(dir, "from-config.sqlite"))).toBe(true);

    const override = join(dir, "flag.sqlite");
    const fromFlag = await openModels(parse(["--config", config, "--cache", override]), ["judge"]);
    await fromFlag.close();
    expect(existsSync(override)).toBe(true);

    const none = await openModels(parse(["--config", config, "--no-cache"]), ["judge"]);
    expect(none.cache).toBeUndefined();
    await none.close();
  });

  it("open no default cache when no role needs a client (a lexical stack such as prose)", async () => {
    const home = join(dir, "home-no-client");
    const before = process.env.FOOLSGOLD_HOME;
    process.env.FOOLSGOLD_HOME = home;
    try {
      const none = await openModels(parse([]), []);
      expect([none.roles, none.describe(), none.calls(), none.cache]).toEqual([{}, {}, [], undefined]);
      await none.close();
    } finally {
      if (before === undefined) delete process.env.FOOLSGOLD_HOME;
      else process.env.FOOLSGOLD_HOME = before;
    }
    expect(existsSync(join(home, "cache.sqlite"))).toBe(false);
  });

  it("still open and check a cache the user named when no role needs a client (a bad path is refused, not ignored)", async () => {
    const named = join(dir, "named.sqlite");
    const opened = await openModels(parse(["--cache", named]), []);
    expect(opened.cache).toBeDefined();
    await opened.close();
    expect(existsSync(named)).toBe(true);
    const text = join(dir, "notes.txt");
    writeFileSync(text, "my notes, not a cache\n");
    await expect(openModels(parse(["--cache", text]), [])).rejects.toThrow(/is not a SQLite cache file/);
  });

  it("name the file, the role and the field when a backend cannot be set up", async () => {
    const keyed = join(dir, "keyed.yaml");
    writeFileSync(keyed, "models:\n  judge:\n    baseUrl: http://127.0.0.1:9/v1\n    model: m\n    apiKeyEnv: FG_TEST_UNSET_KEY_VAR\n");
    await expect(openModels(parse(["--config", keyed, "--no-cache"]), ["judge"])).rejects.toThrow(/keyed\.yaml: models\.judge: apiKeyEnv: environment variable FG_TEST_UNSET_KEY_VAR is not set/);
  });

  it("name the file and the missing role when the config lacks one the command needs", async () => {
    await expect(openModels(parse(["--config", config]), ["judge", "audience"])).rejects.toThrow(new RegExp(`^${config.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: models: no backend for role audience`));
  });
});
