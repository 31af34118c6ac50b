// The embedded LM's shipped tables (src/models/embedded/embedded-lm.bin.gz): they match this builder
// and the installed corpus, a fresh home loads them without building, a rebuild gives the same bytes
// (so the shipped file is what scripts/build-embedded-lm.ts makes), and a damaged or stale file is
// refused or skipped, never used.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { corpusHash } from "../../src/models/embedded/corpus.js";
import { buildShippedLm, LM_BUILDER_VERSION, openEmbeddedLm, readShippedLm, sha256, SHIPPED_MANIFEST, SHIPPED_TABLES, type ShippedManifest } from "../../src/models/embedded/store.js";

const manifest = JSON.parse(readFileSync(SHIPPED_MANIFEST, "utf8")) as ShippedManifest;

describe("shipped embedded LM tables", () => {
  it("were built by this builder version from the installed corpus", () => {
    expect(manifest.builderVersion).toBe(LM_BUILDER_VERSION);
    expect(manifest.corpusHash).toBe(corpusHash());
  });

  it("load in a fresh home without building anything there", async () => {
    const home = mkdtempSync(join(tmpdir(), "fg-shipped-"));
    const loaded = await openEmbeddedLm({ shipped: true, home });
    expect(loaded.source).toBe("shipped");
    expect(existsSync(join(home, "models"))).toBe(false);
    expect(loaded.stored.meta.corpusHash).toBe(manifest.corpusHash);
    // The views point into the one decompressed buffer: nothing was copied per table.
    expect(loaded.stored.data.tables.trigram.words.buffer).toBe(loaded.stored.data.tables.bigram.words.buffer);
    expect(
      Number.isFinite(
        loaded.lm
          .scoreText("The jury said it was a joke.")
          .logprobs.slice(1)
          .reduce((a, b) => a + b, 0),
      ),
    ).toBe(true);
  });

  it("are what a rebuild makes, byte for byte", () => {
    const rebuilt = buildShippedLm();
    expect(rebuilt.length).toBe(manifest.bytes);
    expect(sha256(rebuilt)).toBe(manifest.sha256);
  });

  it("are refused when damaged and skipped when stale", () => {
    const dir = mkdtempSync(join(tmpdir(), "fg-shipped-bad-"));
    const files = { tables: join(dir, "lm.bin.gz"), manifest: join(dir, "lm.json") };
    const raw = gunzipSync(readFileSync(SHIPPED_TABLES));
    raw[raw.length - 1] ^= 1;
    writeFileSync(files.tables, gzipSync(raw));
    copyFileSync(SHIPPED_MANIFEST, files.manifest);
    expect(() => readShippedLm(manifest.corpusHash, files)).toThrow(/sha256 [0-9a-f]{64}, its manifest says/);
    writeFileSync(files.manifest, JSON.stringify({ ...manifest, builderVersion: "older-builder" }));
    expect(readShippedLm(manifest.corpusHash, files)).toBeNull();
    copyFileSync(SHIPPED_MANIFEST, files.manifest);
    expect(readShippedLm("0".repeat(64), files)).toBeNull();
  });
});
