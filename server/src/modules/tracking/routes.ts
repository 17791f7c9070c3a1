/**
 * Usage tracking (spec part 2 section 7.14):
 *   GET /api/backend/buriedPoint/auth   the browser's credentials for the log service (STS), or enabled: false
 */
import type { AppContext } from '../../platform/context';
import { defineRoutes } from '../../platform/http';
import type { TrackingService } from './service';

export function trackingRoutes(ctx: AppContext, svc: TrackingService): void {
  defineRoutes(ctx.app, 'backend', (r) => {
    r.get('/buriedPoint/auth', { summary: '埋点日志服务临时授权（STS）' }, () => svc.auth());
  });
}
