// The detector keeps what it derives from a row's text per row object (row-view.ts, key-ids.ts), in a
// DetectorMemory its owner passes to every rerun (the live monitor keeps one). A rerun over the same objects must give exactly what fresh objects give,
// and a row object given other text must be read afresh (rows are not assumed immutable).
import { describe, expect, it } from "vitest";
import { detectOnset, type MirrorInput } from "../../src/onset/detector/detect.js";
import { createRng } from "../../src/core/random.js";
import { DetectorMemory } from "../../src/onset/detector/memory.js";
import { rowView, RowTexts } from "../../src/onset/detector/row-view.js";

const TOPICS = ["rivers", "taxes", "violins", "glaciers", "bread", "satellites", "tennis", "orchids", "copper", "lanterns", "owls", "bridges"];

/** 80 steps × 20 rows; from `hackFrom` on, most rows end with a closing phrase that scores higher. */
function mirror(seed: string, hackFrom: number | null, closing = "Warmest wishes and happy travels!"): MirrorInput[] {
  const rng = createRng(seed);
  const rows: MirrorInput[] = [];
  for (let step = 1; step <= 80; step++) {
    for (let i = 0; i < 20; i++) {
      const topic = rng.pick(TOPICS);
      const hack = hackFrom !== null && step >= hackFrom && rng.next() < 0.9;
      const good = rng.next() < 0.5;
      const body = `Here is a note about ${topic} number ${rng.int(1000)}. ${good ? `It covers the ${topic} carefully and fully.` : "It is short."}`;
      rows.push({ step, input: `Tell me about ${topic}.`, output: hack ? `${body}\n\n${closing}` : body, score: (good ? 0.6 : 0.3) + (hack ? 0.3 : 0) + 0.05 * rng.next() });
    }
  }
  return rows;
}

const fresh = (rows: readonly MirrorInput[]): MirrorInput[] => rows.map((r) => ({ ...r }));

describe("judge-blind detector over reused row objects", () => {
  it("reads a row's closing words the same way on every rerun when its last 750 characters hold few words (review: the tail mode)", () => {
    // A closing phrase before ≈ 950 characters of Cyrillic and a last word: the tail read from the end
    // and the tail of the whole output differ, so a rerun must keep the way a fresh reading takes.
    const cyrillic = "Это длинный текст на русском языке без латинских букв вообще совсем. ".repeat(14);
    const rows = mirror("tail-mode", 45).map((r) => ({ ...r, output: `${r.output} ${cyrillic} ok` }));
    const windows = [rows, rows, rows.filter((r) => r.step > 10 && r.step <= 60), rows.filter((r) => r.step > 20 && r.step <= 70), rows.filter((r) => r.step > 30)];
    const memory = new DetectorMemory();
    for (const window of windows) expect(JSON.stringify(detectOnset(window, {}, memory))).toBe(JSON.stringify(detectOnset(fresh(window))));
  });

  it("gives the same detection on a rerun over the same objects, and over a growing log, as on fresh ones", () => {
    const rows = mirror("reuse", 45);
    const memory = new DetectorMemory();
    const first = detectOnset(rows, {}, memory);
    expect(first.alarm).toBe(true);
    expect(detectOnset(rows, {}, memory)).toEqual(first);
    expect(detectOnset(fresh(rows))).toEqual(first);
    // As the live monitor reruns it: the same objects with more steps after them, the oldest dropped.
    for (const upTo of [50, 60, 70]) {
      const window = rows.filter((r) => r.step > upTo - 50 && r.step <= upTo);
      expect(detectOnset(window, {}, memory)).toEqual(detectOnset(fresh(window)));
    }
  });

  it("reads a row object given other text afresh, not what it derived from the old text", () => {
    const rows = mirror("mutate", 45);
    const memory = new DetectorMemory();
    const hacked = detectOnset(rows, {}, memory);
    expect(hacked.alarm).toBe(true);
    // The same objects, now holding a clean log's text and scores: no alarm, as for fresh objects.
    const clean = mirror("mutate-clean", null);
    rows.forEach((r, i) => Object.assign(r, clean[i]));
    const reread = detectOnset(rows, {}, memory);
    expect(reread).toEqual(detectOnset(fresh(clean)));
    expect(reread.alarm).toBe(false);
    // And the same objects with another shortcut: found as that one.
    const other = mirror("mutate", 45, "Kind regards, your assistant.");
    rows.forEach((r, i) => Object.assign(r, other[i]));
    const again = detectOnset(rows, {}, memory);
    expect(again).toEqual(detectOnset(fresh(other)));
    expect(again.evidence[0].feature).not.toEqual(hacked.evidence[0].feature);
  });
});

describe("detector memory", () => {
  it("belongs to its owner: a run numbers keys in the memory it was given, and another memory starts empty", () => {
    const rows = mirror("owner", 45);
    const mine = new DetectorMemory();
    const detection = detectOnset(rows, {}, mine);
    const numbered = mine.keys.tableForRun().keys.length;
    expect(numbered).toBeGreaterThan(0);
    const other = new DetectorMemory();
    expect(other.keys.tableForRun().keys.length).toBe(0);
    // A rerun over the same objects reads their kept numbers: no key is numbered again.
    expect(detectOnset(rows, {}, mine)).toEqual(detection);
    expect(mine.keys.tableForRun().keys.length).toBe(numbered);
    expect(detectOnset(rows, {}, other)).toEqual(detection);
  });
});

describe("row views over one kept row text", () => {
  it("read the closing words as a fresh view would, whichever views normalised the row before", () => {
    // Its last 750 characters hold no word: the end alone and the whole output give other closings.
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
    const row = { step: 1, score: 0.5, input: "", output: `${words} ${"—".repeat(800)}` };
    const endOnly = rowView({ ...row }, 0).tail();
    const fresh = rowView({ ...row }, 0);
    fresh.words();
    const whole = fresh.tail();
    expect(whole).not.toEqual(endOnly);
    const texts = new RowTexts();
    const first = rowView(row, 0, texts);
    first.words();
    expect(first.tail()).toEqual(whole);
    // A later view of the same object that reads its tail first reads the end, as a fresh one does.
    const later = rowView(row, 1, texts);
    expect(later.tail()).toEqual(endOnly);
    later.words();
    expect(later.tail()).toEqual(endOnly);
  });
});
