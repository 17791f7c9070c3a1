import { ResultCode } from '@crm/core';
import type { TrackingAuth } from '@crm/core/contract/tracking';
import { AliyunRpcError } from '../../platform/aliyun';
import { AppError } from '../../platform/errors';
import { type TrackingConfig, trackingConfigured } from './config';
import { assumeRole, type StsCredentials } from './sts';

export const NOT_CONFIGURED = '未配置埋点日志服务';

/** Credentials are reused until this long before they expire (spec section 9: refreshed 60 s before expiry). */
export const REUSE_UNTIL_BEFORE_MS = 60_000;
/** After an STS failure, callers get the same answer for this long instead of a new STS request each. */
export const FAILURE_HOLD_MS = 15_000;

/**
 * Issues the browser's tracking credentials. They are the same for every user (the role writes to one log store),
 * so one set is cached per process until 60 s before it expires; concurrent callers share one STS request.
 */
export class TrackingService {
  private cached: StsCredentials | null = null;
  private inflight: Promise<StsCredentials> | null = null;
  private failure: { error: AppError; at: number } | null = null;

  constructor(
    readonly config: TrackingConfig,
    private readonly issue: (cfg: TrackingConfig) => Promise<StsCredentials> = assumeRole,
    private readonly now: () => number = Date.now,
  ) {}

  get configured(): boolean {
    return trackingConfigured(this.config);
  }

  async auth(): Promise<TrackingAuth> {
    if (!this.configured) return { enabled: false, reason: NOT_CONFIGURED };
    const creds = await this.credentials();
    const { project, logStore, endpoint } = this.config;
    return { enabled: true, project, logStore, endpoint, ...creds };
  }

  private async credentials(): Promise<StsCredentials> {
    if (this.cached && this.cached.expiration - this.now() > REUSE_UNTIL_BEFORE_MS) return this.cached;
    if (this.failure && this.now() - this.failure.at < FAILURE_HOLD_MS) throw this.failure.error;
    this.inflight ??= this.issue(this.config)
      .then((c) => {
        this.cached = c;
        this.failure = null;
        return c;
      })
      .catch((e) => {
        const error = new AppError(ResultCode.UNAVAILABLE, `获取埋点授权失败：${reason(e)}`, 503);
        this.failure = { error, at: this.now() };
        throw error;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }
}

function reason(e: unknown): string {
  if (e instanceof AliyunRpcError || e instanceof Error) return e.message;
  return String(e);
}
