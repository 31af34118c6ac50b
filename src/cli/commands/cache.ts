// `foolsgold cache stats`: what the response cache holds, by endpoint, model and operation.
import type { Command } from "commander";
import { makeArtifact } from "../../core/artifact.js";
import { defaultCachePath, summarizeCache } from "../../models/cache.js";
import { emit } from "../output.js";
import { addConfigOption, addOutputOptions, resolveConfig } from "../common-options.js";

interface Options {
  config?: string;
  cache?: string;
  out?: string;
  json?: boolean;
}

export function register(program: Command): void {
  const cache = program.command("cache").description("the content-addressed response cache (SQLite)");
  addOutputOptions(addConfigOption(cache.command("stats").description("entries by endpoint, model and operation")))
    .option("--cache <path>", "cache file (default: cache.path in the config, else .foolsgold/cache.sqlite)")
    .action((options: Options) => {
      const path = options.cache ?? resolveConfig(options).cache.path ?? defaultCachePath();
      const summary = summarizeCache(path);
      emit(makeArtifact("cache-stats", { cache: path }, summary), options, () => {
        const lines = [`cache ${summary.path}: ${summary.entries} entries, ${(summary.fileBytes / 1024 / 1024).toFixed(1)} MiB on disk`];
        for (const g of summary.groups) {
          lines.push(`  ${g.entries.toString().padStart(8)}  ${g.endpoint}  ${g.model}  ${g.path}  (${(g.valueBytes / 1024).toFixed(0)} KiB, ${g.oldest.slice(0, 10)} – ${g.newest.slice(0, 10)})`);
        }
        return lines.join("\n");
      });
    });
}
