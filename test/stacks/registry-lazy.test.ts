import { describe, expect, it } from "vitest";
import { loadStack, stackNames } from "../../src/stacks/registry-lazy.js";
import { getStack, stackDefinitions } from "../../src/stacks/registry.js";

describe("lazy stack registry", () => {
  it("knows the same stacks as the eager registry, and loads the same definitions", async () => {
    expect([...stackNames].sort()).toEqual(stackDefinitions.map((s) => s.name).sort());
    for (const name of stackNames) expect(await loadStack(name)).toBe(getStack(name));
  });

  it("names the known stacks for an unknown one, as the eager registry does", async () => {
    await expect(loadStack("constructor")).rejects.toThrow(/unknown stack "constructor"; known stacks: vrcli, cherrl, humor, prose/);
    expect(() => getStack("nope")).toThrow(/known stacks: vrcli, cherrl, humor, prose/);
  });
});
