// Builds insertion edits: one per text and position, named for both.
import { insertAt } from "../positions.js";
import type { Edit, Family, Position } from "../types.js";

export interface InsertionSpec {
  family: Family;
  operator: string;
  why: string;
  reference?: Edit["reference"];
  /** Short label of the text for the edit id (defaults to the text itself, cut to 40 characters). */
  label?: (text: string) => string;
}

export function insertions(spec: InsertionSpec, texts: readonly string[], positions: readonly Position[]): Edit[] {
  const label = spec.label ?? ((t: string) => JSON.stringify(t.length > 40 ? `${t.slice(0, 39)}…` : t));
  return texts.flatMap((text) =>
    positions.map(
      (position): Edit => ({
        id: `${spec.family}/${spec.operator}:${label(text)}@${position}`,
        family: spec.family,
        operator: spec.operator,
        why: spec.why,
        reference: spec.reference ?? "by-construction",
        inserted: text,
        position,
        perTurn: position === "per-turn",
        apply: (reply) => insertAt(reply, text, position),
      }),
    ),
  );
}

/** A whole-reply transform as an edit. */
export function transform(family: Family, operator: string, why: string, apply: Edit["apply"], param?: string): Edit {
  return { id: `${family}/${operator}${param ? `:${param}` : ""}`, family, operator, why, reference: "by-construction", apply };
}
