// Issue 36, humor: how often the laughter-meaning-4 categories fire on human dialogue (every line of
// DailyDialog, The Office and Overheard in New York in ../shared/data, read through the reader's view).
// Per category: lines where it fires (n, rate, Wilson 95% interval) and its most frequent spans, so each
// can be judged laughter or not; then the lines whose strip changed at all beside laughter the older
// categories already found. Prints figures and the flagged spans only.
//   npx tsx bench/studies/humor-cue-false-positives.ts [--top 40]
import { readJsonl } from "../../src/core/jsonl.js";
import { wilsonCi } from "../../src/stats/index.js";
import { decorations, detectLaughter } from "../../src/text/laughter-meaning.js";
import { readerView } from "../../src/text/reader-view.js";
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { arg } from "../helpers/args.js";
import { readFileSync } from "node:fs";
import { uptimeLine } from "../heldout2/provenance.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const TOP = Number(arg("--top") ?? 40);

const texts = (rows: unknown[], turns: (r: unknown) => string[]) => rows.flatMap(turns);
const lines: { corpus: string; text: string }[] = [
  ...texts(readJsonl(sharedPath("dialogue/dailydialog.jsonl.gz")).rows, (r) => ((r as { turns: (string | { text: string })[] }).turns ?? []).map((t) => (typeof t === "string" ? t : t.text))).map((text) => ({ corpus: "dailydialog", text })),
  ...readJsonl(sharedPath("dialogue/the_office_lines.jsonl.gz")).rows.map((r) => ({ corpus: "office", text: String((r as { line?: string; text?: string }).line ?? (r as { text?: string }).text ?? "") })),
  ...readFileSync(sharedPath("dialogue/overheard_ny.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .flatMap((l) => ((JSON.parse(l) as { turns: (string | { text: string })[] }).turns ?? []).map((t) => (typeof t === "string" ? t : t.text)))
    .map((text) => ({ corpus: "overheard", text })),
].filter((l) => l.text.trim() !== "");

const started = process.cpuUsage();
const byCategory = new Map<string, { lines: number; spans: Map<string, number> }>();
const note = (category: string, spans: string[]) => {
  if (spans.length === 0) return;
  const entry = byCategory.get(category) ?? { lines: 0, spans: new Map() };
  entry.lines++;
  for (const s of spans) entry.spans.set(s, (entry.spans.get(s) ?? 0) + 1);
  byCategory.set(category, entry);
};
for (const { text } of lines) {
  const view = readerView(text);
  const cues = detectLaughter(view);
  note(
    "form (laughter)",
    cues.filter((c) => c.kind === "form").map((c) => c.text.toLowerCase()),
  );
  note(
    "report/narrated (laughter)",
    cues.filter((c) => c.kind === "report").map((c) => c.text.toLowerCase()),
  );
  note(
    "any laughter cue (guards)",
    cues.map((c) => c.kind),
  );
  const decor = decorations(view);
  const kinds = (re: RegExp) => decor.filter((d) => re.test(d.text)).map((d) => d.text.toLowerCase());
  note("emoji (strip only)", kinds(/\p{Extended_Pictographic}|\p{Regional_Indicator}/u));
  note("plain emoticon (strip only)", kinds(/^[^\p{L}\p{N}]*[:;=][^\s]*$|^[xb8][-^]?[()[\]]+$|^.[-^]?[:;=]<?$/iu));
  note("vocalization or hyperbole (strip only)", kinds(/\p{L}{2,}|\p{L}\s/u));
}
const cpu = process.cpuUsage(started);
const n = lines.length;
console.log(`# Laughter-meaning-4 categories on human dialogue: ${n} lines (DailyDialog, The Office, Overheard NY); ${((cpu.user + cpu.system) / 1e3 / n).toFixed(3)} CPU-ms per line; uptime: ${uptimeLine()}\n`);
console.log("| category | lines | rate | Wilson 95% | most frequent spans (count) |");
console.log("|---|---|---|---|---|");
for (const [category, { lines: k, spans }] of byCategory) {
  const w = wilsonCi(k, n);
  const top = [...spans].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  console.log(`| ${category} | ${k} | ${((100 * k) / n).toFixed(3)}% | [${(100 * w.ci[0]).toFixed(3)}%, ${(100 * w.ci[1]).toFixed(3)}%] | ${top.map(([s, c]) => `${JSON.stringify(s)} ${c}`).join(", ")} |`);
}
