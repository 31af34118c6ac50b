// The prose stack's word table: every lower-cased surface form is looked up once and cached with its
// lemma id and word-class flags, so the hot scanning loop does one Map lookup per word and then works
// on integers. The lemma (part-of-speech-aware, ./pos-lemma.ts) and stopword decisions come from this
// folder's shared normalization; this file only memoizes them per word form, which is what makes a
// full lemmatizer affordable at scoring speed.
import { foldUnit } from "./fold.js";
import { classify, lemmaOf } from "./word-class.js";
import { finishHash, hashRange } from "./word-hash.js";
import { shippedWordTable, type WordTable } from "./word-table.js";

export { WORD_ABBREVIATION, WORD_COMMON, WORD_CONTENT, WORD_DETERMINER, WORD_NEGATION, WORD_PRONOUN } from "./word-class.js";
export { HASH_SEED, hashStep } from "./word-hash.js";

export interface WordInfo {
  lemma: number;
  flags: number;
}

/** Interns surface forms and lemmas to small integers; one instance is shared by a dictionary and its scorer. */
export class Lexicon {
  // Surface ids in an open-addressing table keyed by a hash of the UTF-16 code units, so the scanner can
  // look a word up where it lies in the text, without slicing a string or hashing it twice. A string is
  // looked up the same way (no Map beside it: one more insert per new form, and 50,000 entries for the
  // collector to mark, for look-ups made only when a dictionary is compiled).
  // A slot holds the id, the hash, and where the word's code units lie in one flat array, so a lookup
  // reads two places in memory (the slot and the units) rather than the id's hash, string and characters.
  // Both tables are replaced as they grow. Stored twice on construction, so V8 takes the fields as
  // mutable from the start: a field stored once is taken as a constant by the code compiled against it,
  // and its first replacement in mid-run threw away the compiled scanner and every caller.
  private slots = EMPTY_SLOTS;
  private units = EMPTY_UNITS;
  private unitsUsed = 0;
  /** Lemma ids of the lemmas the shipped word-form table lacks; those it holds are in tableLemmaIds. */
  private readonly lemmaIndex = new Map<string, number>();
  /** The shipped word-form table (./word-table.ts) this table reads for the whole of its life, or null. */
  private readonly table: WordTable | null;
  /** By the word-form table's index of a lemma: its lemma id here, or -1 while not yet met (sized on first use). */
  private tableLemmaIds = EMPTY_IDS;
  /** Lemma string by lemma id. */
  readonly lemmas: string[] = [];
  /** By surface id: lemma id and flags. */
  readonly surfaceLemma: number[] = [];
  readonly surfaceFlags: number[] = [];
  readonly surfaces: string[] = [];
  /** What the modules that read this table derive from it, by each module's own key (see derived). */
  private readonly derivedByKey = new Map<object, unknown>();

  /** `table`: the word-form table to read (null: none, every form computed; the build of a new one passes null). */
  constructor(table: WordTable | null = shippedWordTable()) {
    this.slots = new Int32Array(SLOT << 16).fill(-1);
    this.units = new Uint16Array(1 << 18);
    this.tableLemmaIds = new Int32Array(0);
    this.table = table;
  }

  /** Surface id of a lower-cased word (apostrophes already folded to '). */
  surface(word: string): number {
    const hash = hashRange(word, 0, word.length);
    const id = this.findHashed(word, 0, word.length, hash);
    return id >= 0 ? id : this.add(word, hash);
  }

  /** Surface id of text.slice(start, end), which must already be lower-cased with apostrophes folded. */
  surfaceIn(text: string, start: number, end: number): number {
    const hash = hashRange(text, start, end);
    const id = this.findHashed(text, start, end, hash);
    return id >= 0 ? id : this.add(compactSlice(text, start, end), hash);
  }

  /**
   * Surface id of the fold (./fold.ts) of text.slice(start, end), which need not be lower-cased yet, with
   * `raw` the hashStep fold of its folded code units from HASH_SEED, `packed` their packUnit fold from 0
   * and `wide` their bitwise or (all three taken while the scanner read them).
   */
  surfaceFolding(text: string, start: number, end: number, raw: number, packed: number, wide: number): number {
    const hash = finishHash(raw);
    const length = end - start;
    const id = length <= PACK_LIMIT && wide <= 0xff ? this.findPacked(hash, length | PACKED, packed) : this.findFolding(text, start, end, hash);
    return id >= 0 ? id : this.add(foldedSlice(text, start, end), hash);
  }

  /** As surfaceIn, but -1 for a word never seen (nothing is added). */
  findIn(text: string, start: number, end: number): number {
    return this.findHashed(text, start, end, hashRange(text, start, end));
  }

  /**
   * What a module derives from this table (the ids of its marker words, its scratch marks), made on
   * the first call with `key` (a constant of that module) and kept with the table: its ids are this
   * table's, and it lives as long as the table does.
   */
  derived<T>(key: object, make: (lexicon: Lexicon) => T): T {
    let value = this.derivedByKey.get(key) as T | undefined;
    if (value === undefined) this.derivedByKey.set(key, (value = make(this)));
    return value;
  }

  /**
   * A form not in the table, with its hash: interned, lemmatized and classified, once per form. The
   * lemma and flags of a form of the shipped word lists are read from the table built at pack time
   * (./word-table.ts), which records what lemmaOf and classify give; the ids are this table's own,
   * given in the order forms and lemmas are first met, whichever way their answers were found.
   */
  private add(word: string, hash: number): number {
    const id = this.surfaces.length;
    this.surfaces.push(word);
    this.insertHashed(id, word, hash);
    const table = this.table;
    const known = table === null ? -1 : table.find(word, hash);
    if (known >= 0) {
      const lemma = table!.lemmaOf(known);
      this.surfaceLemma.push(this.tableLemmaId(lemma, lemma === known ? word : undefined));
      this.surfaceFlags.push(table!.flags(known));
    } else {
      const base = lemmaOf(word, table);
      // `word` is not in the word-form table, so when it is its own lemma that lemma is not either.
      this.surfaceLemma.push(base === word ? this.untabledLemmaId(word) : this.lemmaId(base));
      this.surfaceFlags.push(classify(word, base, table));
    }
    return id;
  }

  /** The lemma id of the word-form table's form k as a lemma (`text`: its string, when at hand). */
  private tableLemmaId(k: number, text: string | undefined): number {
    if (this.tableLemmaIds.length === 0) this.tableLemmaIds = new Int32Array(this.table!.size).fill(-1);
    const known = this.tableLemmaIds[k];
    if (known >= 0) return known;
    const id = this.lemmas.length;
    this.lemmas.push(text ?? this.table!.form(k));
    this.tableLemmaIds[k] = id;
    return id;
  }

  /** The lemma id of a string the word-form table lacks (or of any string, with no table). */
  private untabledLemmaId(lemmaText: string): number {
    const known = this.lemmaIndex.get(lemmaText);
    if (known !== undefined) return known;
    const id = this.lemmas.length;
    this.lemmaIndex.set(lemmaText, id);
    this.lemmas.push(lemmaText);
    return id;
  }

  private findHashed(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    if (length <= PACK_LIMIT) {
      let packed = 0;
      let wide = 0;
      for (let c = start; c < end; c++) {
        const unit = text.charCodeAt(c);
        packed = packUnit(packed, unit);
        wide |= unit;
      }
      if (wide <= 0xff) return this.findPacked(hash, length | PACKED, packed);
    }
    const slots = this.slots;
    const units = this.units;
    const mask = (slots.length >> SLOT_SHIFT) - 1;
    for (let k = hash & mask; ; k = (k + 1) & mask) {
      const at = k << SLOT_SHIFT;
      const id = slots[at];
      if (id < 0) return -1;
      if (slots[at + 1] !== hash || slots[at + 3] !== length) continue;
      const from = slots[at + 2] - start;
      let c = start;
      while (c < end && units[from + c] === text.charCodeAt(c)) c++;
      if (c === end) return id;
    }
  }

  /**
   * The id of a word of PACK_LIMIT one-byte units or fewer, by its slot alone: `tag` its length | PACKED
   * and `packed` its units packed (packUnit). Such a word's units are kept in its slot, not in `units`,
   * so the look-up of most words of a text ("the", "and", "was") compares two integers and reads no
   * second array. A word of another kind never matches: its slot holds its bare length.
   */
  private findPacked(hash: number, tag: number, packed: number): number {
    const slots = this.slots;
    const mask = (slots.length >> SLOT_SHIFT) - 1;
    for (let k = hash & mask; ; k = (k + 1) & mask) {
      const at = k << SLOT_SHIFT;
      const id = slots[at];
      if (id < 0) return -1;
      if (slots[at + 1] === hash && slots[at + 3] === tag && slots[at + 2] === packed) return id;
    }
  }

  /**
   * findHashed, comparing the stored units with the folds of text's units. A loop of its own, not a
   * flag of findHashed's: the scan's look-up runs once per word, and a per-unit branch would cost there.
   */
  private findFolding(text: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const units = this.units;
    const mask = (slots.length >> SLOT_SHIFT) - 1;
    const length = end - start;
    for (let k = hash & mask; ; k = (k + 1) & mask) {
      const at = k << SLOT_SHIFT;
      const id = slots[at];
      if (id < 0) return -1;
      if (slots[at + 1] !== hash || slots[at + 3] !== length) continue;
      const from = slots[at + 2] - start;
      let c = start;
      while (c < end && units[from + c] === foldUnit(text.charCodeAt(c))) c++;
      if (c === end) return id;
    }
  }

  private insertHashed(id: number, word: string, hash: number): void {
    if (word.length <= PACK_LIMIT) {
      let packed = 0;
      let wide = 0;
      for (let c = 0; c < word.length; c++) {
        packed = packUnit(packed, word.charCodeAt(c));
        wide |= word.charCodeAt(c);
      }
      if (wide <= 0xff) {
        this.growSlots(id);
        this.place(id, hash, packed, word.length | PACKED);
        return;
      }
    }
    if (this.unitsUsed + word.length > this.units.length) {
      const grown = new Uint16Array(Math.max(this.units.length * 2, this.unitsUsed + word.length));
      grown.set(this.units);
      this.units = grown;
    }
    const offset = this.unitsUsed;
    for (let c = 0; c < word.length; c++) this.units[offset + c] = word.charCodeAt(c);
    this.unitsUsed += word.length;
    this.growSlots(id);
    this.place(id, hash, offset, word.length);
  }

  /** Doubles the slots before `id` would fill more than half of them. */
  private growSlots(id: number): void {
    if (2 * (id + 1) <= this.slots.length >> SLOT_SHIFT) return;
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2).fill(-1);
    for (let at = 0; at < old.length; at += SLOT) if (old[at] >= 0) this.place(old[at], old[at + 1], old[at + 2], old[at + 3]);
  }

  private place(id: number, hash: number, offset: number, length: number): void {
    const mask = (this.slots.length >> SLOT_SHIFT) - 1;
    let k = hash & mask;
    while (this.slots[k << SLOT_SHIFT] >= 0) k = (k + 1) & mask;
    const at = k << SLOT_SHIFT;
    this.slots[at] = id;
    this.slots[at + 1] = hash;
    this.slots[at + 2] = offset;
    this.slots[at + 3] = length;
  }

  /** Lemma id of a lemma string, given on its first sight. A string the word-form table holds is always keyed by its index there, any other by itself. */
  lemmaId(lemmaText: string): number {
    const k = this.table === null ? -1 : this.table.find(lemmaText, hashRange(lemmaText, 0, lemmaText.length));
    return k >= 0 ? this.tableLemmaId(k, lemmaText) : this.untabledLemmaId(lemmaText);
  }

  /** Lemma id of a word or lemma string, or -1 when it has never been seen. */
  findLemma(lemmaText: string): number {
    const k = this.table === null ? -1 : this.table.find(lemmaText, hashRange(lemmaText, 0, lemmaText.length));
    if (k >= 0) return this.tableLemmaIds.length === 0 ? -1 : this.tableLemmaIds[k];
    return this.lemmaIndex.get(lemmaText) ?? -1;
  }

  /** Lemma id for a free-standing word, as the scanner would see it. */
  lemmaOfWord(word: string): number {
    return this.surfaceLemma[this.surface(word.toLowerCase().replace(/’/g, "'"))];
  }
}

/**
 * Int32s per slot of the lookup table: id, hash, offset and length of the word's code units; for a word
 * of PACK_LIMIT one-byte units or fewer, its units packed (packUnit) and its length | PACKED instead.
 */
const SLOT_SHIFT = 2;
const SLOT = 1 << SLOT_SHIFT;
const EMPTY_SLOTS = new Int32Array(0);
const EMPTY_UNITS = new Uint16Array(0);
const EMPTY_IDS = new Int32Array(0);
/** The longest word kept packed in its slot: four one-byte units fill an int32. */
export const PACK_LIMIT = 4;
/** Marks a slot's length as a packed word's. */
const PACKED = 1 << 30;
/** A word's units packed into an int32, one unit a step from 0, the first unit highest (only the last four count). */
export const packUnit = (packed: number, unit: number): number => (packed << 8) | unit;

/**
 * text.slice(start, end), as a one-byte string when every unit fits in one: a slice of a two-byte reply
 * (curly quotes make most replies two-byte) is two-byte itself, and each later lower-casing, lookup and
 * comparison of the stored form then takes V8's slower two-byte path. Same value either way.
 */
function compactSlice(text: string, start: number, end: number): string {
  let word = "";
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c > 0xff) return text.slice(start, end);
    word += String.fromCharCode(c);
  }
  return word;
}

/** The folded units of text.slice(start, end) as a string (one-byte when each fits in one, as compactSlice). */
function foldedSlice(text: string, start: number, end: number): string {
  let word = "";
  for (let i = start; i < end; i++) word += String.fromCharCode(foldUnit(text.charCodeAt(i)));
  return word;
}
