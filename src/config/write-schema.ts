// `npm run schema`: writes schemas/config.schema.json from the zod config schema, so the file
// editors validate against can never drift from what loadConfig accepts.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { configJsonSchema } from "./schema.js";

const target = resolve(process.argv[2] ?? "schemas/config.schema.json");
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, JSON.stringify(configJsonSchema(), null, 2) + "\n");
process.stdout.write(`wrote ${target}\n`);
