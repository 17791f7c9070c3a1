/**
 * Human review of calls (issue 11, "Human review"): samples for reviewers, reviews, appeals and the score history.
 *
 *   schema.ts    quality_review_sample(_call), quality_call_review, quality_review_appeal, quality_review_history
 *   draw.ts      the seeded random draw;  samples.ts  create, list with progress, a sample's calls
 *   reviews.ts   a reviewer's score (and the recording's saveQuality, through onManualScore)
 *   appeals.ts   a seat's appeal and a manager's decision;  history.ts  a call's history
 *   messages.ts  quality_review messages and who decides appeals;  routes.ts  the calls
 */
import type { Module } from '../../platform/context';
import type { Session } from '../../platform/session';
import { recordManualScore } from './reviews';
import { qualityReviewRoutes } from './routes';

export interface QualityReviewService {
  /** A score or remark saved from the recording list (saveQuality): kept in the call's history. */
  onManualScore(
    s: Session,
    change: { recordingId: number; scoreBefore: number | null; scoreAfter: number | null; remark: string | null },
  ): Promise<void>;
}

declare module '../../platform/context' {
  interface Services {
    qualityReview?: QualityReviewService;
  }
}

export const qualityReviewModule: Module = {
  name: 'qualityReview',
  setup(ctx) {
    ctx.services.qualityReview = { onManualScore: (s, change) => recordManualScore(ctx.db, s, change) };
    qualityReviewRoutes(ctx);
  },
};
