import { aliyunRpc } from '../../platform/aliyun';
import type { TrackingConfig } from './config';

/** Temporary credentials issued by Aliyun STS. */
export interface StsCredentials {
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  /** Expiry, epoch ms. */
  expiration: number;
}

interface AssumeRoleResponse {
  RequestId?: string;
  Credentials?: { AccessKeyId?: string; AccessKeySecret?: string; SecurityToken?: string; Expiration?: string };
}

/**
 * The policy attached to the assumed role's session: whatever the role may do, the credentials handed to browsers
 * can only write logs to the tracking log store.
 */
export function writeOnlyPolicy(project: string, logStore: string): string {
  return JSON.stringify({
    Version: '1',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['log:PostLogStoreLogs'],
        Resource: [`acs:log:*:*:project/${project}/logstore/${logStore}`],
      },
    ],
  });
}

/** STS AssumeRole (API version 2015-04-01), RPC style, signed with the RAM user's key. */
export async function assumeRole(cfg: TrackingConfig): Promise<StsCredentials> {
  const res = await aliyunRpc<AssumeRoleResponse>({
    endpoint: cfg.sts.endpoint,
    action: 'AssumeRole',
    version: '2015-04-01',
    accessKeyId: cfg.sts.accessKeyId,
    accessKeySecret: cfg.sts.accessKeySecret,
    params: {
      RoleArn: cfg.sts.roleArn,
      RoleSessionName: cfg.sts.roleSessionName,
      DurationSeconds: String(cfg.sts.durationSeconds),
      Policy: writeOnlyPolicy(cfg.project, cfg.logStore),
    },
  });
  const c = res.Credentials;
  const expiration = c?.Expiration ? Date.parse(c.Expiration) : Number.NaN;
  if (!c?.AccessKeyId || !c.AccessKeySecret || !c.SecurityToken || Number.isNaN(expiration))
    throw new Error('STS 返回的临时凭证不完整');
  return {
    accessKeyId: c.AccessKeyId,
    accessKeySecret: c.AccessKeySecret,
    securityToken: c.SecurityToken,
    expiration,
  };
}
