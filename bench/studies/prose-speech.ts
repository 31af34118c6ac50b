// Calibration of the slop term's speech reading (issue 36, struct37; presets.ts HARDENED_SPEECH): slop per
// word inside quotation marks as a share of slop per word in the narration, on human fiction in
// ../shared/data (Brown and HANNA whole, every third Gutenberg passage) and on the tuning slice's model
// replies (slop-score creative lines ≡ 3 mod 10), each text's speech and narration scored apart under the
// default preset with the speech reading off. Then the share of words spoken, per human source, which
// shows why the share alone cannot be priced: 21 of 2,519 human passages are all speech.
//   npx tsx bench/studies/prose-speech.ts
import { hasSharedData, sharedDataSkipReason, sharedPath } from "../../test/helpers/shared-data.js";
import { loadProseCorpora, type ProseRow } from "../helpers/prose-data.js";
import { tuningReplies } from "../../test/helpers/prose-replies.js";
import { proseOptions, proseStack } from "../../src/stacks/prose.js";
import type { BankRow } from "../../src/core/types.js";
import { PROSE_PRESETS } from "../../src/terms/prose/presets.js";
import { quantile } from "../../src/stats/quantile.js";

if (!hasSharedData) {
  console.log(`skipped: ${sharedDataSkipReason}`);
  process.exit(0);
}
const corpora = loadProseCorpora(sharedPath, { creativeOnly: true });
const human = [...corpora.humanMining, ...corpora.humanHeldOut];
const QUOTED = /“[^“”]+”|"[^"\n]+"/g;
const withMix = await proseStack.create(proseOptions.parse({}), {});
const withoutMix = await proseStack.create(proseOptions.parse({ reading: { ...PROSE_PRESETS.hardened.settings.reading, speech: undefined } }), {});

/** Slop (density × words) and words of each text, as the slop term reads them. */
const slopOf = async (rows: BankRow[]): Promise<{ slop: number; words: number }[]> =>
  (await withoutMix.scoreRows(rows)).map((s) => {
    const d = s.terms?.slop?.details as { density_per_1k: number; whole_reply_density_per_1k?: number; words: number } | undefined;
    return d ? { slop: ((d.whole_reply_density_per_1k ?? d.density_per_1k) * d.words) / 1000, words: d.words } : { slop: 0, words: 0 };
  });

async function ratio(name: string, rows: BankRow[]): Promise<void> {
  const said = rows.map((r) => ({ ...r, output: ((r.output as string).match(QUOTED) ?? []).join("\n\n") }));
  const told = rows.map((r) => ({ ...r, output: (r.output as string).replace(QUOTED, " ") }));
  const [a, b] = [await slopOf(said), await slopOf(told)];
  let [sa, wa, sb, wb, n] = [0, 0, 0, 0, 0];
  a.forEach((x, i) => {
    if (x.words < 20 || b[i].words < 20) return;
    [sa, wa, sb, wb, n] = [sa + x.slop, wa + x.words, sb + b[i].slop, wb + b[i].words, n + 1];
  });
  console.log(`${name}: ${n} texts with ≥ 20 words of each; speech ${((1000 * sa) / wa).toFixed(1)} per 1k words (${wa} words), narration ${((1000 * sb) / wb).toFixed(1)} (${wb} words); ratio ${(sa / wa / (sb / wb)).toFixed(3)}`);
}
await ratio(
  "human fiction",
  human.filter((r, i) => r.meta.source !== "gutenberg" || i % 3 === 0),
);
await ratio("model replies (tuning slice)", tuningReplies(400));

const shares = async (rows: ProseRow[]): Promise<number[]> => (await withMix.scoreRows(rows)).map((s) => (s.terms?.slop?.details as { speech_share?: number } | undefined)?.speech_share ?? 0);
for (const source of ["gutenberg", "brown", "hanna-human"]) {
  const xs = await shares(human.filter((r) => r.meta.source === source));
  const q = (p: number) => quantile(xs, p).toFixed(3);
  console.log(`${source}: share of words spoken, n ${xs.length}: median ${q(0.5)}, p95 ${q(0.95)}, p99 ${q(0.99)}, all speech ${xs.filter((x) => x >= 1).length}`);
}
