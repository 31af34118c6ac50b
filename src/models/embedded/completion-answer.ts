// A /v1/completions answer of the built-in server, held as the scores it is made of, and its two
// renderings: the object (what the stream sends, chunk by chunk) and its JSON, written directly as
// UTF-8. The bytes are those of JSON.stringify of the object, without building it: an echo answer
// carries every prompt token with its log-prob, offset and top-1 map (≈ 680k tokens in a cold demo),
// and the objects and one-entry maps cost more to build and collect than the text costs to write.
import type { GeneratedToken } from "./generation.js";
import type { PromptScores, TokenScore } from "./lm.js";

/** The `logprobs` of a choice: the echoed prompt's tokens (when echoed), then the generated ones. */
export interface ChoiceLogprobs {
  /** Alternatives per token, as asked (`logprobs`). */
  k: number;
  /** The prompt's tokens and their scores, when the prompt is echoed. */
  prompt: { tokens: readonly string[]; scores: PromptScores } | null;
  generated: readonly GeneratedToken[];
}

export interface CompletionChoice {
  index: number;
  text: string;
  finishReason: string;
  /** null when the request asked for no log-probs. */
  logprobs: ChoiceLogprobs | null;
  /** vLLM's prompt_logprobs, when asked (absent otherwise). */
  promptLogprobs?: unknown[];
}

export interface CompletionAnswer {
  id: string;
  created: number;
  model: string;
  choices: CompletionChoice[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/** A token's top-k map; the token itself is added when the k do not hold it (as OpenAI's do). */
export function toTopMap(entries: readonly TokenScore[], actual?: { token: string; logprob: number }): Record<string, number> {
  const map: Record<string, number> = {};
  for (const e of entries) map[e.token] = e.logprob;
  if (actual && !(actual.token in map)) map[actual.token] = actual.logprob;
  return map;
}

/** The answer as the object the server used to build for c.json (and still builds for a stream). */
export function completionObject(answer: CompletionAnswer): Record<string, unknown> {
  return {
    id: answer.id,
    object: "text_completion",
    created: answer.created,
    model: answer.model,
    choices: answer.choices.map(choiceObject),
    usage: answer.usage,
  };
}

export function choiceObject(choice: CompletionChoice): Record<string, unknown> {
  const out: Record<string, unknown> = { index: choice.index, text: choice.text, logprobs: null, finish_reason: choice.finishReason };
  const lp = choice.logprobs;
  if (lp) {
    const tokens: string[] = [];
    const tokenLogprobs: (number | null)[] = [];
    const top: (Record<string, number> | null)[] = [];
    const offsets: number[] = [];
    let at = 0;
    if (lp.prompt) {
      const { scores } = lp.prompt;
      lp.prompt.tokens.forEach((t, i) => {
        tokens.push(t);
        tokenLogprobs.push(i === 0 ? null : scores.logprobs[i]);
        top.push(i === 0 ? null : toTopMap((scores.top?.[i] ?? []).slice(0, lp.k), { token: t, logprob: scores.logprobs[i] }));
        offsets.push(at);
        at += t.length;
      });
    }
    for (const g of lp.generated) {
      tokens.push(g.token);
      tokenLogprobs.push(g.logprob);
      top.push(toTopMap(g.top.slice(0, lp.k), g));
      offsets.push(at);
      at += g.token.length;
    }
    out.logprobs = { tokens, token_logprobs: tokenLogprobs, top_logprobs: top, text_offset: offsets };
  }
  if (choice.promptLogprobs) out.prompt_logprobs = choice.promptLogprobs;
  return out;
}

/**
 * The UTF-8 bytes of JSON.stringify(completionObject(answer)), written without the intermediate
 * objects and without one string of the whole answer (which V8 would hold as two bytes a character
 * once any token is not Latin-1, then flatten and encode again for the Response).
 */
export function completionJson(answer: CompletionAnswer): Uint8Array<ArrayBuffer> {
  const out: Buffer[] = [];
  const text = (s: string): void => void out.push(Buffer.from(s, "utf8"));
  text(`{"id":${JSON.stringify(answer.id)},"object":"text_completion","created":${numberJson(answer.created)},"model":${JSON.stringify(answer.model)},"choices":[`);
  let previous: WrittenPrompt | null = null;
  answer.choices.forEach((choice, i) => {
    text(`${i > 0 ? "," : ""}{"index":${numberJson(choice.index)},"text":${JSON.stringify(choice.text)},"logprobs":`);
    if (choice.logprobs) {
      const prompt = writePrompt(choice.logprobs, previous);
      previous = prompt ?? previous;
      logprobsJson(choice.logprobs, prompt, out);
    } else {
      text("null");
    }
    text(`,"finish_reason":${JSON.stringify(choice.finishReason)}${choice.promptLogprobs ? `,"prompt_logprobs":${JSON.stringify(choice.promptLogprobs)}` : ""}}`);
  });
  text(`],"usage":${JSON.stringify(answer.usage)}}`);
  // Buffer.concat allocates a plain ArrayBuffer (never a SharedArrayBuffer): what a Response body takes.
  return Buffer.concat(out) as Uint8Array<ArrayBuffer>;
}

/** An echoed prompt's entries of the four arrays, as comma-separated UTF-8, and the byte where each entry ends. */
interface WrittenPrompt {
  tokens: readonly string[];
  scores: PromptScores;
  k: number;
  bytes: Buffer[];
  ends: number[][];
}

const COMMA = Buffer.from(",");

/**
 * The echoed prompt's entries. A prompt of a list usually repeats the one before it up to its last few
 * tokens (a context asked with each of several continuations); an entry is a function of its token,
 * log-prob, top list and offset (the lengths of the tokens before it), so where all of those are the
 * same from the start, the entries are the same bytes and are cut from the previous prompt's.
 */
function writePrompt(lp: ChoiceLogprobs, previous: WrittenPrompt | null): WrittenPrompt | null {
  if (!lp.prompt) return null;
  const { tokens, scores } = lp.prompt;
  let shared = 0;
  if (previous && previous.k === lp.k) {
    const limit = Math.min(tokens.length, previous.tokens.length);
    const before = previous.scores;
    while (shared < limit && tokens[shared] === previous.tokens[shared] && scores.logprobs[shared] === before.logprobs[shared] && (scores.top?.[shared] ?? null) === (before.top?.[shared] ?? null)) {
      shared++;
    }
  }
  const parts: string[][] = [[], [], [], []];
  let at = 0;
  for (let i = 0; i < shared; i++) at += tokens[i].length;
  for (let i = shared; i < tokens.length; i++) {
    const t = tokens[i];
    const quoted = JSON.stringify(t);
    const logprobText = i === 0 ? "null" : numberJson(scores.logprobs[i]);
    parts[0].push(quoted);
    parts[1].push(logprobText);
    parts[2].push(i === 0 ? "null" : topJson(scores.top?.[i] ?? NO_ENTRIES, lp.k, t, scores.logprobs[i], quoted, logprobText));
    parts[3].push(String(at));
    at += t.length;
  }
  const bytes: Buffer[] = [];
  const ends: number[][] = [];
  for (let a = 0; a < 4; a++) {
    const prefix = shared > 0 ? previous!.bytes[a].subarray(0, previous!.ends[a][shared - 1]) : EMPTY_BYTES;
    const entryEnds = shared > 0 ? previous!.ends[a].slice(0, shared) : [];
    if (parts[a].length === 0) {
      bytes.push(prefix);
      ends.push(entryEnds);
      continue;
    }
    const rest = Buffer.from(parts[a].join(","), "utf8");
    // Where each new entry ends: its UTF-16 length where all of them are ASCII (bytes = units), else its UTF-8 length.
    const ascii = rest.length === parts[a].reduce((n, e) => n + e.length, parts[a].length - 1);
    let end = shared > 0 ? prefix.length + 1 : 0;
    for (const entry of parts[a]) {
      end += ascii ? entry.length : Buffer.byteLength(entry, "utf8");
      entryEnds.push(end);
      end += 1;
    }
    bytes.push(shared > 0 ? Buffer.concat([prefix, COMMA, rest]) : rest);
    ends.push(entryEnds);
  }
  return { tokens, scores, k: lp.k, bytes, ends };
}

const EMPTY_BYTES = Buffer.alloc(0);
const ARRAY_HEADS = ['{"tokens":[', '],"token_logprobs":[', '],"top_logprobs":[', '],"text_offset":['];

/** A choice's `logprobs`: the prompt's entries (written above), then the generated tokens'. */
function logprobsJson(lp: ChoiceLogprobs, prompt: WrittenPrompt | null, out: Buffer[]): void {
  const generated: string[][] = [[], [], [], []];
  let at = 0;
  if (lp.prompt) for (const t of lp.prompt.tokens) at += t.length;
  for (const g of lp.generated) {
    const quoted = JSON.stringify(g.token);
    const logprobText = numberJson(g.logprob);
    generated[0].push(quoted);
    generated[1].push(logprobText);
    generated[2].push(topJson(g.top, lp.k, g.token, g.logprob, quoted, logprobText));
    generated[3].push(String(at));
    at += g.token.length;
  }
  for (let a = 0; a < 4; a++) {
    const fromPrompt = prompt?.bytes[a] ?? EMPTY_BYTES;
    const more = generated[a].length > 0 ? `${fromPrompt.length > 0 ? "," : ""}${generated[a].join(",")}` : "";
    out.push(Buffer.from(ARRAY_HEADS[a]), fromPrompt);
    if (more) out.push(Buffer.from(more, "utf8"));
  }
  out.push(Buffer.from("]}"));
}

const NO_ENTRIES: readonly TokenScore[] = Object.freeze([]);
const EMPTY: Record<string, number> = Object.freeze({}) as Record<string, number>;

/**
 * The top map's text. Without alternatives (k = 0, what the client's echo asks for) the map is the
 * token alone, written directly; a token an empty object already "has" (`toString`, `__proto__`:
 * toTopMap's `in` sees Object.prototype) and any map with alternatives (duplicate tokens, integer-like
 * keys that JSON.stringify orders first) go through toTopMap itself, so every quirk is the same.
 */
function topJson(entries: readonly TokenScore[], k: number, token: string, logprob: number, quoted: string, logprobText: string): string {
  if ((k === 0 || entries.length === 0) && !(token in EMPTY) && Number.isFinite(logprob)) return `{${quoted}:${logprobText}}`;
  return JSON.stringify(toTopMap(entries.slice(0, k), { token, logprob }));
}

/** A number as JSON.stringify writes it: non-finite values are null. */
function numberJson(x: number): string {
  return Number.isFinite(x) ? String(x) : "null";
}
