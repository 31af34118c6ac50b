// What the prose terms need, declared once: the slop dictionary (a file from `foolsgold mine`, or the
// shipped default; its content hash goes into the instrument, never its path), the compiled form the
// scorer keeps of it, and the one scan per row every prose term reads. A term names what it reads in
// `meta.needs`; the stack builds each once for all of them.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { InputError } from "../../../core/errors.js";
import type { BankRow } from "../../../core/types.js";
import { loadDictionary, type ProseDictionary } from "../dictionary.js";
import { rowResource, scorerResource } from "../../define.js";
import { gatesOption, openersOption, readingOption } from "./options.js";
import { prepareProse, ProseEngine, type CompiledProse, type ProsePrepared } from "./prepare.js";

export const DEFAULT_DICTIONARY_PATH = fileURLToPath(new URL("../data/default-dictionary.json", import.meta.url));

export function loadProseDictionary(path: string | undefined): ProseDictionary {
  const file = path ?? DEFAULT_DICTIONARY_PATH;
  if (!path && !existsSync(file)) throw new InputError("dictionary", "no dictionary given and the default dictionary is missing: pass --dictionary FILE (from `foolsgold mine`)");
  return loadDictionary(file);
}

export const slopDictionary = scorerResource({
  name: "dictionary",
  description: "the slop dictionary (content hashed, not its path)",
  recorded: true,
  /** Path of a dictionary from `foolsgold mine`; the shipped default when absent. */
  options: z.object({ dictionary: z.string().min(1).optional() }).strict(),
  load: (options): ProseDictionary => loadProseDictionary(options.dictionary),
});

export const proseEngine = scorerResource({
  name: "prose_engine",
  description: "the dictionary compiled for scanning, kept by the scorer between calls",
  recorded: false,
  options: z.object({}).strict(),
  needs: { dictionary: slopDictionary },
  load: (_options, { dictionary }): ProseEngine => new ProseEngine(dictionary),
});

export const proseScan = rowResource({
  name: "scan",
  description: "the reply split from its thinking, read as `reading` says, scanned once, its language measured",
  options: z.object({ reading: readingOption, gates: gatesOption, openers: openersOption }).strict(),
  needs: { engine: proseEngine },
  // One compile for every row of a batch: the terms compare the word ids of a call's rows.
  batch: ({ options, needs }): CompiledProse => needs.engine.forCall(options.openers.mode),
  prepare: (row: BankRow, { options, batch }): ProsePrepared => prepareProse(row, batch, options.reading, options.gates.script),
});
