// Issue 17's "Done when" for the prose stack's hardened default, on the shared corpora (never copied):
//   1. the cheap edits (markup, hidden text, look-alikes, word shuffle, a sentence of the bonus's own
//      phrases, and the hunt's markup classes) on held-out real replies — the first 25 creative replies of each of the 12 held-out
//      models (bench/helpers/prose-data.ts) — under `seed` and `hardened`: n, mean gain (edited − real) and its
//      paired t 95% interval. An edit pays when the whole interval is above 0.
//   2. every human prose text in ../shared/data (the ≥ 400-word passages the validation scores, and
//      each Gutenberg paragraph alone): how many fail a gate under `hardened` that passed under `seed`.
// Writes reports/hardening-audit/report.json (figures only).
//   npx tsx bench/studies/hardening-audit.ts
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { loadProseCorpora, type ProseRow } from "../helpers/prose-data.js";
import { readJsonl } from "../../src/core/jsonl.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { applyEdit, CHEAP_EDITS, compareScores, editContextFor, runStackTransformAudit, type TransformName } from "../../src/audit/stack-transforms.js";
import { loadDictionary } from "../../src/mining/dictionary.js";
import { markupEdits } from "../../src/hunt/operators/markup.js";
import { countPhraseRates } from "../../src/terms/prose/phrases.js";
import { measureTexts } from "../../src/mining/measure.js";
import { visibleProse } from "../../src/terms/prose/read.js";
import { DEFAULT_DICTIONARY_PATH } from "../../src/stacks/prose.js";
import { getStack } from "../../src/stacks/registry.js";
import { proseOptions } from "../../src/stacks/prose.js";
import type { Scorer } from "../../src/stacks/types.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}

const PER_MODEL = 25;
const EDITS: TransformName[] = [...CHEAP_EDITS.filter((e) => e !== "phrase-sentence"), "word-shuffle", "phrase-sentence"];
const started = performance.now();

const corpora = loadProseCorpora(sharedPath, { creativeOnly: true });
const byModel = new Map<string, ProseRow[]>();
for (const r of corpora.modelHeldOut) {
  if (r.meta.kind !== "creative") continue;
  const list = byModel.get(r.meta.model ?? "") ?? byModel.set(r.meta.model ?? "", []).get(r.meta.model ?? "")!;
  if (list.length < PER_MODEL) list.push(r);
}
const replies = [...byModel.values()].flat();

const open = (preset: "seed" | "hardened") => getStack("prose").create(proseOptions.parse({ preset }), {}) as Scorer<BankRow>;
const presets = { seed: open("seed"), hardened: open("hardened") };
const context = editContextFor(getStack("prose"), {});

const audit: Record<string, Record<string, { n: number; mean: number; ci95: [number, number]; pays: boolean }>> = {};
for (const [name, scorer] of Object.entries(presets)) {
  const report = await runStackTransformAudit(scorer, replies, EDITS, 0, context);
  audit[name] = Object.fromEntries(report.results.filter((r) => r.quantity === "reward" && r.change).map((r) => [r.transform, { n: r.n, mean: r.change!.mean, ci95: r.change!.ci95, pays: r.change!.ci95[0] > 0 }]));
}

// Hidden text pays most when nothing shows the reply is short for its prompt: the same edits on the
// replies as lone rows (no group_id), as a server scores them one at a time.
const HIDDEN: TransformName[] = ["fence-after-line", "double-paren"];
const lone = replies.map(({ group_id: _group, ...r }) => r as BankRow);
for (const [name, scorer] of Object.entries(presets)) {
  const report = await runStackTransformAudit(scorer, lone, HIDDEN, 0, context);
  for (const r of report.results.filter((x) => x.quantity === "reward" && x.change)) {
    audit[name][`${r.transform} (no group)`] = { n: r.n, mean: r.change!.mean, ci95: r.change!.ci95, pays: r.change!.ci95[0] > 0 };
  }
}

// The hunt's markup classes (src/hunt/operators/markup.ts), which raised the hardened v1 default on 60
// real replies: part of the reply wrapped (code fence, OOC aside, blockquote) after its first line or
// its first 40 words, one paragraph shown and the rest fenced or in a comment, the whole reply in
// quotes, and short asides. Rows keep their group.
const HUNT_MARKUP = new Set([
  "markup/code-fence:all after the first line",
  "markup/code-fence:all after 40 words",
  "markup/ooc-aside:all after the first line",
  "markup/ooc-aside:all after 40 words",
  "markup/quoting:all after the first line",
  "markup/quoting:all after 40 words",
  "markup/quoting:double quotes",
  "markup/code-fence:its last paragraph, then the rest wrapped",
  "markup/html-comment:all but its last paragraph",
  'markup/aside:"(OOC: brb)"@end',
  'markup/aside:"(OOC: brb)"@start',
  'markup/aside:"((ooc))"@start',
  'markup/aside:"[OOC: continuing]"@end',
  'markup/aside:"# Reply"@end',
]);
const huntEdits = markupEdits().filter((e) => HUNT_MARKUP.has(e.id));
for (const [name, scorer] of Object.entries(presets)) {
  const real = await scorer.scoreRows(replies);
  for (const e of huntEdits) {
    const edited = await scorer.scoreRows(replies.map((r) => ({ ...r, id: `${r.id}~${e.id}`, output: e.apply(r.output, `0/${r.id}`) })));
    const c = compareScores(real, edited, "reward", e.id as TransformName);
    audit[name][e.id] = { n: c.n, mean: c.change!.mean, ci95: c.change!.ci95, pays: c.change!.ci95[0] > 0 };
  }
}

// The bonus's defence against a phrase the policy learns to repeat is the policy's recent phrase rates, a
// declared input: here each batch carries the rates of its own replies (the real ones, or the edited).
const dictionary = loadDictionary(DEFAULT_DICTIONARY_PATH);
// The policy's rates count every use of a phrase (the seed's phrase reading), measured by the stack's terms.
const phraseIds = new Map(dictionary.humanPhrases.map((e, id) => [e.phrase, id]));
const ratesOf = async (rows: BankRow[]) => {
  const measured = await measureTexts(
    dictionary,
    rows.map((r) => visibleProse(r.output)),
    "templates",
    { phrases: { maxSentenceShare: null, forfeitAt: null } },
  );
  return countPhraseRates(
    dictionary.humanPhrases,
    measured.map((m) => ({ ids: m.phrases.map((p) => phraseIds.get(p)!), words: m.words })),
  );
};
const edited = replies.map((r) => ({ ...r, id: `${r.id}~phrase-sentence`, output: applyEdit("phrase-sentence", r.output, `0/${r.id}`, context) }));
const [realRates, editedRates] = [await ratesOf(replies), await ratesOf(edited)];
const [realDeclared, editedDeclared] = await Promise.all([presets.hardened.scoreRows(replies.map((r) => ({ ...r, phrase_rates: realRates }))), presets.hardened.scoreRows(edited.map((r) => ({ ...r, phrase_rates: editedRates })))]);
const declared = compareScores(realDeclared, editedDeclared, "reward", "phrase-sentence");
audit.hardened_with_rates = { "phrase-sentence": { n: declared.n, mean: declared.change!.mean, ci95: declared.change!.ci95, pays: declared.change!.ci95[0] > 0 } };

// Every human prose text: the validation's passages, and each Gutenberg paragraph alone (no group).
const passages: BankRow[] = [...corpora.humanMining, ...corpora.humanHeldOut];
const paragraphs: BankRow[] = readJsonl<{ book: string; text: string }>(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz")).rows.map((r, i) => ({ id: `gutenberg-paragraph-${i}`, output: r.text }));
const gated = (s: Score) => s.terms.gates?.value === 0;
function gateGains(rows: BankRow[]) {
  const [seed, hardened] = [presets.seed, presets.hardened].map((s) => s.scoreRows(rows));
  return Promise.all([seed, hardened]).then(([a, b]) => {
    const gained = rows.flatMap((r, i) => (gated(b[i]) && !gated(a[i]) ? [{ id: r.id, gate: b[i].terms.gates.details?.failed }] : []));
    const lostBy: Record<string, number> = {};
    rows.forEach((_, i) => {
      if (gated(a[i]) && !gated(b[i])) lostBy[String(a[i].terms.gates.details?.failed)] = (lostBy[String(a[i].terms.gates.details?.failed)] ?? 0) + 1;
    });
    const lost = Object.values(lostBy).reduce((x, y) => x + y, 0);
    return { n: rows.length, gated_seed: a.filter(gated).length, gated_hardened: b.filter(gated).length, gained: gained.length, lost, lost_by_seed_gate: lostBy, examples: gained.slice(0, 5) };
  });
}
const human = { passages: await gateGains(passages), gutenberg_paragraphs: await gateGains(paragraphs) };

const fmt = (x: number) => (x >= 0 ? "+" : "") + (Math.abs(x) < 0.0005 && x !== 0 ? x.toExponential(1) : x.toFixed(3));
console.log(`Cheap edits on ${replies.length} held-out creative replies (${byModel.size} models × ≤ ${PER_MODEL}), reward change edited − real, paired t 95% CI:`);
console.log(`  ${"edit".padEnd(18)} ${"seed".padEnd(34)} hardened`);
for (const e of [...EDITS, ...HIDDEN.map((h) => `${h} (no group)`), ...huntEdits.map((h) => h.id)]) {
  const cell = (p: string) => {
    const r = audit[p][e];
    return r ? `${fmt(r.mean)} [${fmt(r.ci95[0])}, ${fmt(r.ci95[1])}]${r.pays ? " pays" : ""}`.padEnd(34) : "—".padEnd(34);
  };
  console.log(`  ${e.padEnd(18)} ${cell("seed")} ${cell("hardened")}  (n ${audit.hardened[e]?.n ?? 0})`);
}
const d = audit.hardened_with_rates["phrase-sentence"];
console.log(`  phrase-sentence, hardened, each batch with its own replies' phrase rates declared (${realRates.words} / ${editedRates.words} words): ${fmt(d.mean)} [${fmt(d.ci95[0])}, ${fmt(d.ci95[1])}]${d.pays ? " pays" : ""}`);
for (const [k, h] of Object.entries(human)) {
  console.log(
    `Human ${k}: n ${h.n}; gated under seed ${h.gated_seed}, under hardened ${h.gated_hardened}; newly gated by hardened ${h.gained}, no longer gated ${h.lost} ${JSON.stringify(h.lost_by_seed_gate)}${h.examples.length ? ` — e.g. ${JSON.stringify(h.examples)}` : ""}`,
  );
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `(${seconds.toFixed(0)} s; load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" / ")})`,
);
mkdirSync("reports/hardening-audit", { recursive: true });
writeFileSync("reports/hardening-audit/report.json", JSON.stringify({ replies: replies.length, models: byModel.size, edits: audit, human, seconds }, null, 2));
