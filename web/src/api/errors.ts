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
