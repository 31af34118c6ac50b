// Script detection (SPEC §3): the humor stack's CJK screen and the prose stack's "switches into another
// script" gate. Letters are classified by Unicode code-point ranges in one pass; anything else that is a
// letter (\p{L}) counts as "other". Digits, punctuation, spaces and emoji are not letters and count for no
// script.

export const SCRIPTS = ["latin", "cjk", "cyrillic", "greek", "arabic", "hebrew", "devanagari", "hangul", "other"] as const;
export type Script = (typeof SCRIPTS)[number];
export type ScriptShares = Record<Script, number> & { letters: number };

// Han, kana, bopomofo, CJK punctuation and halfwidth katakana: what the seed's CJK screen looks for.
const CJK = /[\u2E80-\u2FDF\u3000-\u303F\u3040-\u30FF\u3100-\u312F\u31A0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF61-\uFF9F\u{20000}-\u{3134F}]/u;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7AF\uD7B0-\uD7FF]/u;
const CJK_OR_HANGUL = new RegExp(`${CJK.source}|${HANGUL.source}`, "u");
const LETTER = /\p{L}/u;

/** True when the text contains any Chinese, Japanese or Korean character (ideograph, kana, hangul, CJK punctuation). */
export function hasCjk(s: string): boolean {
  return CJK_OR_HANGUL.test(s);
}

/** The script of one character, or null when it is not a letter. */
export function scriptOf(ch: string): Script | null {
  return classify(ch.codePointAt(0) as number, ch);
}

function classify(cp: number, ch: string): Script | null {
  if (cp < 0x80) return (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) ? "latin" : null;
  if (!LETTER.test(ch)) return null;
  if (cp <= 0x24f || (cp >= 0x1e00 && cp <= 0x1eff) || (cp >= 0xff21 && cp <= 0xff5a)) return "latin";
  if (cp >= 0x370 && cp <= 0x3ff) return "greek";
  if (cp >= 0x1f00 && cp <= 0x1fff) return "greek";
  if (cp >= 0x400 && cp <= 0x52f) return "cyrillic";
  if (cp >= 0x590 && cp <= 0x5ff) return "hebrew";
  if ((cp >= 0x600 && cp <= 0x6ff) || (cp >= 0x750 && cp <= 0x77f) || (cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff)) return "arabic";
  if (cp >= 0x900 && cp <= 0x97f) return "devanagari";
  if (HANGUL.test(ch)) return "hangul";
  if (CJK.test(ch)) return "cjk";
  return "other";
}

/**
 * Share of letters in each script, plus the letter count: `scriptShares("Hello мир")` →
 * { latin: 0.625, cyrillic: 0.375, …, letters: 8 }. With no letters every share is 0.
 */
export function scriptShares(s: string): ScriptShares {
  const counts: Record<Script, number> = {
    latin: 0,
    cjk: 0,
    cyrillic: 0,
    greek: 0,
    arabic: 0,
    hebrew: 0,
    devanagari: 0,
    hangul: 0,
    other: 0,
  };
  let letters = 0;
  for (const ch of s) {
    const script = classify(ch.codePointAt(0) as number, ch);
    if (script === null) continue;
    counts[script]++;
    letters++;
  }
  const shares = { ...counts, letters } as ScriptShares;
  if (letters > 0) for (const k of SCRIPTS) shares[k] = counts[k] / letters;
  return shares;
}

/** The script with the most letters, or null when the text has no letters. Ties go to the earlier script in SCRIPTS. */
export function dominantScript(s: string): Script | null {
  const shares = scriptShares(s);
  if (shares.letters === 0) return null;
  let best: Script = SCRIPTS[0];
  for (const k of SCRIPTS) if (shares[k] > shares[best]) best = k;
  return best;
}

// Every branch of classify met at load, a letter of each script and a non-letter, so that a loop that
// inlines scriptOf has their feedback when it is optimized: the first non-ASCII letter after that (the
// bank's first "é") deoptimized scriptOf and what inlined it (issue 20). Repeated so that V8 keeps the
// feedback (it allocates a function's feedback only after it has run a little).
// Run once per thread before any scoring (src/stacks/warm-up.ts), never at import.
export function warmUpScript(): void {
  for (let k = 0; k < 8; k++) for (const ch of ["a", "é", "ṭ", "Ａ", "Δ", "ἀ", "Ж", "א", "ع", "क", "한", "の", "我", "ǂ", "ა", "1", "—"]) scriptOf(ch);
}
