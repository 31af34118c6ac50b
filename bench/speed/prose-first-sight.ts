// The word table's first sight of every form of a bank, alone: each child process imports a dist's
// Lexicon, then interns every distinct form of BANK's replies, in the order the scanner meets them, into
// a fresh table (CPU of the whole process: V8's helper threads too). The tables a first sight reads
// (the lemma table; since stop 31 the word-form table instead) load when that dist loads them, inside
// the timing: "tables_ms" is the first form alone (the table loads and the first compiles), and
// "first_sight_ms" all of them, that one included. Pairs alternate this checkout's dist/ (or --this DIST) with --baseline DIST in
// fresh processes, so a load that drifts hits both; the ratio is per pair with a 95% t interval.
//   npm run build && npx tsx bench/speed/prose-first-sight.ts /tmp/prose-creative.jsonl --baseline /tmp/base/dist [--pairs 10]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { meanCi } from "../../src/stats/mean-ci.js";
import { arg } from "../helpers/args.js";

// The forms, collected once in this process with this checkout's scanner (the order of first sight).
async function formsOf(bank: string, dist: string): Promise<string[]> {
  const { readFileSync } = await import("node:fs");
  const { Lexicon } = (await import(`${dist}/text/lexicon.js`)) as typeof import("../../src/text/lexicon.js");
  const { scanText } = (await import(`${dist}/text/scan.js`)) as typeof import("../../src/text/scan.js");
  const lexicon = new Lexicon();
  for (const line of readFileSync(bank, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const output = (JSON.parse(line) as { output?: unknown }).output;
    if (typeof output === "string") scanText(output, lexicon);
  }
  return lexicon.surfaces;
}

const CHILD = `
const [dist, formsFile] = process.argv.slice(1);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
(async () => {
  const forms = require("node:fs").readFileSync(formsFile, "utf8").split("\\n");
  const url = (p) => require("node:url").pathToFileURL(dist + p).href;
  const { Lexicon } = await import(url("/text/lexicon.js"));
  const t = cpu();
  const lexicon = new Lexicon();
  lexicon.surface(forms[0]);
  const table_ms = cpu() - t;
  for (const f of forms) lexicon.surface(f);
  process.stdout.write(JSON.stringify({ table_ms, first_sight_ms: cpu() - t }));
})();
`;

async function main(): Promise<void> {
  const bank = process.argv[2];
  const baseline = arg("--baseline");
  if (!bank || bank.startsWith("--") || !baseline) {
    console.error("usage: npx tsx bench/speed/prose-first-sight.ts BANK.jsonl --baseline DIST [--this DIST] [--pairs N]");
    process.exit(2);
  }
  const pairs = Number(arg("--pairs") ?? 10);
  const dists = { this: resolve(arg("--this") ?? "dist"), baseline: resolve(baseline) };
  const forms = await formsOf(bank, dists.this);
  const dir = mkdtempSync(join(tmpdir(), "prose-first-sight-"));
  const formsFile = join(dir, "forms.txt");
  writeFileSync(formsFile, forms.join("\n"));
  const ms: Record<"this" | "baseline", { table_ms: number; first_sight_ms: number }[]> = { this: [], baseline: [] };
  const load: number[] = [];
  for (let k = 0; k < pairs; k++) {
    const order: ("this" | "baseline")[] = k % 2 === 0 ? ["baseline", "this"] : ["this", "baseline"];
    for (const side of order) {
      load.push(loadavg()[0]);
      const child = spawnSync(process.execPath, ["-e", CHILD, dists[side], formsFile], { encoding: "utf8" });
      if (child.status !== 0) throw new Error(`child (${side}) failed: ${child.stderr}`);
      ms[side].push(JSON.parse(child.stdout) as { table_ms: number; first_sight_ms: number });
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
  const ci = (xs: number[]) => {
    const c = meanCi(xs);
    return { n: c.n, mean: round(c.mean), ci95: c.ci.map((x) => round(x)) };
  };
  const side = (s: "this" | "baseline") => ({ tables_ms: ci(ms[s].map((r) => r.table_ms)), first_sight_ms: ci(ms[s].map((r) => r.first_sight_ms)) });
  console.log(
    JSON.stringify(
      {
        bank,
        forms: forms.length,
        pairs,
        units: "CPU ms of the child process (user + system, all threads); 95% t interval over the pairs",
        load_avg_1m: { min: round(Math.min(...load), 2), max: round(Math.max(...load), 2) },
        this: side("this"),
        baseline: side("baseline"),
        ratio_baseline_over_this_first_sight: { ...ci(ms.this.map((r, k) => ms.baseline[k].first_sight_ms / r.first_sight_ms)), note: "per pair" },
      },
      null,
      2,
    ),
  );
}

await main();
