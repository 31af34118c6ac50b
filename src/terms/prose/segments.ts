// Dialogue sentences and short italic thoughts read off a reply's scan (the hot-path twin of
// echo.ts's replySegments, which goes through src/text's dialogue splitter).
import type { Lexicon } from "../../text/lexicon.js";
import { T_DIALOGUE, T_ITALIC, type Scan } from "../../text/scan.js";
import { MAX_THOUGHT_WORDS, type Segment } from "./echo.js";

const TRAILING = /^[?!.…,]+/;

export function scanSegments(text: string, scan: Scan, lexicon: Lexicon): Segment[] {
  const { n, flags, sentence, start, surface } = scan;
  const out: Segment[] = [];
  let i = 0;
  while (i < n) {
    const state = flags[i] & (T_DIALOGUE | T_ITALIC);
    if (state === 0) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < n && sentence[j + 1] === sentence[i] && (flags[j + 1] & (T_DIALOGUE | T_ITALIC)) === state) j++;
    const italic = (state & T_DIALOGUE) === 0;
    if (!italic || j - i + 1 <= MAX_THOUGHT_WORDS) {
      let end = start[j] + lexicon.surfaces[surface[j]].length;
      const tail = TRAILING.exec(text.slice(end, end + 4));
      if (tail) end += tail[0].length;
      out.push({ line: text.slice(start[i], end), italic });
    }
    i = j + 1;
  }
  return out;
}
