// The published JSON Schema of the slop dictionary file (schemas/prose-dictionary.schema.json), derived
// from the zod schema its reader uses, with the keys spelled as the version-4 file spells them, so the
// two cannot drift apart (test/schemas/dictionary-schema.test.ts compares the committed file with this).
import { z } from "zod";
import { DICTIONARY_FILE_VERSION, proseDictionarySchema, toSnake } from "../mining/dictionary.js";
import { SCHEMA_ID_BASE } from "./validate.js";

function snakeProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(snakeProperties);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "properties" && v && typeof v === "object") out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [toSnake(name), snakeProperties(s)]));
    else if (k === "required" && Array.isArray(v)) out[k] = v.map((name) => toSnake(String(name)));
    else out[k] = snakeProperties(v);
  }
  return out;
}

export function dictionaryJsonSchema(): Record<string, unknown> {
  // io "input": what the reader accepts (zod objects strip unknown keys rather than refusing them).
  const schema = snakeProperties(z.toJSONSchema(proseDictionarySchema, { target: "draft-2020-12", io: "input" })) as { properties: Record<string, unknown> };
  schema.properties.version = { type: "number", const: DICTIONARY_FILE_VERSION };
  return { ...schema, $id: `${SCHEMA_ID_BASE}prose-dictionary.schema.json`, title: "foolsgold slop dictionary, as `mine --out` writes it (version 4)" };
}
