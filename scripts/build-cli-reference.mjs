// Writes docs/reference/: one page per command (and sub-command), made from the CLI's own --help, so
// the reference says exactly what the installed CLI accepts. test/cli/reference.test.ts rebuilds the
// pages and fails when a committed page differs: after changing a command's options, run
//   node scripts/build-cli-reference.mjs
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT = join(ROOT, "docs/reference");
const BIN = join(ROOT, "bin/foolsgold.js");

/** `foolsgold ...args --help`, with a fixed width so the text does not depend on the terminal. */
function help(args) {
  return execFileSync(process.execPath, [BIN, ...args, "--help"], { encoding: "utf8", env: { ...process.env, COLUMNS: "100" } });
}

/** Command names listed under "Commands:" in a help text (the first word of each entry). */
function commandsIn(text) {
  const at = text.indexOf("\nCommands:\n");
  if (at < 0) return [];
  return text
    .slice(at + 11)
    .split("\n")
    .filter((line) => /^ {2}\S/.test(line))
    .map((line) => line.trim().split(/\s+/)[0])
    .filter((name) => name !== "help");
}

/** Every page: [file name, markdown], for each command and sub-command in the CLI's help. */
export function buildCliReference() {
  const pages = [];
  const visit = (path) => {
    const text = help(path);
    const subs = commandsIn(text);
    const name = path.join(" ");
    const links = subs.map((s) => `- [\`foolsgold ${name} ${s}\`](${[...path, s].join("-")}.md)`).join("\n");
    pages.push([`${path.join("-")}.md`, `# foolsgold ${name}\n\n\`\`\`text\n${text.trimEnd()}\n\`\`\`\n${subs.length ? `\nSub-commands:\n\n${links}\n` : ""}`]);
    for (const s of subs) visit([...path, s]);
  };
  const top = help([]);
  const commands = commandsIn(top);
  for (const c of commands) visit([c]);
  const index = `# Command reference\n\nOne page per command, made from its \`--help\` (\`node scripts/build-cli-reference.mjs\`). Guides: [README](../../README.md).\n\n${commands
    .map((c) => `- [\`foolsgold ${c}\`](${c}.md)`)
    .join("\n")}\n`;
  pages.push(["README.md", index]);
  return pages;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const pages = buildCliReference();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  for (const [file, text] of pages) writeFileSync(join(OUT, file), text);
  console.log(`wrote ${pages.length} pages to ${OUT}: ${readdirSync(OUT).length} files`);
}
