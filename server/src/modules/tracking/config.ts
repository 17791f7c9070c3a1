/**
 * Usage-tracking configuration (spec part 1 section 3, part 2 section 7.14), read from the environment: the Aliyun
 * log service (SLS) project and log store the browser writes to, and the RAM user and role whose STS credentials
 * the browser receives from GET /buriedPoint/auth.
 */
export interface TrackingConfig {
  project: string;
  logStore: string;
  /** The SLS endpoint without the project, e.g. cn-hangzhou.log.aliyuncs.com */
  endpoint: string;
  sts: {
    accessKeyId: string;
    accessKeySecret: string;
    roleArn: string;
    /** STS API base, https://sts.aliyuncs.com by default (a regional or VPC endpoint may be set). */
    endpoint: string;
    /** Lifetime of the issued credentials, 900 to 3600 s (the role's maximum may allow more). */
    durationSeconds: number;
    roleSessionName: string;
  };
}

/** The variables that must be set for tracking to run, by name. */
export const TRACKING_ENV = [
  'TRACKING_SLS_PROJECT',
  'TRACKING_SLS_LOGSTORE',
  'TRACKING_SLS_ENDPOINT',
  'TRACKING_STS_ACCESS_KEY_ID',
  'TRACKING_STS_ACCESS_KEY_SECRET',
  'TRACKING_STS_ROLE_ARN',
] as const;

export function loadTrackingConfig(env: NodeJS.ProcessEnv = process.env): TrackingConfig {
  const v = (k: string) => (env[k] ?? '').trim();
  const duration = Number(env.TRACKING_STS_DURATION_SECONDS ?? 3600);
  return {
    project: v('TRACKING_SLS_PROJECT'),
    logStore: v('TRACKING_SLS_LOGSTORE'),
    endpoint: v('TRACKING_SLS_ENDPOINT')
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, ''),
    sts: {
      accessKeyId: v('TRACKING_STS_ACCESS_KEY_ID'),
      accessKeySecret: v('TRACKING_STS_ACCESS_KEY_SECRET'),
      roleArn: v('TRACKING_STS_ROLE_ARN'),
      endpoint: v('TRACKING_STS_ENDPOINT') || 'https://sts.aliyuncs.com',
      durationSeconds: Number.isFinite(duration) && duration >= 900 ? Math.floor(duration) : 3600,
      roleSessionName: v('TRACKING_STS_SESSION_NAME') || 'crm-web-tracking',
    },
  };
}

/** Whether every required setting is present. */
export function trackingConfigured(c: TrackingConfig): boolean {
  return !!(c.project && c.logStore && c.endpoint && c.sts.accessKeyId && c.sts.accessKeySecret && c.sts.roleArn);
}
