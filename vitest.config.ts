import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 2,
    // No progress lines in other tests' stderr (a slow shared machine would make them appear); the
    // progress tests turn it on themselves (test/cli/progress.test.ts).
    env: { FOOLSGOLD_PROGRESS: "off" },
  },
});
