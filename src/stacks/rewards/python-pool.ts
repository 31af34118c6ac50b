// A pool of persistent Python worker processes, each running ./python-worker.py with the user's python3
// and their reward function loaded once. A call sends a batch of rows as one JSON line and waits for one
// answer line; a call slower than the timeout kills its worker (the batch fails alone) and a fresh worker
// takes its place, as does one that crashed.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { InputError } from "../../core/errors.js";

const WORKER_SCRIPT = fileURLToPath(new URL("./python-worker.py", import.meta.url));
const STDERR_TAIL = 2000;

export interface PythonPoolOptions {
  python: string;
  file: string;
  function: string;
  style: "verl" | "trl";
  size: number;
  timeoutMs: number;
  /** Names the reward in load errors ("python:reward.py:compute_score"). */
  label: string;
}

/** An answer line: results for the batch, or one error for all of it. */
export type WorkerAnswer = { results: { value?: unknown; error?: string }[] } | { error: string };

export interface PythonPool {
  /** Scores one batch; an abort takes it off the queue, or stops (and replaces) the worker running it. */
  call(rows: unknown, signal?: AbortSignal): Promise<WorkerAnswer>;
  /** Workers started so far, the first ones included (restarts = started - size). */
  readonly started: number;
  close(): Promise<void>;
}

interface Job {
  rows: unknown;
  resolve: (answer: WorkerAnswer) => void;
  signal?: AbortSignal;
}

class Worker {
  readonly child: ChildProcessWithoutNullStreams;
  readonly ready: Promise<void>;
  private stderr = "";
  private pending?: { id: number; resolve: (answer: WorkerAnswer) => void; timer: NodeJS.Timeout };
  private nextId = 0;
  exited = false;

  constructor(
    private readonly options: PythonPoolOptions,
    private readonly onGone: (worker: Worker) => void,
  ) {
    this.child = spawn(options.python, [WORKER_SCRIPT], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, PYTHONUNBUFFERED: "1" } });
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_TAIL);
    });
    // A worker that died leaves a closed pipe behind; the exit handler reports it.
    this.child.stdin.on("error", () => {});
    const lines = createInterface({ input: this.child.stdout });
    this.ready = new Promise<void>((resolve, reject) => {
      let loaded = false;
      lines.on("line", (line) => {
        const message = JSON.parse(line) as { ok?: boolean; error?: string; id?: number };
        if (!loaded) {
          loaded = true;
          if (message.ok) resolve();
          else reject(new InputError(options.label, `Python cannot load it: ${message.error}`));
          return;
        }
        const pending = this.pending;
        if (!pending || message.id !== pending.id) return;
        this.pending = undefined;
        clearTimeout(pending.timer);
        pending.resolve(message as WorkerAnswer);
      });
      this.child.on("error", (err: NodeJS.ErrnoException) => {
        this.exited = true;
        const problem = err.code === "ENOENT" ? `"${options.python}" was not found (set --option python=PATH or FOOLSGOLD_PYTHON)` : `cannot start "${options.python}": ${err.message}`;
        reject(new InputError(options.label, problem));
      });
      this.child.on("exit", (code, signal) => {
        this.exited = true;
        const how = `the Python worker exited (${signal ?? `code ${code}`})${this.lastStderrLine()}`;
        if (!loaded) reject(new InputError(options.label, `Python cannot load it: ${how}`));
        this.fail(how);
        // Only a worker that had loaded is replaced: one that cannot load would fail again.
        if (loaded) this.onGone(this);
      });
    });
    this.ready.catch(() => {});
    this.child.stdin.write(JSON.stringify({ file: options.file, function: options.function, style: options.style }) + "\n");
  }

  private lastStderrLine(): string {
    const line = this.stderr.trim().split("\n").pop();
    return line ? `: ${line}` : "";
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  run(rows: unknown, resolve: (answer: WorkerAnswer) => void, signal?: AbortSignal): void {
    const id = this.nextId++;
    const stop = (why: string): void => {
      this.exited = true;
      this.fail(why);
      this.child.kill("SIGKILL");
    };
    const timer = setTimeout(() => stop(`no answer within ${this.options.timeoutMs} ms (the call was stopped; its worker restarted)`), this.options.timeoutMs);
    const onAbort = (): void => stop("cancelled (the call was stopped; its worker restarted)");
    signal?.addEventListener("abort", onAbort, { once: true });
    this.pending = {
      id,
      resolve: (answer) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(answer);
      },
      timer,
    };
    this.child.stdin.write(JSON.stringify({ id, rows }) + "\n");
  }

  private fail(error: string): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.resolve({ error });
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.stdin.end();
    const kill = setTimeout(() => this.child.kill("SIGKILL"), 2000);
    await gone;
    clearTimeout(kill);
  }
}

/** Starts `size` workers and waits until each has loaded the function; a load failure is an InputError naming it. */
export async function startPythonPool(options: PythonPoolOptions): Promise<PythonPool> {
  const workers: Worker[] = [];
  const queue: Job[] = [];
  let started = 0;
  let closing = false;
  let loadError: string | undefined;

  const dispatch = (): void => {
    for (const worker of workers) {
      if (queue.length === 0) return;
      if (worker.exited || worker.busy || !isReady.has(worker)) continue;
      const job = queue.shift()!;
      worker.run(
        job.rows,
        (answer) => {
          job.resolve(answer);
          dispatch();
        },
        job.signal,
      );
    }
  };
  const isReady = new Set<Worker>();
  const add = (): Worker => {
    started++;
    const worker = new Worker(options, replace);
    workers.push(worker);
    worker.ready.then(
      () => {
        isReady.add(worker);
        dispatch();
      },
      (err: unknown) => {
        // A replacement that cannot load (the file changed under us): with no worker left, calls fail with the reason.
        workers.splice(workers.indexOf(worker), 1);
        loadError = (err as Error).message;
        if (workers.length === 0) for (const job of queue.splice(0)) job.resolve({ error: loadError });
      },
    );
    return worker;
  };
  function replace(gone: Worker): void {
    workers.splice(workers.indexOf(gone), 1);
    isReady.delete(gone);
    if (!closing) add();
  }

  for (let i = 0; i < options.size; i++) add();
  try {
    await Promise.all(workers.map((w) => w.ready));
  } catch (err) {
    closing = true;
    await Promise.all(workers.map((w) => w.stop()));
    throw err;
  }

  return {
    call(rows: unknown, signal?: AbortSignal): Promise<WorkerAnswer> {
      if (closing) return Promise.resolve({ error: "the Python pool is closed" });
      if (workers.length === 0) return Promise.resolve({ error: loadError ?? "no Python worker is running" });
      if (signal?.aborted) return Promise.resolve({ error: "cancelled before it started" });
      return new Promise<WorkerAnswer>((resolve) => {
        const job: Job = { rows, resolve, signal };
        queue.push(job);
        signal?.addEventListener(
          "abort",
          () => {
            const at = queue.indexOf(job);
            if (at < 0) return;
            queue.splice(at, 1);
            resolve({ error: "cancelled before it started" });
          },
          { once: true },
        );
        dispatch();
      });
    },
    get started() {
      return started;
    },
    async close() {
      closing = true;
      for (const job of queue.splice(0)) job.resolve({ error: "the Python pool is closed" });
      await Promise.all(workers.map((w) => w.stop()));
    },
  };
}
