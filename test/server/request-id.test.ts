import { describe, expect, it } from "vitest";
import { requestIdSource } from "../../src/server/request-id.js";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe("requestIdSource", () => {
  it("is a UUIDv7 whose first 48 bits are the time in ms", () => {
    const times = [1_700_000_000_000, 1_700_000_000_001, 1_796_000_000_000, 2 ** 47];
    let i = 0;
    const next = requestIdSource(() => times[i++]);
    const ids = times.map(() => next());
    for (const [k, id] of ids.entries()) {
      expect(id).toMatch(UUID_V7);
      expect(msOf(id)).toBe(times[k]);
    }
  });

  it("increases strictly within one millisecond, past 4,096 ids in it, and when the clock goes back", () => {
    // Within one ms the rest of a plain UUIDv7 is random: two ids of one ms sorted at random before.
    const clock = [...Array(5000).fill(1_700_000_000_000), 1_699_999_999_000, 1_700_000_000_000];
    let i = 0;
    const next = requestIdSource(() => clock[i++]);
    const ids = clock.map(() => next());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    for (let k = 1; k < ids.length; k++) expect(ids[k] > ids[k - 1], `id ${k}`).toBe(true);
    expect(msOf(ids[4095])).toBe(1_700_000_000_000);
    expect(msOf(ids[4096])).toBe(1_700_000_000_001);
    expect(msOf(ids.at(-1)!)).toBe(1_700_000_000_001);
  });

  it("two sources on one clock (two replicas) never make the same id", () => {
    const a = requestIdSource(() => 1_700_000_000_000);
    const b = requestIdSource(() => 1_700_000_000_000);
    const ids = Array.from({ length: 2000 }, (_, k) => (k % 2 ? a() : b()));
    expect(new Set(ids).size).toBe(2000);
  });
});
