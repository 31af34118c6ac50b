// Person-blind opener templates (issue 36, aside36). The mined opener templates key on the person: 129
// of the default dictionary's 300 open with a personal pronoun (84 with "I", one with "she"), so a
// first-person reply rewritten into the third person (I → she, my → her) left its templates unread and
// paid +0.015 on battery 5 (+0.030 on the tuning slice). Under the hardened default a template that opens
// with a personal pronoun is read for every pronoun of its case (subject or possessive, English's closed
// class: src/text/word-class.ts), its verb made to agree ("I am" → "she is", "they are"), at the weight
// its pooled template ("SUBJ try", "POSS heart") earns on the mining corpora with every person counted
// together (data/person-blind-templates.json, scripts/build-person-blind-templates.ts). Adding the
// variants at the first person's weight charged human third-person narration (HANNA −0.047 mean): what
// humans write as "She tried" counts against the pooled ratio. A template whose pooled form the table
// lacks keeps its own person and weight. The pooled rates were counted on the corpora the default
// dictionary was mined from, so they apply to that dictionary only (the table names its opener templates'
// fingerprint): a dictionary mined elsewhere (a user's, the validation study's mining half) reads its
// templates in their own person and at their own weights.
import { readFileSync } from "node:fs";
import { sha256 } from "../../core/hash.js";
import { once } from "../../core/once.js";

/** Subject pronouns, and the lemma of the present of "be" each takes (the lemma table keeps "am" and "is" and folds "are" to "be"). */
const SUBJECTS: Record<string, string> = { i: "am", you: "be", he: "is", she: "is", it: "is", we: "be", they: "be" };
const BE_PRESENT = new Set(Object.values(SUBJECTS));
const POSSESSIVES = ["my", "your", "his", "her", "its", "our", "their"];

/** A template's lemmas with its opening pronoun as its case ("SUBJ", "POSS") and a present "be" as "BE"; null when it opens with no personal pronoun. */
export function pooledTemplate(lemmas: readonly string[]): string | null {
  const [first, second, ...rest] = lemmas;
  if (first in SUBJECTS) return ["SUBJ", BE_PRESENT.has(second) ? "BE" : second, ...rest].join(" ");
  if (POSSESSIVES.includes(first)) return ["POSS", second, ...rest].join(" ");
  return null;
}

/** Every person's reading of a pooled template ("SUBJ BE a" → "i am a", "she is a", "they be a", …). */
export function personReadings(pooled: string): string[] {
  const [case_, second, ...rest] = pooled.split(" ");
  if (case_ === "SUBJ") return Object.keys(SUBJECTS).map((s) => [s, second === "BE" ? SUBJECTS[s] : second, ...rest].join(" "));
  return POSSESSIVES.map((p) => [p, second, ...rest].join(" "));
}

export interface PooledRate {
  template: string;
  /** The weight mining gives the pooled template (0 below its minimum ratio; scripts/build-person-blind-templates.ts). */
  weight: number;
  ratio: number;
  modelPer1k: number;
  humanPer1k: number;
}

interface PooledFile {
  source: string;
  /** templatesFingerprint of the dictionary whose mining corpora the rates were counted on. */
  dictionary: string;
  templates: PooledRate[];
}

/** A dictionary's opener templates, fingerprinted (what the pooled table is tied to). */
export function templatesFingerprint(templates: readonly { template: string; weight: number }[]): string {
  return sha256(JSON.stringify(templates.map((t) => [t.template, t.weight])));
}

const pooledFile = once((): PooledFile => JSON.parse(readFileSync(new URL("./data/person-blind-templates.json", import.meta.url), "utf8")) as PooledFile);
const pooledRates = once((): ReadonlyMap<string, PooledRate> => new Map(pooledFile().templates.map((t) => [t.template, t])));

/** The templates read person-blind: each pronoun-led template the pooled table knows becomes every person's reading at the pooled weight. */
export function personBlindTemplates<T extends { template: string; weight: number }>(templates: readonly T[], rates?: ReadonlyMap<string, PooledRate>): T[] {
  if (rates === undefined) {
    // The shipped rates belong to the default dictionary's mining corpora: any other dictionary keeps its own.
    if (templatesFingerprint(templates) !== pooledFile().dictionary) return [...templates];
    rates = pooledRates();
  }
  const out = new Map<string, T>();
  const add = (t: T) => {
    const held = out.get(t.template);
    if (!held || held.weight < t.weight) out.set(t.template, t);
  };
  for (const t of templates) {
    const pooled = pooledTemplate(t.template.split(" "));
    const rate = pooled === null ? undefined : rates.get(pooled);
    if (!rate) add(t);
    else {
      const weight = rate.weight;
      if (weight > 0) for (const template of personReadings(pooled!)) add({ ...t, template, weight });
    }
  }
  return [...out.values()];
}
