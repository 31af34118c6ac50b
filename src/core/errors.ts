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

/** A Node file-system error that names its path (ENOENT, EISDIR, EACCES, …). */
export function isFileError(err: unknown): err is NodeJS.ErrnoException & { path: string } {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).code === "string" && typeof (err as NodeJS.ErrnoException).path === "string";
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: "no such file or folder",
  EISDIR: "is a folder; a file is expected",
  ENOTDIR: "a part of the path is not a folder",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "read-only file system",
  ENOSPC: "no space left on the device",
};

/** What a file-system error means, in words, with its code kept (e.g. "no such file or folder (ENOENT)"). */
export function fileProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code && FILE_PROBLEMS[code]) return `${FILE_PROBLEMS[code]} (${code})`;
  return code ?? errorMessage(err);
}

/** A failed read in words, keeping the "cannot be read (CODE)" form readers have always printed. */
export function readProblem(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code && FILE_PROBLEMS[code]) return `${FILE_PROBLEMS[code]}; cannot be read (${code})`;
  return `cannot be read (${code ?? errorMessage(err)})`;
}
