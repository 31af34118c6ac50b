// `foolsgold lm serve --port N --host H`: the built-in OpenAI-compatible server for the embedded LM
// and the USE-lite embedder (SPEC §2, §12). Point any OpenAI-compatible client at the printed base URL.
import type { Command } from "commander";
import { assertPortFree, portError } from "../port.js";
import { intFlag, optionalIntFlag } from "../flags.js";

interface Options {
  port: string;
  host: string;
  embedWorkers?: string;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

export function register(program: Command): void {
  const lm = program.commands.find((c) => c.name() === "lm") ?? program.command("lm").description("the embedded language model and its server");
  lm.command("serve")
    .description("serve the embedded n-gram LM and USE-lite embedder over an OpenAI-compatible API")
    .option("--port <n>", "port (0 = any free port)", "8089")
    .option("--host <h>", "interface to bind", "127.0.0.1")
    .option("--embed-workers <n>", "embedder worker threads (0 = in the server thread; default $FOOLSGOLD_EMBED_WORKERS or 0)")
    .action(async (options: Options) => {
      const port = intFlag("--port", options.port, { min: 0, max: 65535 });
      const embedWorkers = optionalIntFlag("--embed-workers", options.embedWorkers, { min: 0, max: 64 });
      await assertPortFree(options.host, port);
      if (!LOOPBACK.has(options.host)) process.stderr.write(`foolsgold: warning: binding ${options.host}; this server has no authentication\n`);
      // Loaded here, not at the top: the embedder pulls in TensorFlow.js, which every other command would pay for at startup.
      const [{ EMBEDDED_LM_ID }, { startEmbeddedServer }, { loadEmbeddedLm }] = await Promise.all([import("../../models/embedded/server.js"), import("../../models/embedded/start.js"), import("../../models/embedded/store.js")]);
      const loaded = await loadEmbeddedLm();
      const server = await startEmbeddedServer({ port, host: options.host, embedWorkers }).catch((err: unknown) => {
        throw portError(err, options.host, port);
      });
      const report = loaded.stored.report;
      process.stdout.write(
        [
          `embedded LM server at ${server.baseUrl} (model "${EMBEDDED_LM_ID}", embeddings "use-lite-512")`,
          `  model: ${loaded.fromCache ? "loaded" : "built"} in ${(loaded.loadMs / 1000).toFixed(1)} s from ${loaded.path}`,
          `  trained on ${report.trainWords.toLocaleString("en-US")} words; held-out perplexity per token (n = ${report.heldOut.tokens} tokens): ` +
            `unigram ${report.heldOut.unigram.toFixed(0)}, Kneser-Ney ${report.heldOut.kneserNey.toFixed(0)}, with cache ${report.heldOut.kneserNeyWithCache.toFixed(0)}`,
          `  Ctrl-C to stop`,
        ].join("\n") + "\n",
      );
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          void server.close().then(resolve);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
    });
}
