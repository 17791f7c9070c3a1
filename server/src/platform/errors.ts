import { Messages, ResultCode } from '@crm/core';

/** `deptId：上级部门不存在`: the key of the field a message is about, written first where it is thrown. */
const FIELD_FIRST = /^([A-Za-z][\w.]*)：([\s\S]+)$/;

/**
 * A failure to report to the client in the envelope: `code` for the body, `status` for standard-HTTP-status. A
 * message written `field：text` names its field for the client (`data.field`, for the form item) and the user reads
 * the text alone: a message never shows a key.
 */
export class AppError extends Error {
  readonly data: unknown;
  constructor(
    readonly code: number,
    message: string,
    readonly status: number = httpStatusFor(code),
    data: unknown = null,
  ) {
    const fieldFirst = FIELD_FIRST.exec(message);
    super(fieldFirst ? fieldFirst[2] : message);
    this.data = fieldFirst && data === null ? { field: fieldFirst[1] } : data;
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
