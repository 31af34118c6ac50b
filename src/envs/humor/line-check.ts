// Every line a template of the bank can produce for a task: the product of the task's slot values over
// the slots the template uses. The simulator's tests check each generated line against this set, and
// the set itself against grammar rules (agreement, prepositions), so a line that reads wrong is caught
// where it is written.
import type { LineBank } from "./line-bank.js";
import type { PartnerMove } from "./provocations.js";
import { fillTemplate, templateSlots, type OfficeTask, type TaskSlots } from "./tasks.js";

function valuesOf(task: OfficeTask, slot: string): string[] {
  const table: Record<string, string[]> = { task: [task.title], thing: task.things, place: task.places, person: task.people, deadline: task.deadlines, oddity: task.oddities };
  const values = table[slot];
  if (!values) throw new Error(`unknown slot {${slot}}`);
  return values;
}

/** All fillings of `templates` for `task`. */
export function possibleLines(task: OfficeTask, templates: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const template of templates) {
    const slots = templateSlots(template);
    const fill = (i: number, chosen: Record<string, string>) => {
      if (i === slots.length) return void out.add(fillTemplate(template, chosen as unknown as TaskSlots));
      for (const v of valuesOf(task, slots[i])) fill(i + 1, { ...chosen, [slots[i]]: v });
    };
    fill(0, {});
  }
  return out;
}

export function sectionLines(task: OfficeTask, bank: LineBank, side: "partner" | "policy", moves: readonly PartnerMove[]): Set<string> {
  return possibleLines(
    task,
    moves.flatMap((m) => bank[side][m]),
  );
}
