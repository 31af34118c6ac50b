// Installs the tools some tests run for real but the project does not depend on: today only
// promptfoo (test/integrations/promptfoo.test.ts), about 1.5 GB, kept in test/tools/promptfoo so
// that `npm ci` for the demo stays small. Runs before `npm test`; a failed install is said in one
// line and the test that needs the tool then skips, naming why.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = join(root, "test/tools/promptfoo");
if (!existsSync(join(dir, "node_modules/promptfoo/package.json"))) {
  process.stderr.write("test tools: installing promptfoo into test/tools/promptfoo (first run only; a few minutes)\n");
  const r = spawnSync("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) process.stderr.write(`test tools: promptfoo install failed (exit ${r.status ?? r.signal}); its test will skip\n`);
}
