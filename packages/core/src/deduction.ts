/**
 * What a quality deduction is about, said once: the scorecard item, then what happened when the item does not say it
 * already (缺失：开场白与自我介绍 with the reason 开场白与自我介绍 → 缺失：开场白与自我介绍; SOP环节缺失 with 报价 →
 * SOP环节缺失：报价).
 */
export function deductionSubject(d: { item: string; reason: string }): string {
  const reason = d.reason.trim();
  if (!reason || d.item.includes(reason)) return d.item;
  return `${d.item}：${reason}`;
}
