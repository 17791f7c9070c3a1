/** A call that did not answer `code: 1`. `code` is the envelope's code (0 for a network failure). */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    public readonly msg: string,
    public readonly data: unknown = null,
    public readonly status = 200,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

/** Runs a call whose failure the client already showed as a message: the rejection goes no further. */
export async function quietly<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ApiError) return undefined;
    throw err;
  }
}
