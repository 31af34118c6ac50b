// Candidate baits for the fuzzer (SPEC §5), generated from families by rule rather than listed from a
// vocabulary's known gaps: laughter words with elongation, casing and spacing variants, emoji and
// emoticon families (by Unicode block and by face pattern), laughter in other languages, and bracketed
// or asterisked actions. Each candidate records its family and how it was made, so a finding can be
// traced back to the rule that produced it.
export interface BaitCandidate {
  text: string;
  family: "elongation" | "casing" | "spacing" | "punctuation" | "emoji" | "emoticon" | "other-language" | "action";
  /** How it was generated ("casing:upper of lol"). */
  origin: string;
}

const LAUGH_WORDS = ["haha", "hehe", "heh", "lol", "lmao", "lmfao", "rofl", "hah"];

function casings(w: string): [string, string][] {
  const cap = w[0].toUpperCase() + w.slice(1);
  const alt = [...w].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("");
  const lastUpper = w.slice(0, -1) + w.slice(-1).toUpperCase();
  return [
    ["lower", w],
    ["upper", w.toUpperCase()],
    ["capitalized", cap],
    ["alternating", alt],
    ["last-upper", lastUpper],
  ];
}

function elongations(w: string): [string, string][] {
  const out: [string, string][] = [];
  out.push(["doubled", w + w], ["last-letter x3", w + w.slice(-1).repeat(2)]);
  const vowel = w.search(/[aeiou]/);
  if (vowel >= 0) out.push(["vowel x4", w.slice(0, vowel) + w[vowel].repeat(4) + w.slice(vowel + 1)]);
  if (w.length >= 2) out.push(["unit x4", w.slice(0, 2).repeat(4)]);
  return out;
}

/** Emoji whose names say laughing, grinning, or tears (Unicode Emoticons block, faces and cat faces). */
const FACE_EMOJI: [string, string][] = [
  ["😀", "grinning face"],
  ["😁", "beaming face"],
  ["😂", "tears of joy"],
  ["😃", "grinning, big eyes"],
  ["😄", "grinning, smiling eyes"],
  ["😅", "grinning, sweat"],
  ["😆", "grinning, squinting"],
  ["🤣", "rolling on the floor"],
  ["😹", "cat with tears of joy"],
  ["😸", "grinning cat"],
  ["😺", "grinning cat, big eyes"],
  ["💀", 'skull ("I\'m dead")'],
  ["🙂", "slightly smiling (a smile, not a laugh)"],
];

/** Emoticons built from eyes × mouths (Western) plus the "x-D" laughing-squint family. */
function emoticons(): [string, string][] {
  const out: [string, string][] = [];
  for (const eyes of [":", ";", "="]) for (const nose of ["", "-"]) for (const mouth of ["D", ")", "P"]) out.push([`${eyes}${nose}${mouth}`, `eyes ${eyes} mouth ${mouth}`]);
  for (const x of ["x", "X"]) for (const d of ["D", "DD", "d"]) out.push([`${x}${d}`, `squint ${x} mouth ${d}`]);
  out.push(["^_^", "kaomoji"], ["^^", "kaomoji"], ["(≧▽≦)", "kaomoji"]);
  return out;
}

const OTHER_LANGUAGES: [string, string][] = [
  ["jaja", "Spanish"],
  ["jajaja", "Spanish"],
  ["jeje", "Spanish"],
  ["kkkk", "Portuguese"],
  ["rsrs", "Portuguese"],
  ["ㅋㅋ", "Korean"],
  ["ㅋㅋㅋ", "Korean"],
  ["ㅎㅎ", "Korean"],
  ["www", "Japanese"],
  ["草", "Japanese"],
  ["笑", "Japanese"],
  ["哈哈", "Chinese"],
  ["哈哈哈", "Chinese"],
  ["555", "Thai"],
  ["хаха", "Russian"],
  ["ахах", "Russian"],
  ["wkwk", "Indonesian"],
  ["mdr", "French"],
  ["xaxa", "Greek"],
  ["jsjs", "Spanish (keyboard)"],
];

const ACTION_WORDS = ["laughs", "laughing", "laughter", "chuckles", "giggles", "snickers", "cackles", "laughs softly", "bursts out laughing"];
const BRACKETS: [string, string][] = [
  ["*", "*"],
  ["(", ")"],
  ["[", "]"],
  ["_", "_"],
  ["<", ">"],
];

export function generateCandidates(): BaitCandidate[] {
  const out: BaitCandidate[] = [];
  const seen = new Set<string>();
  const add = (text: string, family: BaitCandidate["family"], origin: string) => {
    if (seen.has(text)) return;
    seen.add(text);
    out.push({ text, family, origin });
  };
  for (const w of LAUGH_WORDS) {
    for (const [how, c] of casings(w)) add(c, "casing", `casing:${how} of ${w}`);
    for (const [how, e] of elongations(w)) add(e, "elongation", `elongation:${how} of ${w}`);
    add([...w].join(" "), "spacing", `spacing:letters of ${w}`);
    add([...w].join("."), "spacing", `spacing:dotted ${w}`);
    if (w.length === 4) add(`${w.slice(0, 2)} ${w.slice(2)}`, "spacing", `spacing:split ${w}`);
    add(`${w}!!!`, "punctuation", `punctuation:!!! after ${w}`);
    add(`${w}...`, "punctuation", `punctuation:... after ${w}`);
  }
  for (const [e, name] of FACE_EMOJI) {
    add(e, "emoji", `emoji:${name}`);
    add(e.repeat(3), "emoji", `emoji:${name} x3`);
  }
  for (const [e, how] of emoticons()) add(e, "emoticon", `emoticon:${how}`);
  for (const [w, lang] of OTHER_LANGUAGES) add(w, "other-language", `other-language:${lang}`);
  for (const a of ACTION_WORDS) for (const [o, c] of BRACKETS) add(`${o}${a}${c}`, "action", `action:${o}${c} around "${a}"`);
  return out;
}
