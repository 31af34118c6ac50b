// Whole-process CPU by thread, this build against another, taking turns (issue 20, stop 31): each
// pair scores BANK with `score --stack prose --workers 1` in a fresh process per build and reads
// every thread's CPU from /proc at exit; "helpers" is V8's threads (the concurrent TurboFan compiler
// and GC helpers), "main" the scoring thread. Prints each run, then per measure the mean of the
// ratios this / base with its 95% t interval, and the 1-minute load before and after.
//   npm run build && node bench/speed/thread-cpu-ab.mjs --bank /tmp/prose-creative.jsonl --base /tmp/base/dist [--this DIST] [--pairs 8]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const arg = (name, fallback) => {
  const k = process.argv.indexOf(name);
  return k > 0 ? process.argv[k + 1] : fallback;
};
const here = path.dirname(fileURLToPath(import.meta.url));
const bank = arg("--bank");
const base = arg("--base");
const self = path.resolve(arg("--this", path.join(here, "..", "..", "dist")));
const pairs = Number(arg("--pairs", "8"));
if (!bank || !base) {
  console.error("usage: node bench/speed/thread-cpu-ab.mjs --bank BANK --base DIST [--this DIST] [--pairs N] [--option K=V]");
  process.exit(2);
}
const option = arg("--option");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thread-cpu-ab-"));
const probe = path.join(dir, "threads.mjs");
fs.writeFileSync(
  probe,
  `import fs from "node:fs";
process.on("exit", () => {
  const out = { main: 0, helpers: 0 };
  for (const t of fs.readdirSync("/proc/self/task")) {
    const s = fs.readFileSync("/proc/self/task/" + t + "/stat", "utf8");
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    const cpu = (Number(f[11]) + Number(f[12])) / 100;
    if (Number(t) === process.pid) out.main += cpu; else out.helpers += cpu;
  }
  fs.writeSync(2, "THREADS " + JSON.stringify(out) + "\\n");
});
`,
);
const runner = path.join(dir, "run.mjs");
fs.writeFileSync(
  runner,
  `const { main } = await import(process.argv[2] + "/cli/index.js");
const rc = await main(["node", "foolsgold", ...process.argv.slice(3)]);
if (typeof rc === "number") process.exitCode = rc;
`,
);

function measured(dist, out) {
  const args = ["--import", probe, runner, path.resolve(dist), "score", "--stack", "prose", "--in", bank, "--out", out, "--workers", "1", ...(option ? ["--option", option] : [])];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "ignore", "pipe"] });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`run failed (${r.status}): ${r.stderr}`);
  const line = r.stderr.split("\n").find((l) => l.startsWith("THREADS "));
  const t = JSON.parse(line.slice(8));
  return { wall, main: t.main, helpers: t.helpers, total: t.main + t.helpers };
}

// 97.5% quantiles of Student's t for 1 … 30 degrees of freedom.
const T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042];
function interval(xs) {
  const n = xs.length;
  const m = xs.reduce((a, x) => a + x, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (n - 1));
  const h = T975[Math.min(n - 1, 30) - 1] * (sd / Math.sqrt(n));
  return `${m.toFixed(3)} [${(m - h).toFixed(3)}, ${(m + h).toFixed(3)}]`;
}

const loadBefore = os.loadavg()[0];
const outBase = path.join(dir, "base.jsonl");
const outThis = path.join(dir, "this.jsonl");
const rows = { base: [], self: [] };
for (let k = 0; k < pairs; k++) {
  // Alternate which build goes first, so a drift in load falls on both alike.
  const order = k % 2 === 0 ? ["base", "self"] : ["self", "base"];
  for (const who of order) rows[who].push(measured(who === "base" ? base : self, who === "base" ? outBase : outThis));
  const same = fs.readFileSync(outBase).equals(fs.readFileSync(outThis));
  const b = rows.base[k];
  const s = rows.self[k];
  console.log(`pair ${k + 1}: base main ${b.main.toFixed(2)} helpers ${b.helpers.toFixed(2)} | this main ${s.main.toFixed(2)} helpers ${s.helpers.toFixed(2)} | load ${os.loadavg()[0].toFixed(2)}${same ? "" : " | OUTPUTS DIFFER"}`);
}
const loadAfter = os.loadavg()[0];
console.log(`n = ${pairs} pairs, 1-minute load ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
for (const key of ["main", "helpers", "total", "wall"]) {
  const ratios = rows.self.map((s, k) => s[key] / rows.base[k][key]);
  const mean = (xs) => (xs.reduce((a, x) => a + x, 0) / xs.length).toFixed(3);
  console.log(`${key.padEnd(8)} base ${mean(rows.base.map((r) => r[key]))} s, this ${mean(rows.self.map((r) => r[key]))} s, this / base ${interval(ratios)}`);
}
fs.rmSync(dir, { recursive: true, force: true });
