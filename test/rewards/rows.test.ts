// Rows in the shapes trainers dump become bank rows, and bank rows become each trainer's call.
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { openRlhfBody, toBankRow, trlBatch, verlArguments } from "../../src/stacks/rewards/rows.js";

describe("trainer rows as bank rows", () => {
  it("reads verl's dump: response, reward_model.ground_truth, data_source and extra_info kept", () => {
    const row = toBankRow({ prompt: [{ role: "user", content: "2+2?" }], response: "4", data_source: "gsm8k", reward_model: { style: "rule", ground_truth: "4" }, extra_info: { split: "train", index: 7 } }, "dump row 1", 0);
    expect(row).toMatchObject({ id: "1", output: "4", ground_truth: "4", data_source: "gsm8k", extra_info: { split: "train", index: 7 } });
    expect(verlArguments(row)).toEqual({ data_source: "gsm8k", solution_str: "4", ground_truth: "4", extra_info: { split: "train", index: 7 } });
  });

  it("reads TRL's conversational completion and keeps every column", () => {
    const row = toBankRow({ id: 12, prompt: [{ role: "user", content: "hi" }], completion: [{ role: "assistant", content: "hello there" }], answer: "hello" }, "row", 3);
    expect(row).toMatchObject({ id: "12", output: "hello there", answer: "hello" });
    expect(row).not.toHaveProperty("completion");
  });

  it("names the row and the fields it looked for when there is no reply", () => {
    expect(() => toBankRow({ prompt: "x" }, "rows.jsonl row 3", 2)).toThrow(InputError);
    expect(() => toBankRow({ prompt: "x" }, "rows.jsonl row 3", 2)).toThrow(/rows\.jsonl row 3: has no reply: expected one of output, response, completion, solution_str/);
    expect(() => toBankRow({ output: 3 }, "row 1", 0)).toThrow(/row 1: output: must be a string/);
  });

  it("gives TRL every other column as a list, and conversational completions to conversational prompts", () => {
    const rows = [
      { id: "a", prompt: [{ role: "user" as const, content: "q1" }], output: "r1", answer: "x" },
      { id: "b", prompt: [{ role: "user" as const, content: "q2" }], output: "r2", rubric: "be brief" },
    ];
    const batch = trlBatch(rows);
    expect(batch.completions).toEqual([[{ role: "assistant", content: "r1" }], [{ role: "assistant", content: "r2" }]]);
    expect(batch.columns).toEqual({ id: ["a", "b"], answer: ["x", null], rubric: [null, "be brief"] });
    expect(trlBatch([{ id: "c", prompt: "plain", output: "text" }]).completions).toEqual(["text"]);
    // Columns the server's rows carry under meta reach the function as columns too.
    expect(trlBatch([{ id: "d", output: "o", meta: { answer: "y" } }]).columns).toEqual({ id: ["d"], answer: ["y"] });
    expect(verlArguments({ id: "e", output: "o", meta: { ground_truth: "g", data_source: "s" } })).toEqual({ data_source: "s", solution_str: "o", ground_truth: "g", extra_info: null });
  });

  it("builds OpenRLHF's body: query is prompt + reply, labels the ground truth", () => {
    expect(
      openRlhfBody([
        { id: "a", prompt: "Q: ", output: "A", ground_truth: "A" },
        { id: "b", output: "B" },
      ]),
    ).toEqual({ query: ["Q: A", "B"], prompts: ["Q: ", ""], labels: ["A", ""] });
  });
});
