// CPU ms per sample of the hardened spelling reading (readSpelling + countNonWords) on the first N rows
// of a bank, this tree's dist/ against an earlier build of src/text/spelling.ts, in alternating rounds.
// Usage (after npm run build): node reports/spelling-speed/bench.mjs BANK.jsonl OLD_SPELLING.mjs [N] [ROUNDS]
// The old module is `git show ddafe8a:src/text/spelling.ts` bundled with its imports pointed at dist/
// (see README.md). COLD=1 clears the new memo before every sample. Exits 1 if any reading differs.
import { readFileSync } from "node:fs";
const dist = new URL("../../dist/", import.meta.url);
const NEW = await import(new URL("text/spelling.js", dist).href);
const OLD = await import(new URL(process.argv[3], `file://${process.cwd()}/`).href);
const { readReply } = await import(new URL("terms/prose/read.js", dist).href);
const { PROSE_PRESETS } = await import(new URL("terms/prose/presets.js", dist).href);
const { pricedLemmas } = await import(new URL("terms/prose/stack/prepare.js", dist).href);
const { loadDictionary } = await import(new URL("terms/prose/dictionary.js", dist).href);
const { splitThinking } = await import(new URL("terms/prose/thinking-block.js", dist).href);
const N = Number(process.argv[4] ?? 1000), ROUNDS = Number(process.argv[5] ?? 5), cold = process.env.COLD === "1";
const rows = readFileSync(process.argv[2], "utf8").trim().split("\n").slice(0, N).map((l) => JSON.parse(l));
const reading = { ...PROSE_PRESETS.hardened.settings.reading, spelling: undefined };
const texts = rows.map((r) => readReply(splitThinking(r.output, r.thinking).reply, reading).text);
const dict = loadDictionary(new URL("../src/terms/prose/data/default-dictionary.json", dist).pathname);
const none = new Set();
const oldCostly = OLD.costlyWords(pricedLemmas(dict));
const checkCostly = NEW.costlyWords(pricedLemmas(dict));
for (const t of texts) {
  const a = OLD.readSpelling(t, undefined, oldCostly), b = NEW.readSpelling(t, undefined, checkCostly);
  if (a !== b || JSON.stringify(OLD.countNonWords(a, none)) !== JSON.stringify(NEW.countNonWords(b, none))) throw new Error(`readings differ: ${t.slice(0, 60)}`);
}
const ms = { old: [], new: [] };
for (let r = 0; r < ROUNDS; r++) for (const name of r % 2 ? ["new", "old"] : ["old", "new"]) {
  const m = name === "new" ? NEW : OLD;
  const c = name === "new" ? NEW.costlyWords(pricedLemmas(dict)) : oldCostly; // a fresh engine's memo each round
  const t0 = process.cpuUsage();
  for (const t of texts) {
    if (cold && name === "new") c.readings.clear();
    m.countNonWords(m.readSpelling(t, undefined, c), none);
  }
  const u = process.cpuUsage(t0);
  ms[name].push((u.user + u.system) / 1000 / texts.length);
}
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const ratios = ms.new.map((x, i) => x / ms.old[i]).sort((a, b) => a - b);
console.log(`n=${texts.length} rows, ${ROUNDS} rounds${cold ? ", new memo cleared per sample" : ""}`);
for (const k of ["old", "new"]) console.log(`${k}: median ${median(ms[k]).toFixed(3)} CPU ms/sample (rounds ${ms[k].map((x) => x.toFixed(3)).join(" ")})`);
console.log(`new/old: median ${median(ratios).toFixed(3)} (range ${ratios[0].toFixed(3)}-${ratios.at(-1).toFixed(3)})`);
