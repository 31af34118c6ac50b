// The two speakers of a session. Any OpenAI-compatible chat model can play either role; the embedded
// defaults are retrieval agents over the project's own line bank (no network, no GPU, deterministic).
import { seedFrom } from "../../core/random.js";
import type { Turn } from "../../core/types.js";
import type { ModelClient } from "../../models/spec.js";
import { contentWords } from "../../text/stopwords.js";
import type { LineBank } from "./line-bank.js";
import { PARTNER_INSTRUCTIONS, type PartnerMove } from "./provocations.js";
import { sessionStream, type SessionPlan } from "./schedule.js";
import { fillTemplate } from "./tasks.js";

export const POLICY_NAME = "Sam";
export const PARTNER_NAME = "Jordan";

export interface AgentContext {
  plan: SessionPlan;
  /** The conversation so far. */
  turns: Turn[];
  /** Which turn of this speaker this is (0-based). */
  turnIndex: number;
  /** The partner's instruction for this turn (partners only; never shown to the policy). */
  move?: PartnerMove;
  /** Candidate index, so best-of-N reranking can draw several different replies for one turn. */
  sample?: number;
}

export interface Agent {
  /** Recorded in every transcript's meta. */
  readonly description: string;
  reply(ctx: AgentContext): Promise<string>;
}

/**
 * Partner: on its k-th turn with a given move it speaks the k-th line of a per-session shuffle of that
 * move's lines, so it does not repeat itself and its lines do not depend on what the policy said (a
 * frozen partner: two policies on the same seed face the same partner lines).
 */
export function retrievalPartner(bank: LineBank): Agent {
  return {
    description: `retrieval-partner(${bank.version})`,
    async reply({ plan, move, turnIndex }) {
      if (!move) throw new Error("the partner needs a move for every turn");
      const occurrence = plan.moves.slice(0, turnIndex).filter((m) => m === move).length;
      // What the partner talks about moves around the task from turn to turn.
      const thing = sessionStream(plan.seed, `partner/thing/${turnIndex}`).pick(plan.task.things);
      // Each odd detail is pointed out once a session: the k-th odd_detail turn takes the k-th oddity of a
      // per-session shuffle; once the task's oddities are spent, the partner carries on with the task.
      const oddities = sessionStream(plan.seed, "partner/oddities").shuffle(plan.task.oddities);
      if (move === "odd_detail" && occurrence >= oddities.length) {
        const cont = sessionStream(plan.seed, "partner/continue").shuffle(bank.partner.continue);
        return fillTemplate(cont[(turnIndex + occurrence) % cont.length], plan.slots, { thing });
      }
      const lines = sessionStream(plan.seed, `partner/${move}`).shuffle(bank.partner[move]);
      return fillTemplate(lines[occurrence % lines.length], plan.slots, { thing, ...(move === "odd_detail" ? { oddity: oddities[occurrence] } : {}) });
    },
  };
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Policy: retrieves the bank line nearest to what the partner just said (content-word Jaccard over the
 * session's filled partner lines), reads the situation from it, and answers with one of that situation's
 * replies it has not used yet, drawn with the session's policy stream. It never sees the schedule.
 */
export function retrievalPolicy(bank: LineBank): Agent {
  return {
    description: `retrieval-policy(${bank.version})`,
    async reply({ plan, turns, turnIndex, sample = 0 }) {
      const last = [...turns].reverse().find((t) => t.speaker !== "policy");
      const heard = new Set(contentWords(last?.text ?? ""));
      let situation: PartnerMove = "continue";
      let best = -1;
      for (const move of Object.keys(bank.partner) as PartnerMove[]) {
        for (const line of bank.partner[move]) {
          const similarity = jaccard(heard, new Set(contentWords(fillTemplate(line, plan.slots))));
          if (similarity > best) [best, situation] = [similarity, move];
        }
      }
      const rng = sessionStream(plan.seed, `policy/${turnIndex}/${sample}`);
      // Talk about the thing the partner just mentioned, if any.
      const thing = plan.task.things.find((t) => last?.text.includes(t)) ?? rng.pick(plan.task.things);
      const said = new Set(turns.filter((t) => t.speaker === "policy").map((t) => t.text));
      const options = bank.policy[situation].map((line) => fillTemplate(line, plan.slots, { thing }));
      const fresh = options.filter((line) => !said.has(line));
      return rng.pick(fresh.length > 0 ? fresh : options);
    },
  };
}

export interface ChatAgentOptions {
  temperature?: number;
  maxTokens?: number;
}

/** Renders the conversation from one speaker's point of view: its own turns are "assistant". */
function chatMessages(self: "policy" | "partner", system: string, turns: Turn[], instruction?: string) {
  const messages: { role: "system" | "user" | "assistant"; content: string }[] = [{ role: "system", content: system }];
  for (const turn of turns) messages.push({ role: turn.speaker === self ? "assistant" : "user", content: turn.text });
  if (instruction) messages.push({ role: "system", content: instruction });
  if (messages.every((m) => m.role !== "user")) messages.push({ role: "user", content: "(Your coworker is at your desk.)" });
  return messages;
}

const ATTEMPTS = 3;

/**
 * Samples until the model says something on its first line: a model that opens with a newline has not
 * replied yet. Each attempt uses its own seed, so the result stays reproducible.
 */
async function sampleLine(where: string, seedLabel: string, generate: (seed: number) => Promise<string>): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const text = await generate(seedFrom(attempt === 0 ? seedLabel : `${seedLabel}/retry${attempt}`));
    const line = text.trim().split("\n")[0].trim();
    if (line !== "") return line;
  }
  throw new Error(`${where} returned an empty reply ${ATTEMPTS} times (${seedLabel})`);
}

/** A policy played by any OpenAI-compatible chat model; it is asked to reply naturally, never to be funny. */
export function chatPolicy(client: ModelClient, options: ChatAgentOptions = {}): Agent {
  return {
    description: `chat-policy(${client.spec.model}@${client.spec.baseUrl}, T=${options.temperature ?? 0.8})`,
    async reply({ plan, turns, turnIndex, sample = 0 }) {
      const system = `You are ${POLICY_NAME}, an office worker. You and your coworker ${PARTNER_NAME} are working on ${plan.task.title}. ` + `Reply naturally to ${PARTNER_NAME} in one or two sentences.`;
      const messages = chatMessages("policy", system, turns);
      return sampleLine("policy model", `humor/${plan.seed}/policy/${turnIndex}/${sample}`, async (seed) => {
        const result = await client.chat({ messages, temperature: options.temperature ?? 0.8, maxTokens: options.maxTokens ?? 80, seed, stop: ["\n"] });
        return result.choices[0]?.text ?? "";
      });
    },
  };
}

/** A partner played by any OpenAI-compatible chat model, told each turn what the schedule asks of it. */
export function chatPartner(client: ModelClient, options: ChatAgentOptions = {}): Agent {
  return {
    description: `chat-partner(${client.spec.model}@${client.spec.baseUrl}, T=${options.temperature ?? 0.8})`,
    async reply({ plan, turns, turnIndex, move }) {
      if (!move) throw new Error("the partner needs a move for every turn");
      const system = `You are ${PARTNER_NAME}, an office worker. You and your coworker ${POLICY_NAME} are working on ${plan.task.title}.`;
      const instruction = `For your next message: ${PARTNER_INSTRUCTIONS[move]} Keep it to one or two sentences.`;
      const messages = chatMessages("partner", system, turns, instruction);
      return sampleLine("partner model", `humor/${plan.seed}/partner/${turnIndex}`, async (seed) => {
        const result = await client.chat({ messages, temperature: options.temperature ?? 0.8, maxTokens: options.maxTokens ?? 80, seed, stop: ["\n"] });
        return result.choices[0]?.text ?? "";
      });
    },
  };
}
