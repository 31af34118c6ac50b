// Builds src/text/data/html-entities.json: every named character reference of HTML5 (the WHATWG table,
// 2,125 names) and what it decodes to, from wooorm's character-entities (MIT). The markup reading
// (src/text/markup.ts) decodes entities from it, so no name is listed by hand.
//   node scripts/build-html-entities.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { characterEntities } from "character-entities";

const pkg = JSON.parse(readFileSync(new URL("../node_modules/character-entities/package.json", import.meta.url), "utf8"));
const names = Object.keys(characterEntities).sort();
const out = { source: `character-entities ${pkg.version} (HTML5 named character references)`, entities: Object.fromEntries(names.map((n) => [n, characterEntities[n]])) };
writeFileSync(new URL("../src/text/data/html-entities.json", import.meta.url), `${JSON.stringify(out)}\n`);
console.log(`${names.length} named references → src/text/data/html-entities.json`);
