// `foolsgold ui --artifacts DIR [--journal FILE|URL] [--port N] [--host H]`: the dashboard (SPEC §11). Builds
// the web assets on first use (or when their sources changed), then serves them with a read-only API.
import { serve } from "@hono/node-server";
import type { Command } from "commander";
import { InputError } from "../../core/errors.js";
import { isLoopback } from "../../server/listen.js";
import { createUiApp } from "../../ui/app.js";
import { checkUiJournal } from "../../ui/journal-source.js";
import { ensureWebBuild } from "../../ui/web-build.js";
import { intFlag } from "../flags.js";

interface Options {
  artifacts: string;
  journal?: string;
  port: string;
  host: string;
  rebuild?: boolean;
}

export function register(program: Command): void {
  program
    .command("ui")
    .description("the dashboard: runs, reward curves with onsets, probe forest plots, A/B tables, sample browser")
    .option("--artifacts <dir>", "folder of JSON artifacts and scored JSONL files, searched 4 levels deep (default: .foolsgold, where `foolsgold demo` writes)", ".foolsgold")
    .option("--journal <file|url>", "reward-server journal to browse, read-only: a SQLite file or postgres://… (every replica's requests)")
    .option("--port <n>", "port (0 = any free port)", "8090")
    .option("--host <h>", "interface to bind (loopback by default; anything else shows your artifacts to the network)", "127.0.0.1")
    .option("--rebuild", "rebuild the web assets even if they look current")
    .action(async (opts: Options) => {
      const port = intFlag("--port", opts.port, { min: 0, max: 65535 });
      if (opts.journal) await checkUiJournal(opts.journal);
      const app = createUiApp({ artifactsDir: opts.artifacts, journalPath: opts.journal });
      await ensureWebBuild({ force: opts.rebuild, log: (line) => process.stderr.write(line + "\n") });
      if (!isLoopback(opts.host)) process.stderr.write(`foolsgold ui: warning: binding ${opts.host} shows these artifacts to anyone who can reach it\n`);
      const server = serve({ fetch: app.fetch, hostname: opts.host, port }, (info) => {
        const host = opts.host.includes(":") ? `[${opts.host}]` : opts.host;
        process.stdout.write(`foolsgold ui: dashboard at http://${host}:${info.port}/ (artifacts ${opts.artifacts}${opts.journal ? `, journal ${opts.journal.replace(/:[^:@/]*@/, ":***@")}` : ""}); Ctrl-C stops it\n`);
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", (err: NodeJS.ErrnoException) => reject(err.code === "EADDRINUSE" ? new InputError("--port", `${port} is already in use`) : err));
        const stop = () => server.close(() => resolve());
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
    });
}
