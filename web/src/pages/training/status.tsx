import { TrainStatusName } from '@crm/core/contract/training';
import { Tag } from 'antd';

const COLOR = { 1: 'default', 2: 'processing', 3: 'success', 4: 'error' } as const;

export const statusOptions = Object.entries(TrainStatusName).map(([value, label]) => ({ value: Number(value), label }));

/** 未开始 / 学习中 / 已完成 / 已逾期 as a tag. */
export function StatusTag({ status, name }: { status: number; name: string }) {
  return (
    <Tag color={COLOR[status as keyof typeof COLOR]} data-testid="train-status">
      {name}
    </Tag>
  );
}

export function KindTag({ kind, name }: { kind: number | null; name: string | null }) {
  if (!kind) return <>-</>;
  return <Tag color={kind === 1 ? 'green' : 'volcano'}>{name}</Tag>;
}
