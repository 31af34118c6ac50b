// The simulator's lines are grammatical and coherent (issue 18): every line of 1,000 simulated sessions
// is one the typed templates produce for the session's task; every line the templates can produce
// agrees in number and takes its place's preposition; no odd detail is pointed out twice in a session;
// and the policy's lines vary. Before, slot filling wrote "review it before by tomorrow morning", "the
// sticky notes is the bottleneck", "meet in the new hire's desk", and one policy line appeared 223 times
// in 5,000 policy turns.
import { describe, expect, it } from "vitest";
import { retrievalPartner, retrievalPolicy } from "../../../src/envs/humor/agents.js";
import { loadLineBank } from "../../../src/envs/humor/line-bank.js";
import { possibleLines, sectionLines } from "../../../src/envs/humor/line-check.js";
import type { PartnerMove } from "../../../src/envs/humor/provocations.js";
import { findSeedSet, loadSeedRegistry, seedsOf } from "../../../src/envs/humor/seed-sets.js";
import { simulateSessions } from "../../../src/envs/humor/simulator.js";
import { OFFICE_TASKS, PLACE_PREPOSITIONS, PLURAL_VALUES } from "../../../src/envs/humor/tasks.js";

const bank = loadLineBank();
const MOVES = Object.keys(bank.partner) as PartnerMove[];
const PREPOSITIONS = "by|before|in|at|on|to|of";

describe("simulator lines", () => {
  it("every line the templates can produce agrees in number and takes the right preposition", () => {
    const problems: string[] = [];
    for (const task of OFFICE_TASKS) {
      const lines = [
        ...possibleLines(
          task,
          MOVES.flatMap((m) => [...bank.partner[m], ...bank.policy[m]]),
        ),
      ];
      for (const line of lines) {
        const doubled = new RegExp(`\\b(${PREPOSITIONS}) (${PREPOSITIONS})\\b`, "i").exec(line);
        if (doubled) problems.push(`doubled preposition "${doubled[0]}": ${line}`);
        for (const thing of [...task.things, ...task.people]) {
          const plural = PLURAL_VALUES.has(thing);
          const wrong = plural ? /^ (is|was|has|isn't|works|needs|wants|keeps)\b/ : /^ (are|were|have|aren't)\b/;
          let at = line.indexOf(thing);
          while (at >= 0) {
            if (wrong.test(line.slice(at + thing.length))) problems.push(`agreement after "${thing}": ${line}`);
            at = line.indexOf(thing, at + 1);
          }
        }
        // A place that is also a thing of the task ("the supply closet") is checked as a thing only.
        for (const place of task.places.filter((p) => !task.things.includes(p))) {
          const m = new RegExp(`\\b(in|at|on) ${place.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).exec(line);
          if (m && m[1] !== (PLACE_PREPOSITIONS[place] ?? "in")) problems.push(`"${m[0]}": ${line}`);
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });

  it("every generated line of 1,000 sessions comes from its section's templates; no odd detail twice a session; policy lines vary", async () => {
    const seeds = seedsOf(findSeedSet(loadSeedRegistry(), "demo"), 1000);
    const rows = await simulateSessions(seeds, { policy: retrievalPolicy(bank), partner: retrievalPartner(bank), policyTurns: 10 });
    const byTask = new Map(OFFICE_TASKS.map((t) => [t.id, { task: t, partner: new Map(MOVES.map((m) => [m, sectionLines(t, bank, "partner", m === "odd_detail" ? [m, "continue"] : [m])])), policy: sectionLines(t, bank, "policy", MOVES) }]));
    const bad: string[] = [];
    const policyCounts = new Map<string, number>();
    let checked = 0;
    for (const row of rows) {
      const lines = byTask.get(row.meta!.task as string)!;
      const odd = new Set<string>();
      for (const turn of row.turns) {
        checked++;
        if (turn.speaker === "partner") {
          const move = (turn.meta as { move: PartnerMove }).move;
          if (!lines.partner.get(move)!.has(turn.text)) bad.push(`seed ${row.seed} partner ${move}: ${turn.text}`);
          for (const o of lines.task.oddities) {
            if (!turn.text.includes(o)) continue;
            if (odd.has(o)) bad.push(`seed ${row.seed}: odd detail repeated: ${o}`);
            odd.add(o);
          }
        } else {
          if (!lines.policy.has(turn.text)) bad.push(`seed ${row.seed} policy: ${turn.text}`);
          if (row.seed < seeds[0] + 500) policyCounts.set(turn.text, (policyCounts.get(turn.text) ?? 0) + 1);
        }
      }
    }
    expect(checked).toBe(20_000);
    expect(bad.slice(0, 10)).toEqual([]);
    // 5,000 policy turns of the first 500 sessions: the most frequent line (223 before).
    const max = Math.max(...policyCounts.values());
    console.log(`policy lines in 5,000 turns: ${policyCounts.size} distinct, most frequent ${max} times`);
    expect([...policyCounts.values()].reduce((a, b) => a + b, 0)).toBe(5000);
    expect(max).toBeLessThan(100);
  }, 120_000);
});
