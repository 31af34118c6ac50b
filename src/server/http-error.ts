// An error the server answers as JSON with its own status (and retry-after where it says when).
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 504,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}
