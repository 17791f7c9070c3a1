import type { PageLoader } from '../loader';

/** 员工培训 (issue 27): my trainings, their management, completion and the example library. */
export const pages: Record<string, PageLoader> = {
  '/staffTraining': () => import('./StaffTrainingPage'),
};
