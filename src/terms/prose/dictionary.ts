// The slop dictionary file (SPEC §7): everything `mine` learns from a policy's replies against a human
// corpus, with the evidence for each entry and the provenance of the data, so a reader can see why a
// phrase is penalized and how hard. Versioned; validated on load so a hand-edited file fails clearly.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { InputError } from "../../core/errors.js";

export const DICTIONARY_FORMAT = "foolsgold-prose-dictionary";
// Version 2: the opener calibration's near-repeat measure is a rate per narration sentence (`repeatRate`),
// not a count. Version 3 (issue 17): part-of-speech-aware lemmas, frames without articles or pronouns,
// over-used opener templates, the human p99 of the opener measures for the hardened guard, and a slop
// curve fitted without opener templates for the seed preset. Older
// files are refused with a request to mine again.
export const DICTIONARY_VERSION = 3;
// The file `mine --out` writes is version 4: version 3's content with snake_case keys (issue 21). A
// version-4 file is read back into the same object as the version-3 file of the same content, so the
// spelling never changes a stack's instrument hash; version-3 files (camelCase) are still read.
export const DICTIONARY_FILE_VERSION = 4;
/** Keys that are snake_case in the in-memory dictionary too (the provenance stamp). */
const SNAKE_IN_MEMORY = new Set(["created_at", "foolsgold_version"]);

/** A dictionary key as the version-4 file spells it. */
export const toSnake = (k: string) => k.replace(/(?<=[a-z0-9])([A-Z])/g, (_, c: string) => `_${c.toLowerCase()}`);
const toCamel = (k: string) => (SNAKE_IN_MEMORY.has(k) ? k : k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

function mapKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, rename));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [rename(k), mapKeys(v, rename)]));
}

function firstCamelKey(value: unknown, path: string): { key: string; path: string } | undefined {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const hit = firstCamelKey(v, `${path}.${i}`);
      if (hit) return hit;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const here = path ? `${path}.${k}` : k;
      if (toSnake(k) !== k) return { key: k, path: here };
      const hit = firstCamelKey(v, here);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** The dictionary as `mine --out` writes it: version 4, snake_case keys (the dictionary holds no data-named keys). */
export function dictionaryFile(dictionary: ProseDictionary): Record<string, unknown> {
  return { ...(mapKeys(dictionary, toSnake) as Record<string, unknown>), version: DICTIONARY_FILE_VERSION };
}

/** Model vs human usage behind every entry (rates per 1,000 words unless named otherwise). */
const evidence = {
  weight: z.number().nonnegative(),
  ratio: z.number().nonnegative(),
  modelPer1k: z.number().nonnegative(),
  humanPer1k: z.number().nonnegative(),
};

const pairEntry = z.object({
  a: z.string(),
  b: z.string(),
  /** Saturation group: the hub word this pair belongs to, if any. */
  hub: z.string().optional(),
  deltaP: z.number(),
  logLikelihood: z.number(),
  scenarioShare: z.number(),
  ...evidence,
});

const frameEntry = z.object({
  hub: z.string(),
  grammar: z.string(),
  /** Whether the grammar word comes after ("scent of") or before the hub. */
  position: z.enum(["after", "before"]),
  scenarioShare: z.number(),
  ...evidence,
});

/** The first words of narration sentences (lemmas, after one skipped leading word), e.g. "her breath catch". */
const openerTemplateEntry = z.object({ template: z.string(), scenarioShare: z.number(), ...evidence });

const hubEntry = z.object({ word: z.string(), share: z.number(), partners: z.array(z.string()) });

const wordEntry = z.object({ word: z.string(), scenarioShare: z.number(), ...evidence });

const patternEntry = z.object({ type: z.string(), modelCount: z.number(), humanCount: z.number(), ...evidence });

const phraseEntry = z.object({ phrase: z.string(), humanPer1k: z.number(), modelPer1k: z.number(), ratio: z.number(), humanSources: z.number() });

const echoType = z.object({
  type: z.string(),
  modelPerReply: z.number(),
  humanPerReply: z.number(),
  ratio: z.number(),
  penalized: z.boolean(),
  penalty: z.number().min(0).max(1),
  reason: z.string(),
});

const slopCalibration = z.object({
  humanP75: z.number(),
  baseTypical: z.number(),
  humanDensest: z.number(),
  rate: z.number().positive(),
  baseScore: z.number(),
  densestHumanScore: z.number(),
  constrainedBy: z.enum(["base_target", "human_floor"]),
  nHuman: z.number(),
  nModel: z.number(),
});

const percentiles = z.object({ humanP75: z.number(), baseP90: z.number(), humanP99: z.number() });

export const proseDictionarySchema = z.object({
  format: z.literal(DICTIONARY_FORMAT),
  version: z.literal(DICTIONARY_VERSION),
  provenance: z.object({
    created_at: z.string(),
    foolsgold_version: z.string(),
    model: z.object({ sources: z.array(z.string()), rows: z.number(), words: z.number(), scenarios: z.number(), models: z.array(z.string()).optional() }),
    human: z.object({ sources: z.array(z.string()), rows: z.number(), words: z.number() }),
    licence: z.string().optional(),
    params: z.record(z.string(), z.unknown()),
  }),
  pairs: z.array(pairEntry),
  frames: z.array(frameEntry),
  hubs: z.array(hubEntry),
  excessWords: z.array(wordEntry),
  openerTemplates: z.array(openerTemplateEntry),
  negation: z.array(patternEntry),
  stackedAdjectives: patternEntry,
  /** Adjective word forms used by the stacked-adjective pattern. */
  adjectives: z.array(z.string()),
  humanPhrases: z.array(phraseEntry),
  echo: z.array(echoType),
  calibration: z.object({
    slop: slopCalibration,
    /** The same curve fitted to densities without opener templates, for the seed preset. */
    slopWithoutTemplates: slopCalibration,
    phrases: z.object({ humanP25: z.number(), nHuman: z.number() }),
    openers: z.object({ hhi: percentiles, repeatRate: percentiles, nHuman: z.number(), nModel: z.number() }),
  }),
});

export type ProseDictionary = z.infer<typeof proseDictionarySchema>;
export type PairEntry = z.infer<typeof pairEntry>;
export type FrameEntry = z.infer<typeof frameEntry>;
export type WordEntry = z.infer<typeof wordEntry>;
export type OpenerTemplateEntry = z.infer<typeof openerTemplateEntry>;
export type PatternEntry = z.infer<typeof patternEntry>;
export type PhraseEntry = z.infer<typeof phraseEntry>;
export type EchoTypeEntry = z.infer<typeof echoType>;

export function parseDictionary(value: unknown, where: string): ProseDictionary {
  const version = (value as { format?: unknown; version?: unknown } | null)?.version;
  const ours = (value as { format?: unknown } | null)?.format === DICTIONARY_FORMAT;
  if (ours && version === DICTIONARY_FILE_VERSION) {
    const camel = firstCamelKey(value, "");
    if (camel) throw new InputError(`${where} ${camel.path}`, `is camelCase in a version-${DICTIONARY_FILE_VERSION} dictionary: spell it ${toSnake(camel.key)}`);
    value = { ...(mapKeys(value, toCamel) as Record<string, unknown>), version: DICTIONARY_VERSION };
  } else if (ours && typeof version === "number" && version !== DICTIONARY_VERSION) {
    throw new InputError(`${where} version`, `is ${version}, and this foolsgold reads version ${DICTIONARY_VERSION} and ${DICTIONARY_FILE_VERSION} dictionaries: mine it again with \`foolsgold mine\``);
  }
  const parsed = proseDictionarySchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${where} ${issue.path.join(".") || "(root)"}`, issue.message);
  }
  return parsed.data;
}

export function loadDictionary(path: string): ProseDictionary {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new InputError(path, `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new InputError(path, `is not valid JSON (${(err as Error).message})`);
  }
  return parseDictionary(json, path);
}
