import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { groupDropReason, scoredDataGroupJsonSchema } from "../../src/envs/jokes/scored-group.js";

const base = { expected: 4, errors: [], finishReasons: ["stop", "stop", "stop", "stop"], keepTruncated: false };

describe("groupDropReason", () => {
  it("keeps a full, scored group with differing scores", () => {
    expect(groupDropReason({ ...base, scores: [0, 0.2, -1, 0] })).toBeNull();
  });

  it("names each reason a group cannot be used, in order", () => {
    expect(groupDropReason({ ...base, scores: [0, 0.2, 0] })?.reason).toBe("short_group");
    expect(groupDropReason({ ...base, scores: [0, null, 0.3, 0], errors: ["reference (base context): HTTP 500"] })).toEqual({
      reason: "reference_failed",
      message: "1 of 4 samples could not be scored: reference (base context): HTTP 500",
    });
    expect(groupDropReason({ ...base, scores: [0, 0.1, 0, 0], finishReasons: ["stop", "length", "stop", "stop"] })?.reason).toBe("length_limit");
    expect(groupDropReason({ ...base, scores: [0, 0.1, 0, 0], finishReasons: ["stop", "length", "stop", "stop"], keepTruncated: true })).toBeNull();
    expect(groupDropReason({ ...base, scores: [-1, -1, -1, -1] })).toEqual({ reason: "scores_all_equal", message: "all 4 scores equal -1: no advantage signal" });
  });
});

describe("the published JSON Schema", () => {
  it("matches the zod schema the writer uses", () => {
    const published = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../schemas/scored-data-group.schema.json"), "utf8"));
    expect(published).toEqual(scoredDataGroupJsonSchema());
  });
});
