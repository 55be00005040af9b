// Failures the sim reports to its callers: a user's bad input (shard spec,
// checkpoint, part files), a batch whose worker kept dying, and games the
// caller's signal stopped. The CLI turns SimInputError into its one-line
// usage error.

/** Bad input from the user (a flag, an environment variable or a file): `field` names what to change. */
export class SimInputError extends Error {
  constructor(
    readonly field: string,
    /** The message without the field name. */
    readonly detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = 'SimInputError';
  }
}

/** A batch whose worker died (crash, out of memory) on every attempt. */
export class WorkerFailure extends Error {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(`games ${from}..${to - 1}: the worker died ${attempts} times (${describeWorkerError(cause)})`);
    this.name = 'WorkerFailure';
  }
}

function describeWorkerError(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as Error & { code?: unknown }).code;
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'out of memory';
    return typeof code === 'string' ? `${code}: ${e.message}` : e.message;
  }
  return String(e);
}

/** The caller's signal stopped games a search or test needed whole (a race's look, a policy search's round): nothing of them is kept. */
export class RunInterrupted extends Error {
  constructor(what: string) {
    super(`${what} were interrupted`);
    this.name = 'RunInterrupted';
  }
}
