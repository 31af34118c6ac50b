// Benchmark (issue 20): what `foolsgold score --stack prose` pays once per process (and per scoring
// thread) before it scores: loading the modules of the score command and the prose stack, and the
// lemmatizer's first sight of every distinct word form of a bank. Each figure is a fresh Node process's
// own CPU seconds for that step, from the built dist/ of this checkout and (with --main DIR) of another
// checkout built the same way (e.g. main: its registry imports every stack, it has no lemma table), the
// two taking turns in each round.
//   npm run build   (here and in DIR)
//   npx tsx bench/speed/startup.ts [--main /tmp/main-checkout] [--rounds 5] [--bank /tmp/prose-creative.jsonl]
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { meanCi } from "../../src/stats/mean-ci.js";
import { arg } from "../helpers/args.js";

const rounds = Number(arg("--rounds") ?? 5);
const bank = arg("--bank") ?? "/tmp/prose-creative.jsonl";
const trees: Record<string, string> = { "this checkout": resolve(import.meta.dirname, "../..") };
if (arg("--main")) trees.main = resolve(arg("--main")!);
for (const [name, root] of Object.entries(trees)) if (!existsSync(join(root, "dist/cli/commands/score.js"))) throw new Error(`${name}: no dist/ in ${root}: run npm run build there`);
if (!existsSync(bank)) throw new Error(`no ${bank}: npx tsx bench/speed/prose-bank.ts ${bank} --creative`);

// Distinct lower-case word forms of the bank, as the prose scan would look them up.
const dir = mkdtempSync(join(tmpdir(), "fg-startup-"));
const forms = new Set<string>();
for (const line of readFileSync(bank, "utf8").split("\n")) {
  if (!line) continue;
  for (const w of (JSON.parse(line) as { output: string }).output.toLowerCase().match(/\p{L}[\p{L}\p{M}'-]*/gu) ?? []) forms.add(w);
}
const formsFile = join(dir, "forms.json");
writeFileSync(formsFile, JSON.stringify([...forms]));

const CHILD = `
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const [root, step, formsFile] = process.argv.slice(1);
const dist = (p) => new URL("dist/" + p, "file://" + root + "/").href;
let t = cpu();
if (step === "modules") {
  await import(dist("cli/commands/score.js"));
  const lazy = await import(dist("stacks/registry-lazy.js")).catch(() => null);
  if (lazy) await lazy.loadStack("prose");
  else (await import(dist("stacks/registry.js"))).getStack("prose");
} else {
  const forms = JSON.parse((await import("node:fs")).readFileSync(formsFile, "utf8"));
  t = cpu(); // from importing the lemmatizer (main loads wink's lexicon then), through its first sight of each form
  const { posLemma } = await import(dist("text/pos-lemma.js"));
  for (const f of forms) posLemma(f);
}
process.stdout.write(String(cpu() - t));
`;

const steps = { modules: "modules of `score` and the prose stack", lemmas: `importing the lemmatizer and its first posLemma of each of ${forms.size} distinct forms` };
const results: Record<string, Record<string, number[]>> = {};
const loads: number[] = [];
for (let k = 0; k < rounds; k++) {
  for (const step of Object.keys(steps)) {
    for (const [name, root] of Object.entries(trees)) {
      loads.push(loadavg()[0]);
      const out = execFileSync(process.execPath, ["--input-type=module", "-e", CHILD, root, step, formsFile], { encoding: "utf8" });
      ((results[step] ??= {})[name] ??= []).push(Number(out));
    }
  }
}
rmSync(dir, { recursive: true, force: true });

const fmt = (xs: number[]): string => {
  const m = meanCi(xs);
  return `${m.mean.toFixed(3)} CPU-s (95% CI ${m.ci[0].toFixed(3)}–${m.ci[1].toFixed(3)})`;
};
console.log(`n = ${rounds} fresh processes per figure, interleaved; 1-min load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
for (const [step, label] of Object.entries(steps)) {
  console.log(`${label}:`);
  for (const name of Object.keys(trees)) console.log(`  ${name.padEnd(14)} ${fmt(results[step][name])}`);
  if (trees.main) {
    const ratio = results[step]["this checkout"].map((x, i) => x / results[step].main[i]);
    console.log(`  this / main    ${fmt(ratio).replace(" CPU-s", "×")} (paired per round)`);
  }
}
