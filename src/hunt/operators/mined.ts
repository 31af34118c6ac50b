// Insertions mined from real model outputs (mine.ts): phrases no one chose. Whether one of them makes
// a reply better cannot be settled by construction, so each finding is checked against the stack's
// clean counterpart (references.ts) and reported beside it.
import type { Edit, Position } from "../types.js";
import { insertions } from "./insertion.js";

export const MINED_WHY = "a phrase mined from other outputs, inserted without regard to this task; the stack's clean counterpart says whether it helped";

export function minedEdits(phrases: readonly string[], positions: readonly Position[] = ["end-paragraph", "after-sentence"]): Edit[] {
  return insertions({ family: "mined", operator: "mined-phrase", why: MINED_WHY, reference: "clean-counterpart" }, phrases, positions);
}
