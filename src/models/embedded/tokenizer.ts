// GPT-style pre-tokenizer for the embedded LM. Tokens are substrings whose concatenation reproduces
// the input exactly, so `text_offset` in completions responses is exact. A word carries its leading
// space (" Haha"), each emoji is one token, each newline is one token, punctuation runs stay together
// ("!!", "?!"), and common emoticons (":D", ";)") are single tokens so laughter cues stay visible.

const EMOTICON = String.raw`[:;=8][\-']?[)(DPpO3\]\[|/\\*](?![\p{L}\p{N}])`;
const EMOJI = String.raw`\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic}|\p{Emoji_Modifier})*|\p{Regional_Indicator}{1,2}`;
const WORD = String.raw`\p{L}[\p{L}\p{M}]*(?:['’][\p{L}\p{M}]+)*`;
const NUMBER = String.raw`\p{N}+(?:[.,]\p{N}+)*`;
const PUNCT = String.raw`[^\s\p{L}\p{N}\p{M}\p{Extended_Pictographic}\p{Regional_Indicator}]+`;

const PATTERN = new RegExp(
  [
    ` ?(?:${EMOTICON})`,
    ` ?(?:${EMOJI})`,
    ` ?${WORD}`,
    ` ?${NUMBER}`,
    ` ?${PUNCT}`,
    String.raw`\n`,
    // A whitespace run leaves its last space to the token that follows (GPT-2's \s+(?!\S) rule).
    String.raw`[^\S\n]+(?!\S)`,
    String.raw`[^\S\n]+`,
    // Anything else (stray combining marks, lone surrogates) is its own token, so nothing is lost.
    String.raw`[\s\S]`,
  ].join("|"),
  "gu",
);

/** Split text into tokens; `tokens.join("") === text` always holds. */
export function pretokenize(text: string): string[] {
  return text.match(PATTERN) ?? [];
}

/** Tokens with their character offsets in `text`. */
export function tokenizeWithOffsets(text: string): { tokens: string[]; offsets: number[] } {
  const tokens = pretokenize(text);
  const offsets = new Array<number>(tokens.length);
  let at = 0;
  for (let i = 0; i < tokens.length; i++) {
    offsets[i] = at;
    at += tokens[i].length;
  }
  return { tokens, offsets };
}
