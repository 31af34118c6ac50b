// Builds the t quantile table shipped in src/stats (t-quantile-975.json.gz): @stdlib's Student's t
// quantile at p = 0.975 for df 1…10,000, the interval every score summary prints, so a summary
// reads it instead of computing it (src/stats/t-quantile-table.ts says why). Rerun after upgrading
// @stdlib and `npm run build:stats` (the table is not used when the bundled version differs from the one recorded).
//   npx tsx scripts/build-t-quantile-table.ts
import { writeFileSync } from "node:fs";
import { computedTQuantile } from "../src/stats/t-distribution.js";
import { SHIPPED_T_QUANTILE_TABLE, TABLE_MAX_DF, TABLE_P, T_QUANTILE_PACKAGE, formatTQuantileTable, vendoredTQuantileVersion } from "../src/stats/t-quantile-table.js";

const quantiles = Array.from({ length: TABLE_MAX_DF }, (_, i) => computedTQuantile(TABLE_P, i + 1));
const bytes = formatTQuantileTable({ p: TABLE_P, source: { package: T_QUANTILE_PACKAGE, version: vendoredTQuantileVersion() }, quantiles });
writeFileSync(SHIPPED_T_QUANTILE_TABLE, bytes);
console.log(`wrote ${SHIPPED_T_QUANTILE_TABLE.pathname}: ${quantiles.length} quantiles, ${bytes.length} bytes`);
