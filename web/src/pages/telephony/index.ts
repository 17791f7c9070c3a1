import type { PageLoader } from '../loader';

/** Calling (issue 13): call tasks and the calling workbench, seat management, the browser softphone, filing. */
export const pages: Record<string, PageLoader> = {
  '/outCall': () => import('./OutCallPage'),
  '/seatManage': () => import('./SeatManagePage'),
  '/sipPhone': () => import('./SipPhonePage'),
  '/putOnFile': () => import('./PutOnFilePage'),
};
