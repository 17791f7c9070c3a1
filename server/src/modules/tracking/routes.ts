/**
 * Usage tracking (spec part 2 section 7.14): contract.tracking.auth, GET /api/backend/buriedPoint/auth, the browser's
 * credentials for the log service (STS), or enabled: false.
 */
import { contract } from '@crm/core/contract';
import type { AppContext } from '../../platform/context';
import { implement } from '../../platform/http';
import type { TrackingService } from './service';

export function trackingRoutes(ctx: AppContext, svc: TrackingService): void {
  implement(ctx.app, contract.tracking.auth, {}, () => svc.auth());
}
