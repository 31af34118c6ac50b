// Integer ids for the embedded LM's tokens (for /tokenize, /detokenize and vLLM-style
// prompt_logprobs). A regular surface of a vocabulary type has id type·4 + shape, stable for a given
// model build. Any other surface (unknown words, emoji, mixed case) gets 2^30 + a 30-bit FNV-1a hash
// of its text; the server remembers those it has handed out so /detokenize can invert them.
import { applyShape, shapeOf, SHAPE_MIXED } from "./casing.js";
import { EOS_TOKEN, type EmbeddedLm } from "./lm.js";
import { EOS, UNK } from "./ngram-tables.js";

const HASHED_BASE = 2 ** 30;
const REMEMBERED_LIMIT = 200_000;

function fnv1a30(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x3fffffff;
}

export class TokenIds {
  private readonly hashed = new Map<number, string>();

  constructor(private readonly lm: EmbeddedLm) {}

  idOf(surface: string): number {
    if (surface === EOS_TOKEN) return EOS * 4;
    const type = this.lm.typeIndex.get(surface.toLowerCase());
    const shape = shapeOf(surface);
    if (type !== undefined && type > UNK && shape !== SHAPE_MIXED && applyShape(this.lm.types[type], shape) === surface) return type * 4 + shape;
    const id = HASHED_BASE + fnv1a30(surface);
    if (this.hashed.size >= REMEMBERED_LIMIT) this.hashed.clear();
    this.hashed.set(id, surface);
    return id;
  }

  /** The surface for an id, or null when the id is unknown to this server. */
  surfaceOf(id: number): string | null {
    if (!Number.isInteger(id) || id < 0) return null;
    if (id >= HASHED_BASE) return this.hashed.get(id) ?? null;
    const type = Math.floor(id / 4);
    const shape = id % 4;
    if (type === EOS && shape === 0) return EOS_TOKEN;
    if (type <= UNK || type >= this.lm.types.length || shape === SHAPE_MIXED) return null;
    return applyShape(this.lm.types[type], shape as 0 | 1 | 2);
  }
}
