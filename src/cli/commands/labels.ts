// `foolsgold labels`: the human labelling protocol of SPEC §9.
//   labels export --samples cherrl_audit_samples.csv --sheet SHEET.csv --key KEY.json [--seed N]
//   labels import --key KEY.json ANNOTATOR1.csv ANNOTATOR2.csv … [--clean SCORES.jsonl] [--json]
// Sheets are blind (no step, reward, zone, id or prediction); import reports exact agreement,
// quadratic-weighted κ, ordinal Krippendorff α and, with --clean ({sample_id, clean} rows with the
// automatic clean score in [0, 1]), the MAE against the mean human label / 2.
import { readFileSync, writeFileSync } from "node:fs";
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { InputError } from "../../core/errors.js";
import { readJsonl } from "../../core/jsonl.js";
import { readAuditSamples } from "../../onset/eval-corpus.js";
import { agreement, cleanVsHumanMae, exportBlindSheet, importLabels } from "../../onset/labelling.js";
import { emit } from "../output.js";
import { markOutputFiles } from "../output-paths.js";
import { intFlag } from "../flags.js";

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    throw new InputError(path, `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

export function register(program: Command): void {
  const labels = program.command("labels").description("blind human labelling sheets and inter-annotator agreement (CHERRL reference check)");
  markOutputFiles(labels.command("export"), ["sheet", "key"])
    .description("write a blind, shuffled labelling sheet and its private key")
    .requiredOption("--samples <csv>", "samples with sample_id, target_shortcut_definition, prompt_input, model_output (cherrl_audit_samples.csv)")
    .requiredOption("--sheet <csv>", "write the blind sheet here")
    .requiredOption("--key <json>", "write the private item → sample key here (keep it from annotators)")
    .option("--seed <n>", "shuffle seed", "0")
    .action((opts: { samples: string; sheet: string; key: string; seed: string }) => {
      const seed = intFlag("--seed", opts.seed, { min: -Infinity });
      const samples = readAuditSamples(opts.samples);
      const sheet = exportBlindSheet(
        samples.map((s) => ({ sample_id: s.sample_id, input: s.input, output: s.output, shortcut_definition: s.shortcut_definition })),
        seed,
      );
      writeFileSync(opts.sheet, sheet.csv);
      writeFileSync(opts.key, JSON.stringify(sheet.key, null, 2) + "\n");
      process.stdout.write(`${samples.length} items → ${opts.sheet} (blind); key → ${opts.key}\n`);
    });
  labels
    .command("import")
    .description("read filled sheets and report agreement (and clean-vs-human MAE with --clean)")
    .argument("<sheets...>", "one filled sheet per annotator")
    .requiredOption("--key <json>", "the key written by `labels export`")
    .option("--clean <jsonl>", "automatic clean scores {sample_id, clean} for the MAE")
    .option("--out <file>", "write the artifact (JSON)")
    .option("--json", "print the report as JSON")
    .action((sheets: string[], opts: { key: string; clean?: string; out?: string; json?: boolean }) => {
      if (sheets.length < 2) throw new InputError("labels import", "need at least 2 annotator sheets");
      const key = JSON.parse(readText(opts.key)) as { item: string; sample_id: string }[];
      const perAnnotator = sheets.map((path) => importLabels(readText(path), path));
      for (const [i, m] of perAnnotator.entries()) {
        const unknown = [...m.keys()].find((item) => !key.some((k) => k.item === item));
        if (unknown) throw new InputError(sheets[i], `item "${unknown}" is not in the key ${opts.key}`);
      }
      const matrix = perAnnotator.map((m) => key.map((k) => m.get(k.item) ?? null));
      const report = agreement(matrix);
      let mae: { mae: number; n: number } | null = null;
      if (opts.clean) {
        const clean = new Map(readJsonl<{ sample_id: string; clean: number }>(opts.clean).rows.map((r) => [r.sample_id, r.clean]));
        const pairs = key.flatMap((k, u) => {
          const votes = matrix.map((row) => row[u]).filter((v): v is number => v !== null);
          const c = clean.get(k.sample_id);
          return votes.length && c !== undefined ? [{ clean: c, human: votes.reduce((s, v) => s + v, 0) / votes.length / 2 }] : [];
        });
        mae = cleanVsHumanMae(pairs);
      }
      const result = { ...report, clean_vs_human: mae };
      emit(makeArtifact("labels", { sheets, key: opts.key, clean: opts.clean ?? null }, result), opts, () =>
        [
          `${report.annotators} annotators, ${report.items} items (${report.complete_items} labelled by all)`,
          `mean pairwise exact agreement ${report.mean_pairwise_exact_agreement.toFixed(3)}; quadratic-weighted Cohen κ ${report.mean_pairwise_quadratic_kappa.toFixed(3)}; ordinal Krippendorff α ${report.krippendorff_alpha_ordinal.toFixed(3)}`,
          `all agree ${report.all_agree}/${report.complete_items}; all but one ${report.all_but_one_agree}; majority ${report.majority_agree}; disagreements adjacent-only ${report.adjacent_only_disagreements}/${report.disagreements}`,
          ...(mae ? [`clean-vs-human MAE ${mae.mae.toFixed(3)} on [0, 1] (n = ${mae.n})`] : []),
        ].join("\n"),
      );
    });
}
