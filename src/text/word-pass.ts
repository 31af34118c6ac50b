// One word pass's table (issue 38, perf38d): the spelling reading, the split-word join and the non-word
// count each met a row's words as fresh strings (a slice, a lower-cased copy) and asked a string-keyed
// Map or Set about each (~900 look-ups per 300-word row, each hashing a new string). A WordIds table
// numbers the forms an engine has met, keyed by their code units as written and found straight from the
// text (hashed in place: no slice, no lower-casing for a form met before), and keeps what each pass asks
// of a form beside its id: its lower case, whether it is English or common English, whether it can open
// or close a priced form, and its spelling readings. Every fact is a pure function of the form as written
// (and of the engine's priced forms), computed the first time a pass asks; so ids never change a score.
// The table belongs to an engine's CostlyWords (never module state) and is cleared between rows once full.
import { isCommonEnglish } from "./english.js";
import { finishHash, HASH_SEED, hashStep } from "./word-hash.js";

/** Forms a table holds before it is cleared at the start of a row (a bank of 3,295 replies meets ~50,000). */
export const WORD_IDS_LIMIT = 100_000;

// Facts, two bits each: whether known, and the answer.
const ENGLISH_KNOWN = 1;
const ENGLISH = 2;
const COMMON_KNOWN = 4;
const COMMON = 8;
const OPENS_KNOWN = 16;
const OPENS = 32;
const CLOSES_KNOWN = 64;
const CLOSES = 128;
const OPENS_JOIN_KNOWN = 256;
const OPENS_JOIN = 512;
const CLOSES_JOIN_KNOWN = 1024;
const CLOSES_JOIN = 2048;

export class WordIds {
  /** Forms as written, by id. */
  readonly written: string[] = [];
  /** Their lower case, by id. */
  readonly lower: string[] = [];
  private facts = new Uint16Array(1024);
  /** The spelling reading of each form (readSpelling), as a word and as a name; undefined until asked. */
  private readings: (string | undefined)[] = [];
  private nameReadings: (string | undefined)[] = [];
  /** Open addressing: slot → id + 1 (0 empty); at most half full. */
  private slots = new Int32Array(1 << 12);
  private hashes: number[] = [];

  constructor(
    private readonly isEnglish: (lower: string) => boolean,
    /** Every prefix and every suffix of a priced form (the join builds a spaced span's string only when its ends could make one). */
    private readonly pricedEnds: () => FormEnds,
    /** The same of every priced form and common English word (what a span through a space may join into). */
    private readonly joinEnds: () => FormEnds = pricedEnds,
  ) {}

  /** Clears the table once it holds WORD_IDS_LIMIT forms: called before a row's pass takes any id, so no id a pass holds goes stale. */
  startRow(): void {
    if (this.written.length < WORD_IDS_LIMIT) return;
    this.written.length = 0;
    this.lower.length = 0;
    this.readings = [];
    this.nameReadings = [];
    this.hashes = [];
    this.facts.fill(0);
    this.slots.fill(0);
  }

  /** The id of text[at, end) as written, interned on first sight. */
  idOf(text: string, at: number, end: number): number {
    let h = HASH_SEED;
    for (let i = at; i < end; i++) h = hashStep(h, text.charCodeAt(i));
    h = finishHash(h);
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const v = this.slots[s];
      if (v === 0) return this.add(text.slice(at, end), h, s);
      const w = this.written[v - 1];
      if (this.hashes[v - 1] === h && w.length === end - at && sameUnits(w, text, at)) return v - 1;
    }
  }

  private add(form: string, h: number, slot: number): number {
    const id = this.written.length;
    this.written.push(form);
    this.lower.push(form.toLowerCase());
    this.hashes.push(h);
    this.readings.push(undefined);
    this.nameReadings.push(undefined);
    if (id >= this.facts.length) {
      const grown = new Uint16Array(this.facts.length * 2);
      grown.set(this.facts);
      this.facts = grown;
    }
    this.slots[slot] = id + 1;
    if (2 * (id + 1) > this.slots.length) this.grow();
    return id;
  }

  /** Twice the slots, every id kept (a row never loses its ids). */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.written.length; id++) {
      let s = this.hashes[id] & mask;
      while (slots[s] !== 0) s = (s + 1) & mask;
      slots[s] = id + 1;
    }
    this.slots = slots;
  }

  /** isEnglishWord of the form's lower case. */
  english(id: number): boolean {
    const f = this.facts[id];
    if (f & ENGLISH_KNOWN) return (f & ENGLISH) !== 0;
    const yes = this.isEnglish(this.lower[id]);
    this.facts[id] = f | ENGLISH_KNOWN | (yes ? ENGLISH : 0);
    return yes;
  }

  /** isCommonEnglish of the form's lower case. */
  common(id: number): boolean {
    const f = this.facts[id];
    if (f & COMMON_KNOWN) return (f & COMMON) !== 0;
    const yes = isCommonEnglish(this.lower[id]);
    this.facts[id] = f | COMMON_KNOWN | (yes ? COMMON : 0);
    return yes;
  }

  /** Whether the form's lower case opens some priced form. */
  opensPriced(id: number): boolean {
    const f = this.facts[id];
    if (f & OPENS_KNOWN) return (f & OPENS) !== 0;
    const yes = this.pricedEnds().prefixes.has(this.lower[id]);
    this.facts[id] = f | OPENS_KNOWN | (yes ? OPENS : 0);
    return yes;
  }

  /** Whether the form's lower case closes some priced form. */
  closesPriced(id: number): boolean {
    const f = this.facts[id];
    if (f & CLOSES_KNOWN) return (f & CLOSES) !== 0;
    const yes = this.pricedEnds().suffixes.has(this.lower[id]);
    this.facts[id] = f | CLOSES_KNOWN | (yes ? CLOSES : 0);
    return yes;
  }

  /** Whether the form's lower case opens some priced form or common English word. */
  opensJoin(id: number): boolean {
    const f = this.facts[id];
    if (f & OPENS_JOIN_KNOWN) return (f & OPENS_JOIN) !== 0;
    const yes = this.joinEnds().prefixes.has(this.lower[id]);
    this.facts[id] = f | OPENS_JOIN_KNOWN | (yes ? OPENS_JOIN : 0);
    return yes;
  }

  /** Whether the form's lower case closes some priced form or common English word. */
  closesJoin(id: number): boolean {
    const f = this.facts[id];
    if (f & CLOSES_JOIN_KNOWN) return (f & CLOSES_JOIN) !== 0;
    const yes = this.joinEnds().suffixes.has(this.lower[id]);
    this.facts[id] = f | CLOSES_JOIN_KNOWN | (yes ? CLOSES_JOIN : 0);
    return yes;
  }

  /** The form's spelling reading as a name or not, if one was set. */
  readingOf(id: number, name: boolean): string | undefined {
    return (name ? this.nameReadings : this.readings)[id];
  }

  setReading(id: number, name: boolean, reading: string): string {
    (name ? this.nameReadings : this.readings)[id] = reading;
    return reading;
  }

  /** Forms held. */
  get size(): number {
    return this.written.length;
  }
}

/** Whether `form` equals text[at, at + form.length). */
function sameUnits(form: string, text: string, at: number): boolean {
  for (let i = 0; i < form.length; i++) if (form.charCodeAt(i) !== text.charCodeAt(at + i)) return false;
  return true;
}

export interface FormEnds {
  prefixes: ReadonlySet<string>;
  suffixes: ReadonlySet<string>;
}

/** Every prefix and suffix of the forms (the forms themselves too). */
export function formEnds(forms: Iterable<string>): FormEnds {
  const prefixes = new Set<string>();
  const suffixes = new Set<string>();
  for (const f of forms) {
    for (let k = 1; k <= f.length; k++) {
      prefixes.add(f.slice(0, k));
      suffixes.add(f.slice(f.length - k));
    }
  }
  return { prefixes, suffixes };
}
