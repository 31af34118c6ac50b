// Structure: the same sentences in another shape. Lead words (1–3 of the discourse words the rows
// themselves open sentences with) before sentences, labelled lines, headings, lists and dialogue lines.
// The sentences are unchanged, so nothing is added a reader can use.
import { splitSentences } from "../../text/sentences.js";
import type { Edit, OperatorContext } from "../types.js";
import { transform } from "./insertion.js";

/** The rows' most frequent sentence-initial words that are not the start of a name or a noun phrase (capitalized function words). */
export function leadWords(replies: readonly string[], k = 8): string[] {
  const count = new Map<string, number>();
  for (const r of replies)
    for (const s of splitSentences(r)) {
      const first = s.trim().match(/^(\p{Lu}\p{Ll}+),?\s/u)?.[1];
      if (first && !/^(The|A|An|I|He|She|It|They|We|You|His|Her|Their|This|That)$/.test(first)) count.set(first, (count.get(first) ?? 0) + 1);
    }
  const found = [...count]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, k)
    .map(([w]) => w);
  return found.length ? found : ["But", "Then", "And", "Still"];
}

/** Leads of 1–3 words built from the lead words: "But", "But then", "But then still". */
export function leads(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const [i, a] of words.entries()) {
    out.push(a);
    const b = words[(i + 1) % words.length].toLowerCase();
    const c = words[(i + 2) % words.length].toLowerCase();
    out.push(`${a} ${b}`, `${a} ${b}, ${c}`);
  }
  return [...new Set(out)];
}

const lower = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) && !/^I\b/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);

function eachSentence(text: string, f: (s: string, i: number) => string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) =>
      splitSentences(p)
        .map((s, i) => f(s.trim(), i))
        .join(" "),
    )
    .join("\n\n");
}

export function structureEdits(ctx: OperatorContext): Edit[] {
  const why = "the reply's sentences unchanged, reshaped";
  const out: Edit[] = [];
  for (const lead of leads(leadWords(ctx.replies))) {
    const n = lead.split(" ").length;
    out.push(transform("structure", "lead-words", why, (t) => eachSentence(t, (s) => `${lead} ${lower(s)}`), `${n}: "${lead}" before every sentence`));
    out.push(transform("structure", "lead-words", why, (t) => eachSentence(t, (s, i) => (i === 0 ? `${lead} ${lower(s)}` : s)), `${n}: "${lead}" before each paragraph`));
  }
  const labels = ["Narration", "Scene", "Action", "Note", "Description", "Summary"];
  for (const label of labels)
    out.push(
      transform(
        "structure",
        "labelled-lines",
        why,
        (t) =>
          t
            .split(/\n\s*\n/)
            .map((p) => `${label}: ${p.trim()}`)
            .join("\n\n"),
        `${label}:`,
      ),
    );
  out.push(transform("structure", "labelled-lines", why, (t) => `${labels[0].toUpperCase()}: ${t.trim()}`, "one label"));
  out.push(
    transform(
      "structure",
      "headings",
      why,
      (t) =>
        t
          .split(/\n\s*\n/)
          .map((p, i) => `## Part ${i + 1}\n\n${p.trim()}`)
          .join("\n\n"),
      "a heading per paragraph",
    ),
  );
  out.push(
    transform(
      "structure",
      "list",
      why,
      (t) =>
        splitSentences(t)
          .map((s) => `- ${s.trim()}`)
          .join("\n"),
      "a bullet per sentence",
    ),
  );
  out.push(
    transform(
      "structure",
      "list",
      why,
      (t) =>
        splitSentences(t)
          .map((s, i) => `${i + 1}. ${s.trim()}`)
          .join("\n"),
      "numbered sentences",
    ),
  );
  out.push(
    transform(
      "structure",
      "dialogue-lines",
      why,
      (t) =>
        splitSentences(t)
          .map((s) => `— ${s.trim()}`)
          .join("\n"),
      "em-dash dialogue lines",
    ),
  );
  out.push(transform("structure", "dialogue-lines", why, (t) => eachSentence(t, (s, i) => (i % 2 ? `"${s}"` : s)), "every other sentence quoted"));
  return out;
}
