// Reading an echo answer without building its top-k maps. An echo continuation needs each prompt
// token's text, log-prob and offset; the answer also carries a `top_logprobs` map per token (one
// entry each with logprobs 0: ≈ 45% of the characters of a cold demo's 45 MB of echo answers, and
// an object with a key of its own per token to build, internalize and collect), which the
// continuation never reads. They are checked in the text instead and parsed as `[null]`.
//
// Why the answer means the same (what the client accepts, what it reads, what it says on a bad one):
// - Only an array that is, character for character, JSON for a non-empty list of null or
//   {string: number} maps is replaced (TOP_LIST, the grammar of RFC 8259 without whitespace); a
//   list parsed from it passes the wire schema wherever `[null]` does and fails wherever `[null]` fails
//   (the parallel arrays' top_logprobs takes null or a number map per entry; llama.cpp's content
//   shape wants {token, logprob} objects, which neither null nor a map of numbers is; any other key
//   takes anything).
// - `"top_logprobs":` right after `{` or `,` can only be a key followed by its value in valid JSON (inside a string its
//   closing quote would be escaped), so if the shortened text parses, each replaced list stood where a
//   value does, and the whole text parses to the same value but for those lists.
// - Anything else (no match, a text that does not parse) goes to JSON.parse of the whole text, so a
//   malformed answer gets JSON.parse's own error; callers validate the lean value and, where it fails,
//   validate the whole one, so every error names what it named before.

const STRING = String.raw`"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"`;
const NUMBER = String.raw`-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?`;
const MAP = String.raw`\{(?:${STRING}:${NUMBER}(?:,${STRING}:${NUMBER})*)?\}`;
const ENTRY = `(?:null|${MAP})`;
/** A non-empty JSON array of null or string → number maps, no whitespace (what servers send). */
const TOP_LIST = new RegExp(String.raw`\[${ENTRY}(?:,${ENTRY})*\]`, "y");
const KEY = '"top_logprobs":';
const STAND_IN = "[null]";

/** Whether a TOP_LIST starts at `start` (lastIndex then at its end). A list too long for the regex engine's
 * stack (≈ 700,000 entries, one prompt of that many tokens) throws RangeError there: it is left for
 * JSON.parse, which reads any length, so the answer still parses as it did before this shortcut. */
function matchesTopList(text: string, start: number): boolean {
  TOP_LIST.lastIndex = start;
  try {
    return TOP_LIST.test(text);
  } catch (err) {
    if (err instanceof RangeError) return false;
    throw err;
  }
}

/** An echo answer's value with its top-k lists stood in for, and the whole text (for the exact error when the lean value fails validation). */
export interface EchoAnswer {
  lean: unknown;
  text: string;
}

/** JSON.parse(text), but each top_logprobs list matching TOP_LIST is `[null]`; throws what JSON.parse throws. */
export function readEchoAnswer(text: string): EchoAnswer {
  const pieces: string[] = [];
  let from = 0;
  let at = 0;
  for (;;) {
    const key = text.indexOf(KEY, at);
    if (key < 0) break;
    const start = key + KEY.length;
    at = start;
    // A key is one only after `{` or `,` (no whitespace, as servers send it): the same characters can
    // end a longer key whose quote is escaped (`"a\"top_logprobs":`), which must stay as it is.
    const before = key > 0 ? text.charCodeAt(key - 1) : -1;
    if (before !== 0x7b && before !== 0x2c) continue;
    if (!matchesTopList(text, start)) continue;
    pieces.push(text.slice(from, start), STAND_IN);
    from = at = TOP_LIST.lastIndex;
  }
  if (pieces.length === 0) return { lean: JSON.parse(text), text };
  pieces.push(text.slice(from));
  let lean: unknown;
  try {
    lean = JSON.parse(pieces.join(""));
  } catch {
    // Not JSON outside the lists: the whole text's own error.
    return { lean: JSON.parse(text), text };
  }
  return { lean, text };
}
