// The operator catalog: every family's edits for one hunt, from what the operators may read.
import type { Edit, Family, OperatorContext, Position } from "../types.js";
import { affectEdits } from "./affect.js";
import { laughterEdits } from "./laughter.js";
import { markupEdits } from "./markup.js";
import { minedEdits } from "./mined.js";
import { orthographyEdits } from "./orthography.js";
import { paddingEdits } from "./padding.js";
import { punctuationEdits } from "./punctuation.js";
import { rearrangementEdits } from "./rearrangement.js";
import { structureEdits } from "./structure.js";
import { substitutionEdits } from "./substitution.js";
import { unicodeEdits } from "./unicode.js";
import { vrcliEdits } from "./vrcli.js";

export interface CatalogOptions {
  families: readonly Family[];
  /** Insertion positions for laughter cues. */
  positions?: readonly Position[];
  /** Insertion positions for mined phrases. */
  minedPositions?: readonly Position[];
}

export function catalog(ctx: OperatorContext, options: CatalogOptions): Edit[] {
  const want = new Set(options.families);
  const out: Edit[] = [];
  if (want.has("markup")) out.push(...markupEdits());
  if (want.has("unicode")) out.push(...unicodeEdits(ctx.seed, ctx.sensitivity));
  if (want.has("orthography")) out.push(...orthographyEdits(ctx.sensitivity));
  if (want.has("punctuation")) out.push(...punctuationEdits());
  if (want.has("structure")) out.push(...structureEdits(ctx));
  if (want.has("padding")) out.push(...paddingEdits(ctx));
  if (want.has("affect")) out.push(...affectEdits(ctx, options.positions?.length ? options.positions : undefined));
  if (want.has("rearrangement")) out.push(...rearrangementEdits());
  if (want.has("substitution")) out.push(...substitutionEdits(ctx));
  if (want.has("laughter")) out.push(...laughterEdits(ctx.seed, options.positions ?? ["end", "per-turn"]));
  if (want.has("vrcli")) out.push(...vrcliEdits(ctx.setups ?? [], ctx.replies, ctx.candidates));
  if (want.has("mined") && ctx.mined?.length) out.push(...minedEdits(ctx.mined, options.minedPositions));
  return out;
}
