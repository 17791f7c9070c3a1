import type { Clue } from '@crm/core/contract/clue';
import { Descriptions } from 'antd';
import { cellOf } from '../../features/lead/columns';
import { useFieldList } from '../../features/lead/settings';

/** A lead's fields grouped by topic, as the role may see them (hidden fields are not sent by the server). */
export function ClueFields({ clue }: { clue: Clue }) {
  const defs = useFieldList();
  const fields = (defs.data ?? []).filter((d) => d.access > 0 && d.isShow === 1);
  const topics = [...new Set(fields.map((f) => f.fieldTopic || '基本信息'))];
  return (
    <div data-testid="clue-fields">
      {topics.map((t) => (
        <Descriptions
          key={t}
          title={t}
          size="small"
          column={2}
          bordered
          style={{ marginBottom: 16 }}
          items={fields
            .filter((f) => (f.fieldTopic || '基本信息') === t)
            .map((f) => ({
              key: f.fieldName,
              label: f.fieldLabel,
              children: cellOf(clue, f.fieldName, f.isCustom === 1),
            }))}
        />
      ))}
      <Descriptions
        title="其他"
        size="small"
        column={2}
        bordered
        items={[
          { key: 'collab', label: '协作人', children: clue.collaboratorNames?.join('、') || '-' },
          {
            key: 'black',
            label: '黑名单',
            children: clue.blacklisted ? `是（${clue.blacklistReason || '无原因'}）` : '否',
          },
          { key: 'turn', label: '转客户时间', children: clue.turnCustomerTime ?? '-' },
          { key: 'dept', label: '所属部门', children: clue.deptName || '-' },
        ]}
      />
    </div>
  );
}
