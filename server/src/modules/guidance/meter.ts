import type { CostCenterService } from '../costCenter';

/**
 * Guidance minutes in the pack ledger (cost centre kind 'guidance', the packs sold as AI 实时辅导). A session does not
 * start on a used-up balance; a running one is never cut: its minutes are charged at its end as far as the packs
 * reach, the rest kept on the session as over-use.
 */
export const GUIDANCE_KIND = 'guidance';
export const EXHAUSTED = 'AI 实时指导时长已用完，请购买实时指导资源包后再开始';

export class GuidanceMeter {
  constructor(private readonly costs: CostCenterService | undefined) {}

  /** Minutes left (null: not metered) and why a new session cannot start. */
  async balance(orgId: number): Promise<{ balance: number | null; exhausted: string | null }> {
    if (!this.costs || !(await this.costs.isMetered(orgId, GUIDANCE_KIND))) return { balance: null, exhausted: null };
    const b = await this.costs.balance(orgId, GUIDANCE_KIND);
    return { balance: b.remaining, exhausted: b.remaining < 1 ? EXHAUSTED : null };
  }

  /** Charges an ended session's minutes, idempotent by the session. */
  async charge(orgId: number, userId: number, sessionId: number, minutes: number) {
    if (!this.costs || !(await this.costs.isMetered(orgId, GUIDANCE_KIND))) return { charged: 0, over: 0 };
    const remark = `AI 实时指导 #${sessionId}`;
    const refKey = `guidance:${sessionId}`;
    const all = await this.costs.charge(orgId, GUIDANCE_KIND, { units: minutes, refKey, userId, remark });
    if (all.ok) return { charged: minutes, over: 0 };
    const left = (await this.costs.balance(orgId, GUIDANCE_KIND)).remaining;
    if (left < 1) return { charged: 0, over: minutes };
    const part = Math.min(left, minutes);
    const some = await this.costs.charge(orgId, GUIDANCE_KIND, {
      units: part,
      refKey: `${refKey}:part`,
      userId,
      remark,
    });
    return some.ok ? { charged: part, over: minutes - part } : { charged: 0, over: minutes };
  }
}
