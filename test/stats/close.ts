import { expect } from "vitest";

/** |actual − expected| ≤ tol·max(1, |expected|): relative for large values, absolute near 0. */
export function expectClose(actual: number, expected: number, tol = 1e-9): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(expected)));
}
