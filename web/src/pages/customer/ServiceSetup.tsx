import { contract } from '@crm/core/contract';
import { Card, Tabs } from 'antd';
import { useEffect } from 'react';
import { api } from '../../api/client';
import { DictTab } from './setup/DictTab';
import { FieldsTab } from './setup/FieldsTab';
import { MaskTab } from './setup/MaskTab';
import { RepeatTab } from './setup/RepeatTab';
import { RoleFieldTab } from './setup/RoleFieldTab';
import { TagsTab } from './setup/TagsTab';

/** /serviceSetup 业务字段设置. Arriving marks the organisation notice read (spec: route guard, value 2). */
export default function ServiceSetup() {
  useEffect(() => {
    // a failure is silent: the mark is best effort
    api.call(contract.organization.setNoticeRead, undefined, { silent: true }).catch(() => null);
  }, []);
  return (
    <div style={{ padding: 16 }}>
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            { key: 'fields', label: '自定义字段', children: <FieldsTab /> },
            { key: 'tags', label: '标签', children: <TagsTab /> },
            { key: 'followWay', label: '跟进方式', children: <DictTab kind="followWay" /> },
            { key: 'followStatus', label: '跟进状态', children: <DictTab kind="followStatus" /> },
            { key: 'followPhase', label: '跟进阶段', children: <DictTab kind="followPhase" /> },
            { key: 'channelSource', label: '渠道来源', children: <DictTab kind="channelSource" /> },
            { key: 'lostReason', label: '丢单原因', children: <DictTab kind="lostReason" /> },
            { key: 'repeat', label: '查重规则', children: <RepeatTab /> },
            { key: 'mask', label: '号码脱敏', children: <MaskTab /> },
            { key: 'roleField', label: '字段权限', children: <RoleFieldTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
