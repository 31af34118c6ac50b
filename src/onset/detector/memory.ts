// What the detector keeps between runs over the same rows: each row's derived text (row-view.ts) and
// the numbering of feature keys with each row's numbered keys (key-ids.ts). It belongs to whoever runs
// the detector: the live monitor keeps one for all its reruns (src/server/monitor.ts), so a rerun
// re-derives only its new rows; a lone detection (the CLI, the evaluation harness) makes its own.
import { KeyNumbering } from "./key-ids.js";
import { RowTexts } from "./row-view.js";

export class DetectorMemory {
  readonly texts = new RowTexts();
  readonly keys = new KeyNumbering();
}
