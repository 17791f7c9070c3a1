import { Messages, ResultCode } from '@crm/core';

/** A failure to report to the client in the envelope: `code` for the body, `status` for standard-HTTP-status. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number = httpStatusFor(code),
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

function httpStatusFor(code: number): number {
  if (code === ResultCode.LOGIN_EXPIRED || code === ResultCode.INVALID_TOKEN) return 401;
  if (code >= 400 && code < 600) return code;
  return 400;
}

export const badRequest = (msg: string) => new AppError(ResultCode.BAD_REQUEST, msg);
export const forbidden = (msg: string = Messages.forbidden) => new AppError(ResultCode.FORBIDDEN, msg);
export const notFound = (msg: string = Messages.notFound) => new AppError(ResultCode.NOT_FOUND, msg);
export const conflict = (msg: string) => new AppError(ResultCode.CONFLICT, msg);
export const loginExpired = (msg: string = Messages.loginExpired) => new AppError(ResultCode.LOGIN_EXPIRED, msg);
export const invalidToken = () => new AppError(ResultCode.INVALID_TOKEN, Messages.invalidToken);
export const tooLarge = (msg: string) => new AppError(ResultCode.TOO_LARGE, msg);
export const tooManyRequests = (msg: string = Messages.tooManyRequests) => new AppError(ResultCode.RATE_LIMITED, msg);

/** Throws notFound when the row is missing: lookups scoped by organisation make another organisation's id look absent. */
export function must<T>(row: T | undefined | null, msg?: string): T {
  if (row === undefined || row === null) throw notFound(msg);
  return row;
}
