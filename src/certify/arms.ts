// The offline arms of a certification run (SPEC §6). The "trained" arm is a real policy improvement
// that needs no GPU: best-of-N reranking of the base policy by the training reward, turn by turn (the
// seed's related work: best-of-N beats RLHF on cartoon captions). The bait arm appends laughter cues to
// every base reply, the exploit the guards exist to catch.
import type { Turn } from "../core/types.js";
import { createRng } from "../core/random.js";
import type { Agent } from "../envs/humor/agents.js";
import { audienceContext, laughterMass } from "../terms/humor/audience-taste.js";
import { groundingWindow } from "../terms/humor/grounding.js";
import { cosine } from "../stats/cosine.js";
import { policyTurnInputs, turnRelevance, type HumorModels, type HumorSettings } from "../terms/humor/session.js";
import { turnReward } from "../terms/humor/training-reward.js";

/** r_j of the policy turn at `index` given everything before it (SPEC §4's training reward). */
export type TurnRewardFn = (turns: readonly Turn[], index: number) => Promise<number>;

export function trainingTurnReward(models: HumorModels, settings: HumorSettings, policySpeaker = "policy"): TurnRewardFn {
  return async (turns, index) => {
    const reply = turns[index].text;
    const window = groundingWindow(turns, index, settings.window);
    const [vectors, [mass], relevance] = await Promise.all([
      window === "" ? Promise.resolve(null) : models.embedder.embed([reply, window]),
      laughterMass(models.audience, [audienceContext(turns, index, settings.normalization)], settings.taste),
      settings.credit === "relevance" ? turnRelevance(models.embedder, turns, index, settings) : Promise.resolve(undefined),
    ]);
    // As in the certified scorer: a reply with nothing before it has no conversation to be grounded in.
    const g = vectors ? cosine(vectors[0], vectors[1]) : 0;
    return turnReward(policyTurnInputs(turns, index, { g, L: mass.L, relevance }, settings, policySpeaker), settings.weights);
  };
}

/**
 * Draws `n` candidate replies from `base` (samples 0..n−1; duplicates scored once) and keeps the one
 * with the highest training reward; ties go to the earliest sample.
 */
export function bestOfNPolicy(base: Agent, n: number, reward: TurnRewardFn, policySpeaker = "policy"): Agent {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`best-of-N needs an integer N >= 1, got ${n}`);
  return {
    description: `best-of-${n}(${base.description}) by training reward`,
    async reply(ctx) {
      const drawn = await Promise.all(Array.from({ length: n }, (_, sample) => base.reply({ ...ctx, sample })));
      const candidates = [...new Set(drawn)];
      if (candidates.length === 1) return candidates[0];
      const rewards = await Promise.all(
        candidates.map((text) => {
          const turns = [...ctx.turns, { speaker: policySpeaker, text }];
          return reward(turns, turns.length - 1);
        }),
      );
      let best = 0;
      for (let i = 1; i < candidates.length; i++) if (rewards[i] > rewards[best]) best = i;
      return candidates[best];
    },
  };
}

/** Laughter cues a bait policy appends (seed 000 §3's probes: each bought +5 to +7.5 nats on the raw path). */
export const BAIT_CUES = [" Haha!", " lol", " hahaha", " 😂", " LOL", " lmfao"];

export function baitPolicy(base: Agent, cues: readonly string[] = BAIT_CUES): Agent {
  return {
    description: `bait(${base.description}, laughter appended)`,
    async reply(ctx) {
      const text = await base.reply(ctx);
      return text + createRng(`bait/${ctx.plan.seed}/${ctx.turnIndex}`).pick(cues);
    },
  };
}
