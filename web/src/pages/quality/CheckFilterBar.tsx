import { DURATION_LEVELS } from '@crm/core';
import { contract } from '@crm/core/contract';
import { PassedName } from '@crm/core/contract/qualityCheck';
import { AutoComplete, InputNumber, Space, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { deptTreeData, useDeptTree, useUserOptions } from '../../api/directory';
import { useCallQuery } from '../../api/hooks';
import { DateRangePicker } from '../../components/DateRangePicker';
import { FilterBar } from '../../components/FilterBar';
import { SearchSelect } from '../../components/SearchSelect';
import type { CheckDraft } from '../../features/quality/check';

/** The filters of the AI 质检 list: score range, passed, rule, SOP item missed, seats, department, date, duration. */
export function CheckFilterBar({
  draft,
  patch,
  onSearch,
  onReset,
  extra,
}: {
  draft: CheckDraft;
  patch: (fields: Partial<CheckDraft>) => void;
  onSearch: () => void;
  onReset: () => void;
  extra?: ReactNode;
}) {
  const users = useUserOptions();
  const depts = useDeptTree();
  const lists = useCallQuery(contract.quality.prohibitionWordList, { all: true }, { silent: true });
  const regexes = useCallQuery(contract.quality.selectOrgRegex, { all: true }, { silent: true });
  const items = useCallQuery(contract.sop.getSopItemNameByOrg, {}, { silent: true });
  const ruleNames = [
    ...(lists.data?.lists ?? []).map((l) => l.name),
    ...(regexes.data?.lists ?? []).map((r) => r.name),
    '辱骂客户',
  ];
  return (
    <FilterBar onSearch={onSearch} onReset={onReset} extra={extra}>
      <Space.Compact>
        <InputNumber
          min={0}
          max={100}
          precision={0}
          style={{ width: 90 }}
          placeholder="最低分"
          value={draft.scoreMin ?? null}
          onChange={(scoreMin) => patch({ scoreMin })}
          data-testid="check-score-min"
        />
        <InputNumber
          min={0}
          max={100}
          precision={0}
          style={{ width: 90 }}
          placeholder="最高分"
          value={draft.scoreMax ?? null}
          onChange={(scoreMax) => patch({ scoreMax })}
          data-testid="check-score-max"
        />
      </Space.Compact>
      <SearchSelect
        style={{ width: 110 }}
        placeholder="是否合格"
        value={draft.passed}
        onChange={(passed) => patch({ passed })}
        options={([1, 2] as const).map((v) => ({ value: v, label: PassedName[v] }))}
        data-testid="check-passed"
      />
      <AutoComplete
        allowClear
        style={{ width: 150 }}
        placeholder="违规规则"
        options={[...new Set(ruleNames)].map((value) => ({ value }))}
        value={draft.violationRule}
        onChange={(violationRule) => patch({ violationRule })}
        filterOption={(input, o) => String(o?.value ?? '').includes(input)}
      />
      <SearchSelect
        style={{ width: 170 }}
        placeholder="缺失的SOP环节"
        value={draft.sopItemId}
        onChange={(sopItemId) => patch({ sopItemId })}
        options={(items.data ?? []).map((i) => ({ value: i.itemId, label: `${i.ruleName} · ${i.name}` }))}
        showSearch={{ optionFilterProp: 'label' }}
      />
      <SearchSelect
        mode="multiple"
        maxTagCount="responsive"
        style={{ width: 180 }}
        placeholder="坐席"
        value={draft.ownerUserIds}
        onChange={(ownerUserIds) => patch({ ownerUserIds })}
        options={(users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.username }))}
      />
      <TreeSelect
        allowClear
        treeDefaultExpandAll
        style={{ width: 160 }}
        placeholder="部门（含下级）"
        treeData={deptTreeData(depts.data)}
        value={draft.deptId}
        onChange={(deptId) => patch({ deptId })}
      />
      <DateRangePicker
        disabledFuture
        placeholder={['通话开始日期', '通话结束日期']}
        value={draft.callDate ?? null}
        onChange={(callDate) => patch({ callDate: callDate ?? undefined })}
      />
      <SearchSelect
        style={{ width: 120 }}
        placeholder="通话时长"
        value={draft.durationLevel}
        onChange={(durationLevel) => patch({ durationLevel })}
        options={DURATION_LEVELS.filter((l) => l.value > 0).map((l) => ({ value: l.value, label: l.label }))}
      />
    </FilterBar>
  );
}
