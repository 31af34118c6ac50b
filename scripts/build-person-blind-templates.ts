// Builds src/terms/prose/data/person-blind-templates.json: for each opener template of the default prose
// dictionary that opens with a personal pronoun, its pooled form ("SUBJ try", "POSS heart": every person
// counted together, src/terms/prose/person-blind.ts) and that form's model and human rates per 1,000 words
// on the corpora the dictionary was mined from (the shared data's model and human prose, read as
// src/mining/openers.ts reads them: narration openers, lemmas). The ratio is src/mining/weights.ts's.
//   npx tsx scripts/build-person-blind-templates.ts [DATA_DIR]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { DEFAULT_OPENER_TEMPLATE_OPTIONS } from "../src/mining/openers.js";
import { overuseWeight, rateRatio } from "../src/mining/weights.js";
import { narrationOpeners } from "../src/terms/prose/openers.js";
import { pooledTemplate, templatesFingerprint } from "../src/terms/prose/person-blind.js";
import { visibleProse } from "../src/terms/prose/read.js";
import { OPENER_TEMPLATE_WORDS, openerTemplateAt } from "../src/terms/prose/slop.js";
import { Lexicon } from "../src/text/lexicon.js";
import { createBuffers, scanText } from "../src/text/scan.js";

const data = process.argv[2] ?? new URL("../../shared/data/", import.meta.url).pathname;
if (!existsSync(data)) {
  console.error(`data: ${data} is absent; pass the shared data folder (../shared/data) as the first argument`);
  process.exit(2);
}
const jsonl = (path: string): Record<string, unknown>[] =>
  (path.endsWith(".gz") ? gunzipSync(readFileSync(data + path)).toString("utf8") : readFileSync(data + path, "utf8"))
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const texts = (rows: Record<string, unknown>[]) => rows.map((r) => r.text).filter((t): t is string => typeof t === "string");
const MODEL = ["model_prose/slopscore_outputs.jsonl.gz", "model_prose/hanna_model_stories.jsonl"];
const HUMAN = ["human_prose/gutenberg_paragraphs.jsonl.gz", "human_prose/fiction_brown_1961.jsonl", "human_prose/fiction_writingprompts_human_hanna.jsonl"];
const model = MODEL.flatMap((p) => texts(jsonl(p).filter((r) => r.kind === undefined || r.kind === "creative")));
const human = HUMAN.flatMap((p) => texts(jsonl(p)));

const lexicon = new Lexicon();
const buffers = createBuffers();
function count(corpus: string[]): { pooled: Map<string, number>; words: number } {
  const pooled = new Map<string, number>();
  let words = 0;
  const openers: number[] = [];
  const lemmas: number[] = [];
  for (const text of corpus) {
    const scan = scanText(visibleProse(text), lexicon, buffers);
    words += scan.n;
    for (const k of narrationOpeners(scan, lexicon, openers))
      for (const n of OPENER_TEMPLATE_WORDS) {
        if (!openerTemplateAt(scan, lexicon, k, n, lemmas)) continue;
        const key = pooledTemplate(lemmas.map((l) => lexicon.lemmas[l]));
        if (key !== null) pooled.set(key, (pooled.get(key) ?? 0) + 1);
      }
  }
  return { pooled, words };
}
const m = count(model);
const h = count(human);
const dictionary = JSON.parse(readFileSync(new URL("../src/terms/prose/data/default-dictionary.json", import.meta.url), "utf8")) as { openerTemplates: { template: string; weight: number }[] };
const keys = [...new Set(dictionary.openerTemplates.flatMap((t) => pooledTemplate(t.template.split(" ")) ?? []))].sort();
const round = (x: number) => Math.round(x * 10000) / 10000;
const templates = keys.map((template) => {
  const mc = m.pooled.get(template) ?? 0;
  const hc = h.pooled.get(template) ?? 0;
  const ratio = round(rateRatio(mc, m.words, hc, h.words));
  // Kept as mining keeps a template: at DEFAULT_OPENER_TEMPLATE_OPTIONS.minRatio times the human rate or more.
  const weight = ratio >= DEFAULT_OPENER_TEMPLATE_OPTIONS.minRatio ? round(overuseWeight(ratio)) : 0;
  return { template, weight, ratio, modelPer1k: round((1000 * mc) / m.words), humanPer1k: round((1000 * hc) / h.words) };
});
const source = `narration-opener templates pooled over the personal pronouns, counted on ${MODEL.join(", ")} (creative rows; ${model.length} texts, ${m.words} words) and ${HUMAN.join(", ")} (${human.length} texts, ${h.words} words)`;
const out = new URL("../src/terms/prose/data/person-blind-templates.json", import.meta.url);
writeFileSync(out, JSON.stringify({ source, dictionary: templatesFingerprint(dictionary.openerTemplates), templates }, null, 1) + "\n");
console.log(`${templates.length} pooled templates, ${templates.filter((t) => t.ratio >= 4).length} at ratio >= 4 -> ${out.pathname}`);
