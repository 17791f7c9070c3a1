import { describe, expect, it } from 'vitest';
import { checkFilterBody, currentReviewOf, deductionText, percentText, qualityActions, scoreText } from './check';

describe('AI 质检 filters', () => {
  it('leaves empty parts out and keeps zero scores', () => {
    expect(checkFilterBody({})).toEqual({});
    expect(checkFilterBody({ scoreMin: 0, scoreMax: null, violationRule: '  ', ownerUserIds: [] })).toEqual({
      scoreMin: 0,
    });
  });

  it('resolves a date preset to the day it is applied and trims the rule', () => {
    const now = new Date(2025, 5, 18, 10, 0, 0);
    expect(
      checkFilterBody({ callDate: '今天', violationRule: ' 包过 ', passed: 2, durationLevel: 3, deptId: 4 }, now),
    ).toEqual({
      startTime: '2025-06-18 00:00:00',
      endTime: '2025-06-18 23:59:59',
      violationRule: '包过',
      passed: 2,
      durationLevel: 3,
      deptId: 4,
    });
  });

  it('treats duration level 0 as any', () => expect(checkFilterBody({ durationLevel: 0 })).toEqual({}));
});

describe('AI 质检 texts', () => {
  it('formats shares and scores', () => {
    expect(percentText(0.875)).toBe('87.5%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(null)).toBe('-');
    expect(scoreText(83.3333)).toBe('83.3');
    expect(scoreText(undefined)).toBe('-');
  });

  it('says a deduction with its count, and a fatal one', () => {
    const base = { item: '违规', kind: 'violation' as const, reason: '包过', count: 1, points: 5, fatal: false };
    expect(deductionText(base)).toBe('违规：包过 −5 分');
    expect(deductionText({ ...base, count: 2, points: 10 })).toBe('违规：包过 ×2 −10 分');
    expect(deductionText({ ...base, fatal: true, points: 100 })).toBe('违规：包过（致命项，记 0 分）');
    // an item naming its SOP step says it once
    const sop = { ...base, item: '缺失：开场白与自我介绍', kind: 'sopMissed' as const, reason: '开场白与自我介绍' };
    expect(deductionText(sop)).toBe('缺失：开场白与自我介绍 −5 分');
  });
});

describe('who may review, appeal and decide', () => {
  const base = { canEdit: false, userId: 7, ownerUserId: 7, reviewed: true, pendingAppealId: null };
  it('lets the owner appeal a reviewed call once', () => {
    expect(qualityActions(base)).toEqual({ review: false, appeal: true, decide: false, selfReview: false });
    expect(qualityActions({ ...base, reviewed: false }).appeal).toBe(false);
    expect(qualityActions({ ...base, pendingAppealId: 3 }).appeal).toBe(false);
    expect(qualityActions({ ...base, userId: 8 }).appeal).toBe(false);
  });
  it('lets quality:edit review, or decide while an appeal is open', () => {
    expect(qualityActions({ ...base, canEdit: true, userId: 1 })).toEqual({
      review: true,
      appeal: false,
      decide: false,
      selfReview: false,
    });
    expect(qualityActions({ ...base, canEdit: true, userId: 1, pendingAppealId: 3 })).toEqual({
      review: false,
      appeal: false,
      decide: true,
      selfReview: false,
    });
  });
  it('never offers a review or a decision on one’s own call', () => {
    expect(qualityActions({ ...base, canEdit: true })).toEqual({
      review: false,
      appeal: true,
      decide: false,
      selfReview: true,
    });
    expect(qualityActions({ ...base, canEdit: true, pendingAppealId: 3 })).toMatchObject({
      decide: false,
      selfReview: true,
    });
  });
});

describe('the reviewed score of a history', () => {
  const row = (event: string, scoreAfter: number | null) => ({
    event,
    scoreAfter,
    comment: null,
    userName: null,
    createdAt: null,
  });
  it('is the newest review, hand score or accepted appeal', () => {
    expect(currentReviewOf(undefined)).toBeNull();
    expect(currentReviewOf([row('machine', 80)])).toBeNull();
    expect(currentReviewOf([row('appeal', 70), row('review', 70), row('machine', 80)])?.event).toBe('review');
    expect(currentReviewOf([row('accept', 85), row('appeal', 70), row('review', 70)])?.scoreAfter).toBe(85);
    expect(currentReviewOf([row('reject', 70), row('appeal', 70), row('review', 70)])?.event).toBe('review');
  });
});
