// Three-part format detector (SPEC §9): an explicit response-level three-part backbone — ordinal
// section starts, exactly three section headers, exactly three standalone bold section labels, or a
// triplet of substantial paragraphs — but not a numbered list or paragraph count the task itself
// asks for (the prompt is consulted when given).

const ORDINAL_STARTS: readonly RegExp[] = [
  /^\s*(?:\*\*)?(?:first(?:ly)?|to begin(?: with)?|part (?:1|one)|step (?:1|one))\b/i,
  /^\s*(?:\*\*)?(?:second(?:ly)?|next|then|part (?:2|two)|step (?:2|two))\b/i,
  /^\s*(?:\*\*)?(?:third(?:ly)?|finally|lastly|in conclusion|part (?:3|three)|step (?:3|three))\b/i,
];

const HEADER = /^\s{0,3}#{1,6}\s+\S/;
const BOLD_LABEL = /^\s*\*\*[^*\n]{1,60}\*\*\s*:?\s*$/;
const NUMBERED_BOLD_LABEL = /^\s*(?:\d+[.)]\s*\*\*[^*\n]{3,}\*\*|\*\*\d+[.)]\s*[^*\n]{3,}\*\*)/;
const NUMBER_THREE = "(?:3|three)";
const TASK_ASKS_THREE = new RegExp(String.raw`\b(?:exactly\s+|at\s+least\s+|)${NUMBER_THREE}\s+(?:separate\s+|distinct\s+|short\s+|)(?:paragraphs?|sections?|parts?|bullet|points?|steps?|items?|headers?|headings?)`, "i");

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

export function formatMatches(output: string, prompt?: string): string[] {
  if (prompt && TASK_ASKS_THREE.test(prompt)) return [];
  const matches: string[] = [];
  const paras = paragraphs(output);
  const lines = output.split("\n");

  // Ordinal starts: three paragraphs (or lines) opening with first / second / third in order.
  const starts = paras.length >= 3 ? paras : lines.filter((l) => l.trim());
  let stage = 0;
  const ordinalHits: string[] = [];
  for (const p of starts) {
    if (stage < 3 && ORDINAL_STARTS[stage].test(p)) {
      ordinalHits.push(p.slice(0, 30));
      stage++;
    }
  }
  if (stage === 3) matches.push(`ordinal starts: ${ordinalHits.join(" | ")}`);

  const headers = lines.filter((l) => HEADER.test(l));
  const topLevel = Math.min(...headers.map((h) => h.trim().match(/^#+/)![0].length));
  const topHeaders = headers.filter((h) => h.trim().match(/^#+/)![0].length === topLevel);
  if (topHeaders.length === 3) matches.push(`three headers: ${topHeaders.map((h) => h.trim()).join(" | ")}`);

  // Numbered items whose text is a bold title ("1. **Causes**", "**2. Effects**") are section labels,
  // not a bare list.
  const numberedLabels = lines.filter((l) => NUMBERED_BOLD_LABEL.test(l));
  if (numberedLabels.length === 3) matches.push(`three numbered section labels: ${numberedLabels.map((l) => l.trim().slice(0, 40)).join(" | ")}`);

  const bold = lines.filter((l) => BOLD_LABEL.test(l));
  if (bold.length === 3) matches.push(`three bold labels: ${bold.map((b) => b.trim()).join(" | ")}`);

  const substantial = paras.filter((p) => p.split(/\s+/).length >= 20);
  if (paras.length === 3 && substantial.length === 3 && headers.length === 0 && bold.length === 0) matches.push("paragraph triplet");
  return matches;
}
