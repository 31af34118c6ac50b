// Quick study: unrelated human prose put into the tuning slice's replies (a Gutenberg paragraph of 80-160
// words at the start, in the middle or at the end; its sentences scattered, one after each of the first paragraphs), scored
// beside the original under the default preset, per term, with the share of rows where the slop term read
// a paragraph as unrelated.
//   npx tsx bench/studies/prose-inserted.ts [rows]
import { gzLines, tuningReplies } from "../../test/helpers/prose-replies.js";
import { sharedPath } from "../../test/helpers/shared-data.js";
import { proseOptions, proseStack } from "../../src/stacks/prose.js";
import type { BankRow } from "../../src/core/types.js";

/** Mean with a normal 95% interval. */
function meanCi(xs: number[]): { n: number; mean: number; ci: [number, number] } {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const se = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1) / xs.length);
  const r = (x: number) => Math.round(x * 1000) / 1000;
  return { n: xs.length, mean: r(mean), ci: [r(mean - 1.96 * se), r(mean + 1.96 * se)] };
}
const words = (t: string) => t.split(/\s+/).length;
// Gutenberg's mining books only (the validation holds out five books).
const donors = gzLines(sharedPath("human_prose/gutenberg_paragraphs.jsonl.gz"))
  .map((l) => JSON.parse(l) as { book?: string; title?: string; text: string })
  .map((r) => r.text.replace(/\s+/g, " ").trim())
  .filter((t, i) => i % 3 === 0 && words(t) >= 80 && words(t) <= 160);
const paragraphs = (t: string) => t.split(/\n\s*\n/).filter((p) => p.trim() !== "");
const sentences = (t: string) => t.match(/[^.!?]+[.!?]+["”’]?\s*/g)?.map((s) => s.trim()) ?? [t];
const EDITS: Record<string, (text: string, donor: string) => string> = {
  start: (t, d) => [d, ...paragraphs(t)].join("\n\n"),
  middle: (t, d) => {
    const ps = paragraphs(t);
    const k = Math.max(1, Math.floor(ps.length / 2));
    return [...ps.slice(0, k), d, ...ps.slice(k)].join("\n\n");
  },
  end: (t, d) => [...paragraphs(t), d].join("\n\n"),
  scattered: (t, d) => {
    const s = sentences(d);
    return paragraphs(t)
      .map((p, i) => (i < s.length ? `${p} ${s[i]}` : p))
      .join("\n\n");
  },
};
const rows = tuningReplies(Number(process.argv[2] ?? 150));
const scorer = await proseStack.create(proseOptions.parse({}), {});
const base = await scorer.scoreRows(rows);
for (const [name, edit] of Object.entries(EDITS)) {
  const edited: BankRow[] = rows.map((r, i) => ({ ...r, id: `${r.id}-${name}`, output: edit(r.output as string, donors[i % donors.length]) }));
  const after = await scorer.scoreRows(edited);
  const gains: Record<string, number[]> = { value: [] };
  let flagged = 0;
  base.forEach((s, i) => {
    gains.value.push((after[i].value as number) - (s.value as number));
    for (const k of ["slop", "human_phrases"]) (gains[k] ??= []).push(((after[i].terms?.[k]?.value as number) ?? 0) - ((s.terms?.[k]?.value as number) ?? 0));
    if ((after[i].terms?.slop?.details as { unrelated_paragraphs?: number } | undefined)?.unrelated_paragraphs) flagged++;
  });
  console.log(
    `${name}: read unrelated in ${flagged} of ${rows.length}; ${Object.entries(gains)
      .map(([k, d]) => `${k} ${JSON.stringify(meanCi(d))}`)
      .join("; ")}`,
  );
}
