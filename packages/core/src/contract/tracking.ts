import { z } from 'zod';
import { backend } from './call';

/** Usage tracking (spec part 2 section 7.14), under /api/backend: the browser's credentials for the log service. */

/** What GET /buriedPoint/auth answers: the STS credential set (spec part 1 section 3), or why tracking is off. */
export const TrackingAuth = z.discriminatedUnion('enabled', [
  z.object({
    enabled: z.literal(true),
    project: z.string(),
    logStore: z.string(),
    /** The log service endpoint without the project, e.g. cn-hangzhou.log.aliyuncs.com */
    endpoint: z.string(),
    accessKeyId: z.string(),
    accessKeySecret: z.string(),
    securityToken: z.string(),
    /** Expiry, epoch ms. */
    expiration: z.number(),
  }),
  z.object({ enabled: z.literal(false), reason: z.string() }),
]);
export type TrackingAuth = z.infer<typeof TrackingAuth>;

export const tracking = {
  auth: backend.get('/buriedPoint/auth', '埋点日志服务临时授权（STS）', { answer: TrackingAuth }),
};
