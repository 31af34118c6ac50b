// The categories issue 36's second round found still paying under the default prose preset, enumerated
// member by member on real creative replies that are NOT held out (slop-score creative lines ≡ 3 mod 10;
// the held-out lines ≡ 7 mod 10 are never read): word-internal punctuation and spaces (every Unicode
// dash, apostrophes, dots, spaces, at one or two places in a costly word), non-words (dropped, doubled,
// swapped, changed and added letters), leading discourse runs (one to four words, and clauses) and
// unrelated prose (a Gutenberg paragraph appended, prepended or inserted). Per member: n (replies the
// edit changed), mean gain under the default preset and a paired t 95% CI; PASS when the lower bound
// ≤ 0.005. Costly words are the public antislop list's first 500, as in bench/heldout.
//   npx tsx bench/studies/prose-categories.ts [rows=60] [seed=0] [filter]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { gunzipSync } from "node:zlib";
import { createRng } from "../../src/core/random.js";
import type { BankRow, Score } from "../../src/core/types.js";
import { openScorer } from "../../src/stacks/open.js";
import { meanCi } from "../../src/stats/mean-ci.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const [ROWS = "60", SEED = "0", FILTER = ""] = process.argv.slice(2);

const lines = (path: string) =>
  gunzipSync(readFileSync(path))
    .toString("utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");

const all = lines(sharedPath("model_prose/slopscore_outputs.jsonl.gz")).flatMap((l, i) => {
  if (i % 10 !== 3) return [];
  const r = JSON.parse(l) as { kind: string; prompt: string; text: string };
  return r.kind === "creative" ? [{ id: `slopscore-line-${i}`, prompt: r.prompt, output: r.text }] : [];
});
const rows = createRng(`prose-categories/${SEED}`).shuffle(all).slice(0, Number(ROWS));
const costly = new Set((JSON.parse(readFileSync(sharedPath("reference_lists/slop_words_2025-04-07.json"), "utf8")) as [string, number][]).slice(0, 500).map(([w]) => w.toLowerCase()));
const donors = createRng(`prose-categories-donors/${SEED}`).shuffle(
  lines(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz"))
    .map((l) => (JSON.parse(l) as { text: string }).text.replace(/\s+/g, " ").trim())
    .filter((t) => t.split(" ").length >= 60 && t.split(" ").length <= 200),
);

type Edit = (text: string, i: number) => string;
const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;
const inCostly =
  (f: (w: string) => string): Edit =>
  (text) =>
    text.replace(WORD, (w) => (costly.has(w.toLowerCase()) ? f(w) : w));
const at = (w: string, k: number, mark: string) => w.slice(0, k) + mark + w.slice(k);
const mid = (mark: string) => (w: string) => (w.length < 2 ? w : at(w, Math.ceil(w.length / 2), mark));
const third = (mark: string) => (w: string) => (w.length < 3 ? w : at(w, Math.max(1, Math.floor(w.length / 3)), mark));
const twice = (mark: string) => (w: string) => (w.length < 3 ? w : `${w[0]}${mark}${w.slice(1, -1)}${mark}${w.slice(-1)}`);
const VOWELS = "aeiou";
const vowelAt = (w: string, from: number) => [...w].findIndex((c, i) => i >= from && VOWELS.includes(c));
const paragraphs = (text: string) => text.split(/\n\s*\n/);
const sentences = (text: string) => text.split(/(?<=[.!?]["”’]?)\s+(?=["“]?[A-Z])/);
const lead =
  (leads: string[]): Edit =>
  (text) =>
    paragraphs(text)
      .map((p) =>
        sentences(p)
          .map((s, i) => (/^[A-Z][a-z]/.test(s) && s.slice(0, 2) !== "I " ? `${leads[i % leads.length]} ${s[0].toLowerCase()}${s.slice(1)}` : s))
          .join(" "),
      )
      .join("\n\n");

const classes: Record<string, Edit> = {};
// Every dash of Unicode (General Category Pd), then other in-word marks, each at the middle, a third in, and twice.
const DASHES = [...Array(0x10ffff).keys()].filter((cp) => (cp < 0xd800 || cp > 0xdfff) && /\p{Pd}/u.test(String.fromCodePoint(cp))).map((cp) => String.fromCodePoint(cp));
for (const d of DASHES) classes[`U+${d.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} dash in the middle`] = inCostly(mid(d));
for (const [name, m] of Object.entries({ hyphen: "-", apostrophe: "'", "curly apostrophe": "’", dot: ".", "middle dot": "·", space: " ", "hyphen+space": "- ", underscore: "_", slash: "/", asterisk: "*" })) {
  classes[`${name} in the middle`] = inCostly(mid(m));
  classes[`${name} a third in`] = inCostly(third(m));
  classes[`${name} twice`] = inCostly(twice(m));
}
classes["dropped vowel"] = inCostly((w) => {
  const i = vowelAt(w, 1);
  return i < 0 || w.length < 4 ? w : w.slice(0, i) + w.slice(i + 1);
});
classes["dropped second vowel"] = inCostly((w) => {
  const i = vowelAt(w, vowelAt(w, 1) + 1);
  return i < 1 || w.length < 5 ? w : w.slice(0, i) + w.slice(i + 1);
});
classes["all inner vowels dropped"] = inCostly((w) => (w.length < 5 ? w : w[0] + w.slice(1, -1).replace(/[aeiou]/g, "") + w.slice(-1)));
classes["transposed letters (2,3)"] = inCostly((w) => (w.length < 4 ? w : w[0] + w[2] + w[1] + w.slice(3)));
classes["transposed letters (last two)"] = inCostly((w) => (w.length < 4 ? w : w.slice(0, -2) + w.at(-1) + w.at(-2)));
classes["two transpositions"] = inCostly((w) => (w.length < 6 ? w : w[0] + w[2] + w[1] + w.slice(3, -2) + w.at(-1) + w.at(-2)));
classes["doubled letter"] = inCostly((w) => (w.length < 4 ? w : at(w, 2, w[1])));
classes["doubled letter twice"] = inCostly((w) => (w.length < 5 ? w : at(at(w, 3, w[2]), 1, w[0])));
classes["changed letter"] = inCostly((w) => (w.length < 5 ? w : w.slice(0, 2) + (w[2] === "x" ? "z" : "x") + w.slice(3)));
classes["added letter"] = inCostly((w) => (w.length < 4 ? w : at(w, 2, "h")));
classes["one-word lead"] = lead(["Then,", "Still,", "Now,"]);
classes["two-word lead"] = lead(["But then", "And yet", "Even so,"]);
classes["three-word lead"] = lead(["And yet, somehow,", "But then, again,", "Still, even so,"]);
classes["four-word lead"] = lead(["And then, of course,", "But even so, still,", "Yet all the while"]);
classes["clause lead"] = lead(["As the night wore on,", "In that moment,", "Without a word,"]);
classes["unrelated paragraph appended"] = (text, i) => `${text}\n\n${donors[i % donors.length]}`;
classes["unrelated paragraph prepended"] = (text, i) => `${donors[i % donors.length]}\n\n${text}`;
classes["unrelated paragraph in the middle"] = (text, i) => {
  const p = paragraphs(text);
  const k = Math.ceil(p.length / 2);
  return [...p.slice(0, k), donors[i % donors.length], ...p.slice(k)].join("\n\n");
};
classes["two unrelated paragraphs appended"] = (text, i) => `${text}\n\n${donors[i % donors.length]}\n\n${donors[(i + 1) % donors.length]}`;

const opened = await openScorer({ stack: "prose" });
const value = (s: Score) => {
  if (s.value === null) throw new Error(`a row failed: ${s.error}`);
  return s.value;
};
const scoreAll = async (batch: BankRow[]) => (await opened.scorer.scoreRows(batch)).map(value);
const fmt = (x: number) => (x >= 0 ? "+" : "") + x.toFixed(3);
const started = process.cpuUsage();
try {
  const before = await scoreAll(rows);
  console.log(
    `# prose categories: default preset, instrument ${opened.scorer.instrument.hash.slice(0, 12)}; ${rows.length} creative replies (lines ≡ 3 mod 10, seed ${SEED}); base mean ${(before.reduce((a, b) => a + b, 0) / rows.length).toFixed(3)}\n`,
  );
  console.log("| member | n | mean gain | 95% CI | verdict |\n|---|---|---|---|---|");
  let failing = 0;
  let count = 0;
  for (const [name, edit] of Object.entries(classes)) {
    if (FILTER && !name.includes(FILTER)) continue;
    const edited = rows.map((r, i) => ({ ...r, output: edit(r.output, i) }));
    const changed = edited.flatMap((r, i) => (r.output !== rows[i].output ? [i] : []));
    const after = await scoreAll(edited);
    const gains = changed.map((i) => after[i] - before[i]);
    const { mean, ci } = gains.length >= 2 ? meanCi(gains) : { mean: NaN, ci: [NaN, NaN] };
    const pass = gains.length >= 2 && ci[0] <= 0.005;
    count++;
    if (!pass) failing++;
    console.log(`| ${name} | ${gains.length} | ${fmt(mean)} | [${fmt(ci[0])}, ${fmt(ci[1])}] | ${pass ? "PASS" : "FAIL"} |`);
  }
  const cpu = process.cpuUsage(started);
  console.log(
    `\n${count - failing} of ${count} members PASS; ${((cpu.user + cpu.system) / 1e6).toFixed(0)} CPU s; load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await opened.close();
}
