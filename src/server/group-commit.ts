// Group commit: journal writes that arrive while a commit is under way are gathered and committed
// together in the next transaction, so one fsync acknowledges many requests. A write's promise
// settles only after the transaction holding it has committed.

export interface PendingOp<Tx> {
  run(tx: Tx): unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** Commits `ops` in one transaction and settles each op (its own failure rejects only it). */
export type CommitBatch<Tx> = (ops: PendingOp<Tx>[]) => Promise<void> | void;

export class GroupCommit<Tx> {
  private queue: PendingOp<Tx>[] = [];
  private running = false;

  constructor(
    private readonly commit: CommitBatch<Tx>,
    private readonly maxOps = 512,
  ) {}

  submit<T>(run: (tx: Tx) => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ run, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Wait one turn of the event loop so the writes of requests parsed together share a commit.
        setImmediate(() => void this.drain());
      }
    });
  }

  get queued(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxOps);
      try {
        await this.commit(batch);
      } catch (err) {
        for (const op of batch) op.reject(err);
      }
    }
    this.running = false;
  }
}
