// schemas/prose-dictionary.schema.json is the zod reader's schema with the version-4 spelling: the
// committed file matches what src/schemas/dictionary-schema.ts derives, the file `mine` would write
// for the shipped dictionary validates, and broken copies get the same verdict from ajv and the reader.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dictionaryFile, loadDictionary, parseDictionary } from "../../src/mining/dictionary.js";
import { dictionaryJsonSchema } from "../../src/schemas/dictionary-schema.js";
import { validateAgainst } from "../../src/schemas/validate.js";

const root = join(import.meta.dirname, "../..");
const file = () => JSON.parse(JSON.stringify(dictionaryFile(loadDictionary(join(root, "src/terms/prose/data/default-dictionary.json"))))) as Record<string, any>;

describe("the slop dictionary schema", () => {
  it("is the committed file (regenerate it from src/schemas/dictionary-schema.ts when the zod schema changes)", () => {
    expect(JSON.parse(readFileSync(join(root, "schemas/prose-dictionary.schema.json"), "utf8"))).toEqual(dictionaryJsonSchema());
  });

  it("agrees with the reader on the written file and on broken copies", () => {
    const cases: { name: string; edit: (d: Record<string, any>) => void; ok: boolean }[] = [
      { name: "as written", edit: () => {}, ok: true },
      { name: "an extra field", edit: (d) => (d.note = "hand-edited"), ok: true },
      { name: "a weight that is a string", edit: (d) => (d.pairs[0].weight = "x"), ok: false },
      { name: "a negative weight", edit: (d) => (d.excess_words[0].weight = -1), ok: false },
      { name: "no opener templates", edit: (d) => delete d.opener_templates, ok: false },
      { name: "a camelCase key for a snake_case one", edit: (d) => ((d.excessWords = d.excess_words), delete d.excess_words), ok: false },
      { name: "a constrained_by outside its values", edit: (d) => (d.calibration.slop.constrained_by = "vibes"), ok: false },
    ];
    for (const c of cases) {
      const d = file();
      c.edit(d);
      let reader = true;
      try {
        parseDictionary(d, "case");
      } catch {
        reader = false;
      }
      expect({ case: c.name, reader, ajv: validateAgainst("prose-dictionary.schema.json", d).ok }).toEqual({ case: c.name, reader: c.ok, ajv: c.ok });
    }
  });
});

it("a version-4 dictionary with a camelCase key is refused with the key named", () => {
  const d = file();
  d.calibration.slop.humanP75 = d.calibration.slop.human_p75;
  delete d.calibration.slop.human_p75;
  expect(() => parseDictionary(d, "dict.json")).toThrow("dict.json calibration.slop.humanP75: is camelCase in a version-4 dictionary: spell it human_p75");
});
