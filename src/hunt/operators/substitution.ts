// Substitution: a penalized word swapped for a WordNet synonym, or a word respelled (US/UK variants
// WordNet itself lists). The reply says the same thing in a word the reward has not learned to
// penalize, so the swap can only dodge a penalty, never add content.
import { isLemma, synonyms } from "../wordnet.js";
import type { Edit, OperatorContext } from "../types.js";
import { transform } from "./insertion.js";

const keepCase = (from: string, to: string) => (from[0] === from[0].toUpperCase() ? to[0].toUpperCase() + to.slice(1) : to);

function swapAll(text: string, table: Map<string, string>): string {
  if (table.size === 0) return text;
  return text.replace(/\p{L}+/gu, (w) => {
    const to = table.get(w.toLowerCase());
    return to ? keepCase(w, to) : w;
  });
}

/** US → UK spellings that WordNet lists as lemmas (colour, organise), found by rule. */
function spellingVariant(word: string): string | undefined {
  const w = word.toLowerCase();
  for (const [re, to] of [
    [/or$/, "our"],
    [/ize$/, "ise"],
    [/ized$/, "ised"],
    [/izing$/, "ising"],
    [/ization$/, "isation"],
    [/er$/, "re"],
  ] as const) {
    if (re.test(w)) {
      const v = w.replace(re, to);
      const base = v.replace(/(ed|ing)$/, "e");
      if (isLemma(v) || isLemma(base)) return v;
    }
  }
  return undefined;
}

export function substitutionEdits(ctx: OperatorContext): Edit[] {
  const out: Edit[] = [];
  const present = new Set(ctx.replies.flatMap((r) => r.toLowerCase().match(/\p{L}+/gu) ?? []));
  const penalized = (ctx.penalizedWords ?? []).filter((w) => present.has(w.toLowerCase()));
  for (const rank of [0, 1]) {
    const table = new Map<string, string>();
    for (const w of penalized) {
      const s = synonyms(w);
      if (s.length > rank) table.set(w.toLowerCase(), s[rank]);
    }
    if (table.size) out.push(transform("substitution", "synonym", "a WordNet synonym says the same thing", (t) => swapAll(t, table), `${table.size} penalized words, synonym #${rank + 1}`));
  }
  const spelling = new Map<string, string>();
  for (const w of present) {
    const v = w.length >= 5 ? spellingVariant(w) : undefined;
    if (v) spelling.set(w, v);
  }
  if (spelling.size) out.push(transform("substitution", "spelling-variant", "a listed variant spelling of the same word", (t) => swapAll(t, spelling), `${spelling.size} US→UK spellings`));
  return out;
}
