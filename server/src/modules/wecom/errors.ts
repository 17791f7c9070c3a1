/** WeCom's error codes and the Chinese reason shown for them (the test connection, the sync status). */

export class WeComError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(wecomReason(errcode, errmsg));
    this.name = 'WeComError';
  }
}

const REASONS: Record<number, string> = {
  40001: 'Secret 不正确（40001）：请核对应用或通讯录的 Secret，重新生成后需要在此处更新',
  40013: '企业 ID 不正确（40013）：请在“我的企业 → 企业信息”中复制企业 ID',
  40014: '访问令牌无效（40014）',
  40056: '应用 AgentId 不正确（40056）',
  41001: '缺少访问令牌（41001）',
  42001: '访问令牌已过期（42001）',
  45009: '调用频率超过企业微信的限制（45009），请稍后再试',
  48002: '应用没有客户联系接口的权限（48002）：请在“客户联系 → API → 可调用接口的应用”中加入本应用',
  60011: '应用没有通讯录的可见范围（60011）：请在应用的“可见范围”中加入部门或成员',
  60020: '本服务器的出口 IP 不在应用的“企业可信 IP”中（60020）：请把上面列出的出口 IP 加入可信 IP',
  60111: '成员不存在（60111）',
  84061: '该客户与成员之间没有客户关系（84061）',
  40029: '授权码无效或已使用（40029）',
};

/** The Chinese reason of a WeCom error code. */
export function wecomReason(errcode: number, errmsg = ''): string {
  return REASONS[errcode] ?? `企业微信接口返回错误（${errcode}${errmsg ? `：${errmsg.slice(0, 80)}` : ''}）`;
}

/** Codes after which the access token is fetched again and the call repeated once. */
export const TOKEN_EXPIRED = new Set([40014, 42001, 41001]);
/** The rate limit: the call is repeated after a pause that doubles. */
export const RATE_LIMITED = 45009;
