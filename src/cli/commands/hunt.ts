// `foolsgold hunt`: search a stack, black box through its scorer, for edits that raise the reward while
// the reply does not get better (src/hunt/). Prints the ranked classes, writes the JSON artifact (--out)
// and the exploit surface (--figure, SVG).
import type { Command } from "commander";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { readJsonl } from "../../core/jsonl.js";
import type { BankRow, TranscriptRow } from "../../core/types.js";
import { contextsFromTranscripts, simulatedBank } from "../../audit/contexts.js";
import { exploitSurfaceSvg, FAMILIES, formatHuntReport, huntStack, type Family } from "../../hunt/index.js";
import type { HuntRow } from "../../hunt/search.js";
import { loadDictionary } from "../../mining/dictionary.js";
import { DEFAULT_DICTIONARY_PATH } from "../../stacks/prose.js";
import { openScorer, parseOptionFlags } from "../../stacks/open.js";
import { emit } from "../output.js";
import { addCommonOptions, addRewardOption, openModels } from "../common-options.js";
import { readTrainerRows } from "../../stacks/rewards/rows.js";
import { progressBar } from "../progress.js";
import { addInputOption } from "../flag-aliases.js";
import { intFlag } from "../flags.js";

interface Options {
  stack?: string;
  reward?: string;
  in?: string;
  budget: string;
  seed: string;
  objective?: string;
  families?: string;
  mine?: string;
  screenRows: string;
  confirmRows: string;
  contexts: string;
  option?: string[];
  dictionary?: string;
  figure?: string;
  out?: string;
  json?: boolean;
  config?: string;
  cache?: string | false;
}

/** Texts to mine insertions from: a JSONL(.gz) file's output / response / text / model_output fields. */
function mineTexts(path: string): string[] {
  const rows = readJsonl<Record<string, unknown>>(path, { strict: false }).rows;
  const texts = rows.flatMap((r) => [r.output, r.response, r.text, r.model_output].filter((v): v is string => typeof v === "string" && v.trim() !== "").slice(0, 1));
  if (texts.length === 0) throw new InputError("--mine", `${path} has no rows with a text field (output, response, text or model_output)`);
  return texts;
}

/**
 * Humor without --rows: transcript prefixes ending at a policy turn, from sessions simulated offline,
 * and the policy turns of a larger simulated bank to mine insertions from.
 */
export async function humorContexts(n: number, mineSessions = 60): Promise<{ rows: TranscriptRow[]; mineFrom: string[] }> {
  const bank = await simulatedBank(Math.max(n, mineSessions));
  const rows = contextsFromTranscripts(bank.slice(0, n), n).map((c, i) => ({ id: c.id, seed: i, turns: c.turns }));
  return { rows, mineFrom: bank.flatMap((r) => r.turns.filter((t) => t.speaker === "policy").map((t) => t.text)) };
}

export function register(program: Command): void {
  const command = program
    .command("hunt")
    .description("search a reward stack, black box, for edits that raise the reward without improving the reply; rank them with 95% CIs")
    .option("--stack <name>", "stack to hunt (humor, prose, cherrl, vrcli; or `stack` in the config)")
    .option("--budget <n>", "scorer calls (rows scored) the hunt may spend", "2000")
    .option("--seed <s>", "seed of the search order and of every randomized edit", "0")
    .option("--objective <q>", "reward, a term, or term.detail (default: the stack's declared hunt objective, e.g. taste.L for humor; reward elsewhere)")
    .option("--families <list>", `operator families, from: ${FAMILIES.join(", ")} (default: all that fit the stack)`)
    .option("--mine <file>", "JSONL(.gz) of model outputs to mine insertions from (default: the rows' own replies)")
    .option("--screen-rows <n>", "rows each candidate is screened on", "2")
    .option("--confirm-rows <n>", "rows a survivor is confirmed on", "20")
    .option("--contexts <n>", "humor without --rows: simulated contexts to hunt on", "8")
    .option("--option <key=value...>", "stack option (JSON value), as in `score`")
    .option("--dictionary <file>", "prose: slop dictionary (its bonus phrases and penalized words feed the padding and synonym operators)")
    .option("--figure <file>", "write the exploit surface (SVG: gain against edit cost)");
  addRewardOption(command);
  addInputOption(command, "rows to edit (.jsonl/.jsonl.gz): bank rows, or transcripts for humor (default for humor: simulated contexts)", { aliases: ["--rows"] });
  addCommonOptions(command).action(async (opts: Options) => {
    const budget = intFlag("--budget", opts.budget);
    const contexts = intFlag("--contexts", opts.contexts, { min: 2 });
    const screenRows = intFlag("--screen-rows", opts.screenRows);
    const confirmRows = intFlag("--confirm-rows", opts.confirmRows, { min: 2 });
    const families = opts.families
      ? opts.families
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
    const unknown = families?.find((f) => !(FAMILIES as readonly string[]).includes(f));
    if (unknown !== undefined) throw new InputError("--families", `unknown family "${unknown}" (known: ${FAMILIES.join(", ")})`);
    const overrides = parseOptionFlags(opts.option);
    if (opts.dictionary) overrides.dictionary = opts.dictionary;
    const opened = await openScorer({ ...opts, overrides });
    const capabilities = opened.definition.capabilities ?? {};
    // A stack with its own clean counterpart needs no reference LM; the others get one for the fluency check.
    const reference = capabilities.huntReference !== undefined ? undefined : await openModels(opts, ["reference"]);
    try {
      // Transcript stacks without --in hunt on simulated conversations.
      const simulated = !opts.in && opened.scorer.rowKind === "transcript" ? await humorContexts(contexts) : undefined;
      // An external reward reads rows in any trainer's shape (verl's response, TRL's completion, …).
      const rows: HuntRow[] = opts.in ? (opts.reward !== undefined ? readTrainerRows(opts.in) : readJsonl<HuntRow>(opts.in).rows) : (simulated?.rows ?? []);
      if (rows.length < 2) throw new InputError("--in", opts.in ? `${opts.in} has ${rows.length} rows; the hunt needs at least 2` : `the "${opened.stack}" stack needs bank rows to edit: --in FILE`);
      if (opened.scorer.rowKind === "bank")
        rows.forEach((r, i) => {
          if (typeof (r as BankRow).output !== "string") throw new InputError(`${opts.in} row ${i + 1}`, 'needs a string "output"');
        });
      let bonusPhrases: string[] | undefined;
      let penalizedWords: string[] | undefined;
      // A stack that declares a dictionary input (its content hashed in the instrument) lends its public
      // lists to the padding and synonym operators.
      if (opened.scorer.instrument.inputs?.dictionary !== undefined) {
        const path = (overrides.dictionary as string | undefined) ?? DEFAULT_DICTIONARY_PATH;
        if (existsSync(path)) {
          const dictionary = loadDictionary(path);
          bonusPhrases = dictionary.humanPhrases.map((p) => p.phrase);
          penalizedWords = dictionary.excessWords.map((w) => w.word);
        }
      }
      const bar = progressBar("hunt", budget, opts.json);
      const report = await huntStack({
        scorer: opened.scorer as never,
        rows,
        capabilities,
        budget,
        seed: opts.seed,
        objective: opts.objective,
        families: families as Family[] | undefined,
        mineFrom: opts.mine ? mineTexts(opts.mine) : simulated?.mineFrom,
        screenRows,
        confirmRows,
        bonusPhrases,
        penalizedWords,
        reference: reference?.roles.reference,
        onProgress: (done) => bar.update(done),
      });
      bar.stop();
      if (opts.figure) {
        mkdirSync(dirname(opts.figure), { recursive: true });
        writeFileSync(opts.figure, exploitSurfaceSvg(report));
      }
      const artifact = makeArtifact(
        "hunt",
        {
          stack: opened.stack,
          instrument: opened.scorer.instrument,
          rows: opts.in ?? "simulated contexts",
          budget,
          seed: opts.seed,
          families: families ?? "default",
          mine: opts.mine ?? "rows",
          options: overrides,
          models: opened.models.describe(),
          figure: opts.figure ?? null,
        },
        report,
      );
      emit(artifact, opts, () => formatHuntReport(report) + (opts.figure ? `\nexploit surface: ${opts.figure}` : "") + (opts.out ? `\nreport: ${opts.out}` : ""));
    } finally {
      await reference?.close();
      await opened.close();
    }
  });
}
