// `foolsgold verify-merge`: LoRA merge verification on safetensors checkpoints (SPEC §6, §12).
// Exit 0 when the merge is clean, 1 when it is not (offending tensors named), 2 on unusable input.
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { DEFAULT_MERGE_TARGETS, verifyMerge, type MergeVerifyReport } from "../../certify/merge-verify.js";
import { emit } from "../output.js";
import { ExitCode } from "../index.js";
import { progressBar, type Progress } from "../progress.js";
import { numberFlag } from "../flags.js";

interface Options {
  base: string;
  merged: string;
  targets: string;
  chunkMb: string;
  out?: string;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command("verify-merge")
    .description("check that a merged checkpoint changed exactly the LoRA-targeted weights (streams safetensors, bitwise)")
    .requiredOption("--base <path>", "base checkpoint: a .safetensors file, an index json, or a folder of shards with its index")
    .requiredOption("--merged <path>", "merged checkpoint, same forms as --base")
    .option("--targets <list>", "comma-separated targeted module names (their .weight must change)", DEFAULT_MERGE_TARGETS.join(","))
    .option("--chunk-mb <n>", "read size per checkpoint per step, MiB (memory is about twice this)", "8")
    .option("--out <file>", "write the JSON artifact here")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExit status: 0 clean, 1 not clean (offending tensors named), 2 unusable input.")
    .action(async (opts: Options) => {
      const chunkMb = numberFlag("--chunk-mb", opts.chunkMb, { above: 0, atMost: 1024 });
      const targets = opts.targets.split(",").map((t) => t.trim());
      let bar: Progress | undefined;
      const report = await verifyMerge(opts.base, opts.merged, {
        targets,
        chunkBytes: Math.round(chunkMb * 1024 * 1024),
        // in MB, so the plain progress line reads "verified 120/1340 MB"
        onProgress: (done, total) => (bar ??= progressBar("verifying (MB)", Math.ceil(total / 1e6), opts.json)).update(Math.floor(done / 1e6)),
      });
      bar?.stop();
      emit(makeArtifact("verify-merge", { base: opts.base, merged: opts.merged, targets, chunk_mb: chunkMb }, report), opts, () => summarize(report));
      if (!report.clean) throw new ExitCode(1);
    });
}

function summarize(r: MergeVerifyReport): string {
  const mb = r.bytes_read / 1e6;
  const lines = [
    `merge ${r.clean ? "CLEAN" : "NOT CLEAN"}: ${r.base} -> ${r.merged} (targets ${r.targets.join(",")})`,
    `  tensors: ${r.tensors} in base; targeted ${r.targeted.total} (changed ${r.targeted.changed}, unchanged ${r.targeted.unchanged}); ` +
      `other ${r.untargeted.total} (bit-identical ${r.untargeted.identical}, changed ${r.untargeted.changed})`,
  ];
  if (r.missing_in_merged || r.extra_in_merged || r.layout_changed) {
    lines.push(`  missing in merged ${r.missing_in_merged}, extra in merged ${r.extra_in_merged}, dtype/shape changed ${r.layout_changed}`);
  }
  lines.push(`  read ${mb.toFixed(1)} MB in ${r.seconds.toFixed(2)} s (${(mb / Math.max(r.seconds, 1e-9)).toFixed(0)} MB/s)`);
  if (r.offender_count > 0) {
    lines.push(`  offenders: ${r.offender_count}${r.offender_count > r.offenders.length ? ` (first ${r.offenders.length} listed)` : ""}`);
    for (const o of r.offenders) lines.push(`    ${o.problem.padEnd(18)} ${o.tensor}: ${o.detail}`);
  }
  return lines.join("\n");
}
