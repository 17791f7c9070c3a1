import type { PageLoader } from '../loader';

/** Recordings (spec part 1 section 2): upload and manage, recording check, call detail and its variants. */
export const pages: Record<string, PageLoader> = {
  '/recordingFileManage': () => import('./RecordingFileManage'),
  '/recordTesting': () => import('./RecordTesting'),
  '/callDetail': () => import('./CallDetailPage'),
  '/callDetail_base': () => import('./CallDetailPage'),
  '/callDetail_gt': () => import('./CallDetailPage'),
  // the same call detail opened from the DingTalk workbench, inside the shell
  '/dingTalkCallDetail': () => import('./CallDetailPage'),
};
