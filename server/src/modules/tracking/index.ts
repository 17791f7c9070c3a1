import type { Module } from '../../platform/context';
import { loadTrackingConfig, type TrackingConfig } from './config';
import { trackingRoutes } from './routes';
import { TrackingService } from './service';

declare module '../../platform/context' {
  interface Services {
    tracking: TrackingService;
  }
  interface Overrides {
    /** Tests point the module at a fake STS server (or leave it unconfigured). */
    trackingConfig?: TrackingConfig;
  }
}

export const trackingModule: Module = {
  name: 'tracking',
  setup(ctx) {
    const svc = new TrackingService(ctx.overrides.trackingConfig ?? loadTrackingConfig());
    if (!svc.configured) ctx.app.log.info('埋点日志服务未配置（TRACKING_SLS_* / TRACKING_STS_*），浏览器端埋点不上报');
    ctx.services.tracking = svc;
    trackingRoutes(ctx, svc);
  },
};
