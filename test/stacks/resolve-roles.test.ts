// `score` splits a prose bank across threads only when opening the stack builds no model client: each
// thread opens the stack from the same config, and a configured role (even one prose does not use)
// is a client per thread, an embedded one a server per thread. The lazy registry's resolveStack had
// dropped the configured roles from that decision (found in review).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveStack } from "../../src/stacks/open.js";
import { canScoreInParallel } from "../../src/stacks/parallel.js";

describe("resolveStack's roles", () => {
  it("names the config's roles beside the stack's own, so a configured role keeps `score` on one thread", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-roles-"));
    try {
      const config = join(dir, "config.yaml");
      writeFileSync(config, "models:\n  judge:\n    baseUrl: embedded\n");
      const withConfig = await resolveStack({ stack: "prose", config } as never);
      expect(withConfig.roles).toEqual([]);
      expect(withConfig.configuredRoles).toEqual(["judge"]);
      expect(canScoreInParallel(withConfig.definition, [...withConfig.roles, ...withConfig.configuredRoles])).toBe(false);
      const bare = await resolveStack({ stack: "prose" } as never);
      expect(canScoreInParallel(bare.definition, [...bare.roles, ...bare.configuredRoles])).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
