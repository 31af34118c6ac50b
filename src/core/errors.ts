// Errors are values with causes. Every user-facing error names what is wrong (a field, a file, an
// endpoint) so the CLI and server can print it without a stack trace.

export class FoolsgoldError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FoolsgoldError";
    this.code = code;
  }
}

/** Bad input: a config, a bank row, a request body. `where` names the file/line/path. */
export class InputError extends FoolsgoldError {
  readonly where: string;
  constructor(where: string, problem: string, options?: { cause?: unknown }) {
    super("bad_input", `${where}: ${problem}`, options);
    this.name = "InputError";
    this.where = where;
  }
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
