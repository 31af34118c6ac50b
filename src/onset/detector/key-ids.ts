// Feature keys numbered, so the detector counts the keys of its contrast rows in typed arrays instead
// of a map of strings (the live monitor reruns it every few seconds, issue #15), and each row's
// numbered keys are kept with the row's text memo for the next run. A numbering belongs to whoever
// runs the detector (a monitor keeps one for all its reruns, a lone detection makes its own); it starts
// again (with every row's numbers) once it holds MAX_KEYS keys, only between runs, so the numbers one
// run reads all come from one table.
import { featureKeys } from "./features.js";
import type { RowMemo, RowView } from "./row-view.js";

const MAX_KEYS = 1 << 19;

export class KeyTable {
  private readonly ids = new Map<string, number>();
  /** Key of each number. */
  readonly keys: string[] = [];

  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.ids.set(key, id);
      this.keys.push(key);
    }
    return id;
  }
}

/** One owner's numbering of feature keys across its detector runs, and each row's numbered keys. */
export class KeyNumbering {
  private table = new KeyTable();
  // Rows keep the generation of the table their numbers come from, not the table itself: a row kept in
  // the monitor's sample for hundreds of steps must not keep a replaced table (and its keys) alive.
  private generation = 0;
  private readonly rowIds = new WeakMap<RowMemo, { generation: number; ids: Int32Array }>();

  /** The table for one detector run (a fresh one when this numbering's table has grown past its bound). */
  tableForRun(): KeyTable {
    if (this.table.keys.length >= MAX_KEYS) {
      this.table = new KeyTable();
      this.generation++;
    }
    return this.table;
  }

  /** The row's feature keys (featureKeys, same order) as numbers in `keys` (this run's table). */
  featureIds(row: RowView, keys: KeyTable): Int32Array {
    const kept = this.rowIds.get(row.memo);
    const keysGeneration = keys === this.table ? this.generation : undefined;
    if (kept !== undefined && keysGeneration !== undefined && kept.generation === keysGeneration) {
      // featureKeys normalises the whole output through the view, which decides what its tail() reads
      row.sawWhole();
      return kept.ids;
    }
    const found = featureKeys(row);
    const ids = new Int32Array(found.size);
    let i = 0;
    for (const k of found) ids[i++] = keys.id(k);
    if (keysGeneration !== undefined) this.rowIds.set(row.memo, { generation: keysGeneration, ids });
    return ids;
  }
}
