import { describe, expect, it } from "vitest";
import { timeOrderedRequestId } from "../../src/server/request-id.js";

describe("timeOrderedRequestId", () => {
  it("is a UUIDv7 whose first 48 bits are the time in ms, so ids sort by time", () => {
    const times = [1_700_000_000_000, 1_700_000_000_001, 1_796_000_000_000, 2 ** 47];
    const ids = times.map((t) => timeOrderedRequestId(t));
    for (const [i, id] of ids.entries()) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(times[i]);
    }
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedRequestId(1_700_000_000_000))).size).toBe(1000);
  });
});
