// Benchmark: how fast `foolsgold --version` answers from the built package, against bare Node start-up
// measured in the same run (the machine's floor). The package layout is imitated without packing: a
// temp folder with bin/foolsgold.js and links to dist/ and node_modules/, so bin/ finds no src/ and
// runs dist/ with plain Node. Needs `npm run build` first.
//   npx tsx bench/speed/cli-version.ts [runs=20]
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { meanCi } from "../../src/stats/mean-ci.js";

const runs = Number(process.argv[2] ?? 20);
const root = resolve(import.meta.dirname, "../..");
if (!existsSync(join(root, "dist/cli/index.js"))) throw new Error("no dist/: run `npm run build` first");
const pkg = mkdtempSync(join(tmpdir(), "fg-version-"));
mkdirSync(join(pkg, "bin"));
copyFileSync(join(root, "bin/foolsgold.js"), join(pkg, "bin/foolsgold.js"));
symlinkSync(join(root, "dist"), join(pkg, "dist"));
symlinkSync(join(root, "node_modules"), join(pkg, "node_modules"));
writeFileSync(join(pkg, "package.json"), JSON.stringify({ type: "module" }));

function seconds(args: string[]): number {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, args, { cwd: pkg, stdio: "ignore" });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const bare: number[] = [];
const version: number[] = [];
seconds(["bin/foolsgold.js", "--version"]); // warm the file cache
for (let i = 0; i < runs; i++) {
  bare.push(seconds(["-e", "0"]));
  version.push(seconds(["bin/foolsgold.js", "--version"]));
}
const fmt = (xs: number[]) => {
  const m = meanCi(xs);
  return `${(m.mean * 1000).toFixed(0)} ms (95% CI ${(m.ci[0] * 1000).toFixed(0)}–${(m.ci[1] * 1000).toFixed(0)})`;
};
const extra = version.map((v, i) => v - bare[i]);
console.log(`n = ${runs} interleaved runs each`);
console.log(`node -e 0:                 ${fmt(bare)}`);
console.log(`foolsgold --version:       ${fmt(version)}`);
console.log(`--version over bare Node:  ${fmt(extra)} (paired)`);
rmSync(pkg, { recursive: true, force: true });
