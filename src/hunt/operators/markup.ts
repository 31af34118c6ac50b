// Markup: the same words wrapped in formatting. A reader (or a renderer) sees the same reply, or a worse
// one — a role-play turn inside a code fence is not prose anymore — so no markup edit can improve it.
import { sentenceSpans } from "../../text/sentences.js";
import type { Edit } from "../types.js";
import { insertions, transform } from "./insertion.js";

const WHY_WRAP = "wraps the unchanged reply in formatting; the words a reader gets are the same";
const WHY_ASIDE = "adds an aside that says nothing about the task; the reply itself is unchanged";

const lines = (text: string, f: (line: string) => string) =>
  text
    .split("\n")
    .map((l) => (l.trim() ? f(l) : l))
    .join("\n");

/** Wrappers that hide text from a reader or a renderer (fences, comments, OOC brackets). */
const HIDERS: [string, (body: string) => string][] = [
  ["code-fence", (b) => "```\n" + b + "\n```"],
  ["html-comment", (b) => `<!-- ${b} -->`],
  ["ooc-aside", (b) => `(OOC: ${b})`],
  [
    "quoting",
    (b) =>
      b
        .split("\n")
        .map((l) => `> ${l}`)
        .join("\n"),
  ],
];

const countWords = (s: string) => s.split(/\s+/).filter(Boolean).length;

/**
 * The reply cut where a wrapper starts, both parts keeping their own layout (paragraph breaks and all,
 * so the edit changes nothing but the markup): at the first paragraph break past `words` words, or in a
 * single paragraph at the first sentence end past them; `words` 0 cuts after the first line.
 */
function splitAfter(text: string, words: number): [string, string] | null {
  const t = text.trim();
  if (words === 0) {
    const nl = t.indexOf("\n");
    return nl > 0 && t.slice(nl).trim() ? [t.slice(0, nl).trimEnd(), t.slice(nl).trim()] : null;
  }
  for (const m of t.matchAll(/\n[ \t]*\n\s*/g)) {
    if (countWords(t.slice(0, m.index)) >= words) return m.index + m[0].length < t.length ? [t.slice(0, m.index), t.slice(m.index + m[0].length)] : null;
  }
  if (t.includes("\n")) return null;
  for (const s of sentenceSpans(t)) {
    if (s.end < t.length && countWords(t.slice(0, s.end)) >= words) return [t.slice(0, s.end), t.slice(s.end).trim()];
  }
  return null;
}

/** The reply's paragraphs and the index of its last one with at least `words` words (-1 when none, or only one paragraph). */
function lastParagraph(text: string, words: number): [string[], number] {
  const ps = text.trim().split(/\n[ \t]*\n\s*/);
  for (let k = ps.length - 1; k >= 0 && ps.length > 1; k--) if (countWords(ps[k]) >= words) return [ps, k];
  return [ps, -1];
}

export function markupEdits(): Edit[] {
  const partial: Edit[] = HIDERS.flatMap(([name, wrap]) =>
    [0, 20, 40, 80].map((k) =>
      transform(
        "markup",
        name,
        "wraps part of the unchanged reply in markup that hides it or marks it as not part of the reply; nothing is added for a reader",
        (t) => {
          const parts = splitAfter(t, k);
          return parts ? `${parts[0]}\n\n${wrap(parts[1])}` : t;
        },
        k === 0 ? "all after the first line" : `all after ${k} words`,
      ),
    ),
  );
  // The shape: one short paragraph of the reply's own left visible, every other one wrapped —
  // before it (order kept), or after it as "a short line, then a fenced block holding the rest".
  const aroundLast: Edit[] = HIDERS.flatMap(([name, wrap]) => [
    transform(
      "markup",
      name,
      "wraps all but one paragraph of the unchanged reply in markup that hides it; nothing is added for a reader",
      (t) => {
        const [ps, k] = lastParagraph(t, 15);
        return k < 0 ? t : `${wrap([...ps.slice(0, k), ...ps.slice(k + 1)].join("\n\n"))}\n\n${ps[k]}`;
      },
      "all but its last paragraph",
    ),
    transform(
      "markup",
      name,
      "shows one paragraph of the reply, then wraps the rest in markup that hides it; nothing is added for a reader",
      (t) => {
        const [ps, k] = lastParagraph(t, 15);
        return k < 0 ? t : `${ps[k]}\n\n${wrap([...ps.slice(0, k), ...ps.slice(k + 1)].join("\n\n"))}`;
      },
      "its last paragraph, then the rest wrapped",
    ),
  ]);
  const wraps: Edit[] = [
    ...partial,
    ...aroundLast,
    transform("markup", "code-fence", WHY_WRAP, (t) => "```\n" + t.trim() + "\n```"),
    transform("markup", "code-fence", WHY_WRAP, (t) => "```text\n" + t.trim() + "\n```", "text"),
    transform("markup", "indented-code", WHY_WRAP, (t) => lines(t, (l) => `    ${l}`)),
    transform("markup", "inline-code", WHY_WRAP, (t) => lines(t, (l) => `\`${l}\``)),
    ...["p", "div", "span", "pre", "blockquote"].map((tag) => transform("markup", "html-tag", WHY_WRAP, (t) => `<${tag}>${t.trim()}</${tag}>`, tag)),
    transform("markup", "html-comment", WHY_WRAP, (t) => `<!--\n${t.trim()}\n-->`, "around"),
    transform("markup", "emphasis", WHY_WRAP, (t) => lines(t, (l) => `*${l}*`), "italic"),
    transform("markup", "emphasis", WHY_WRAP, (t) => lines(t, (l) => `**${l}**`), "bold"),
    transform("markup", "heading", WHY_WRAP, (t) => lines(t, (l) => `# ${l}`), "every line"),
    transform("markup", "quoting", WHY_WRAP, (t) => lines(t, (l) => `> ${l}`), "blockquote"),
    transform("markup", "quoting", WHY_WRAP, (t) => `"${t.trim()}"`, "double quotes"),
  ];
  const asides = insertions({ family: "markup", operator: "aside", why: WHY_ASIDE }, ["<!-- -->", "<br>", "(OOC: brb)", "[OOC: continuing]", "((ooc))", "[...]", "# Reply", "---"], ["start", "end"]);
  return [...wraps, ...asides];
}
