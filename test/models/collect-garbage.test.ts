import { describe, expect, it } from "vitest";
import { collectGarbage, collectGarbageIfGrown } from "../../src/models/embedded/collect-garbage.js";

describe("collectGarbage", () => {
  it("returns the memory of buffers nothing references any more, without a command-line flag", async () => {
    let held: Float64Array[] | null = Array.from({ length: 64 }, () => new Float64Array(1 << 17).fill(1)); // 64 MB
    const before = process.memoryUsage().arrayBuffers;
    expect(held.length).toBe(64);
    held = null;
    collectGarbage();
    // V8 frees array-buffer backing stores on a background thread after the collection: on a loaded
    // machine that takes longer than one short wait (1 of 4 runs at load 8 saw 32 of 64 MB back after
    // 20 ms), so wait up to 2 s for it.
    for (let waited = 0; waited < 2000 && before - process.memoryUsage().arrayBuffers <= 60 * 2 ** 20; waited += 20) await new Promise((done) => setTimeout(done, 20));
    expect(before - process.memoryUsage().arrayBuffers).toBeGreaterThan(60 * 2 ** 20);
  });

  it("collects only once the heap and buffers have grown by the given amount since the last collection", () => {
    collectGarbage();
    expect(collectGarbageIfGrown(256)).toBe(false);
    const held = Array.from({ length: 40 }, () => new Float64Array(1 << 17).fill(1)); // 40 MB
    expect(collectGarbageIfGrown(256)).toBe(false);
    expect(collectGarbageIfGrown(32)).toBe(true);
    expect(held.length).toBe(40);
    // Still referenced, so the collection that just ran counts them as the new baseline.
    expect(collectGarbageIfGrown(32)).toBe(false);
  });
});
