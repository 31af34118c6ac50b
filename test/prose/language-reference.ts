// foreignScript as it was at d521a54 (closures per call, the prompt's shares read in the letter loop).
// Kept only as the reference of test/prose/foreign-script.test.ts.
import { scriptOf, scriptShares, SCRIPTS, type Script, type ScriptShares } from "../../src/text/script.js";
import { onlyLatin } from "../../src/terms/prose/language.js";

const MARK = /\p{M}/u;

/**
 * Letters of scripts the prompt does not use, counted only in runs of two or more letters of one script
 * (combining marks continue a run): a switch of language writes words, while a lone letter among
 * symbols is a text face such as ಠ_ಠ or ¯\_(ツ)_/¯.
 */
export function referenceForeignScript(reply: string, prompt: string, mode: "runs" | "characters" = "runs"): { letters: number; scripts: string[] } {
  if (onlyLatin(reply)) return { letters: 0, scripts: [] };
  const p = scriptShares(prompt);
  const counts = mode === "runs" ? foreignRuns(reply, p) : foreignCharacters(reply, p);
  const scripts = SCRIPTS.filter((s) => counts.has(s));
  return { letters: scripts.reduce((a, s) => a + counts.get(s)!, 0), scripts };
}

function foreignRuns(reply: string, p: ScriptShares): Map<Script, number> {
  const counts = new Map<Script, number>();
  let run: Script | null = null;
  let length = 0;
  const close = (): void => {
    if (run !== null && run !== "latin" && length >= 2 && !(p[run] > 0)) counts.set(run, (counts.get(run) ?? 0) + length);
  };
  for (const ch of reply) {
    if (run !== null && MARK.test(ch)) continue;
    const script = scriptOf(ch);
    if (script === run) {
      length++;
      continue;
    }
    close();
    run = script;
    length = 1;
  }
  close();
  return counts;
}

/** Spaces and sentence punctuation between letters of one script keep them one stretch of text. */
const GAP = /[\s.,!?;:，。、！？；：…・"“”'‘’«»「」『』\-—–]/u;
/** Symbols a text face is built from: a letter touching one of these is an eye or a mouth. */
const FACE = /[_()\\/¯^°‿◕╯︵┻━︶=<>|`~]/u;

/**
 * Foreign letters counted one by one (the hardened gate): letters of one script separated only by
 * spaces or punctuation form one stretch, so "我 很 好" counts 3 like "我很好". A stretch needs two
 * letters, and a letter touching a face symbol (ಠ_ಠ, (ツ)) is not counted.
 */
function foreignCharacters(reply: string, p: ScriptShares): Map<Script, number> {
  const chars = [...reply];
  const counts = new Map<Script, number>();
  let stretch: Script | null = null;
  let length = 0;
  const close = (): void => {
    if (stretch !== null && length >= 2) counts.set(stretch, (counts.get(stretch) ?? 0) + length);
    stretch = null;
    length = 0;
  };
  for (let k = 0; k < chars.length; k++) {
    const ch = chars[k];
    if (MARK.test(ch)) continue;
    const script = scriptOf(ch);
    if (script === null) {
      if (!GAP.test(ch)) close();
      continue;
    }
    // Bounds checked, not read past the ends: a read out of bounds the loop had not made before
    // deoptimized it the first time a foreign letter stood first or last.
    const face = (k > 0 && FACE.test(chars[k - 1])) || (k + 1 < chars.length && FACE.test(chars[k + 1]));
    if (script === "latin" || p[script] > 0 || face) {
      close();
      continue;
    }
    if (script !== stretch) close();
    stretch = script;
    length++;
  }
  close();
  return counts;
}
