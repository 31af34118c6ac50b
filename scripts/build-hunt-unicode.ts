// Writes the hunt's Unicode categories (src/hunt/operators/unicode-table.json) from the Unicode
// Character Database package and UTS #39's confusables. Deterministic; test/hunt/unicode-table.test.ts
// derives it again and compares. Run it after upgrading @unicode/unicode-* or rebuilding src/text/reader-view-table.json:
//   npm run build:hunt-unicode
import { writeFileSync } from "node:fs";
import { SHIPPED_UNICODE_TABLE } from "../src/hunt/operators/unicode-table.js";
import { deriveUnicodeTable } from "../src/hunt/operators/unicode-table-source.js";

const table = await deriveUnicodeTable();
writeFileSync(SHIPPED_UNICODE_TABLE, JSON.stringify(table) + "\n");
const size = (r: [number, number][]) => r.reduce((n, [a, b]) => n + b - a + 1, 0);
process.stdout.write(
  `unicode table: ${size(table.invisible)} invisible, ${size(table.marks)} marks, ${table.spaces.length} spaces, ${Object.values(table.precomposed).join("").length / 1} precomposed, ${[...Object.values(table.compatibility).join("")].length} compatibility forms, ${table.brackets.length} bracket pairs\n`,
);
