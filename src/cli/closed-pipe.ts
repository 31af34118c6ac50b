// `foolsgold … | head -1`: when the reader closes the pipe, the next write fails with EPIPE. That is the
// reader's choice, not a failure of ours, so the process ends quietly instead of printing a stack trace.
let installed = false;

export function exitQuietlyOnClosedPipe(): void {
  if (installed) return;
  installed = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") process.exit(0);
      throw err;
    });
  }
}
