/** Envelope codes. `code: 1` is success; the rest mirror the HTTP status they pair with, except expiry. */
export const ResultCode = {
  OK: 1,
  LOGIN_EXPIRED: 10,
  INVALID_TOKEN: 22001,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Was there and is no more: an expired shared link. */
  GONE: 410,
  TOO_LARGE: 413,
  CAPTCHA_REQUIRED: 428,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  UNAVAILABLE: 503,
} as const;

export const Messages = {
  networkError: '网络错误，请刷新重试',
  loginExpired: '登录过期，请重新登录',
  iframeExpired: '访问凭证过期',
  forbidden: '无权限访问',
  notLoggedIn: '请登录！',
  empty: '暂无数据',
  versionChangedTitle: '版本变更',
  versionChanged: '机构版本已经变更,请重新登录！',
  invalidToken: '登录凭证无效，请重新登录',
  notFound: '数据不存在',
  tooManyRequests: '操作过于频繁，请稍后再试',
  captchaRequired: '请完成图形验证码校验',
} as const;

export const SUPPORT_FEATURES_HEADER = 'X-Support-Features';
export const STANDARD_HTTP_STATUS = 'standard-HTTP-status';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Page<T> {
  lists: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
