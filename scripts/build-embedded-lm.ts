// Builds the embedded LM's tables that the package ships (src/models/embedded/embedded-lm.bin.gz)
// and records their sha256 in embedded-lm.json. Deterministic: the same corpus packages and builder
// give the same bytes (test/models/embedded-lm-shipped.test.ts rebuilds and compares). Run it after
// changing the builder (and bump LM_BUILDER_VERSION) or the corpus packages:
//   npm run build:lm
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { buildShippedLm, LM_BUILDER_VERSION, sha256, SHIPPED_MANIFEST, SHIPPED_TABLES, type ShippedManifest } from "../src/models/embedded/store.js";
import { corpusHash } from "../src/models/embedded/corpus.js";

const t0 = performance.now();
const buf = buildShippedLm();
const manifest: ShippedManifest = { builderVersion: LM_BUILDER_VERSION, corpusHash: corpusHash(), sha256: sha256(buf), bytes: buf.length };
const gz = gzipSync(buf, { level: 9 });
writeFileSync(SHIPPED_TABLES, gz);
writeFileSync(SHIPPED_MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
process.stdout.write(
  `embedded LM ${LM_BUILDER_VERSION}: ${buf.length} bytes (${gz.length} gzipped), sha256 ${manifest.sha256}, ` +
    `built in ${((performance.now() - t0) / 1000).toFixed(1)} s, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB\n`,
);
