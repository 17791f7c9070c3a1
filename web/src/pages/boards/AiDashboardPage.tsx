import { SettingOutlined } from '@ant-design/icons';
import { contract } from '@crm/core/contract';
import { AI_PANELS, type AiPanelKey } from '@crm/core/contract/boards';
import { Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { useHasSign } from '../../app/session';
import { StatsFilterBar, useStatsFilters } from '../../components/charts';
import { FormModal } from '../../components/FormModal';
import { AiPanelGrid } from './aiPanels';

const cluster = contract.aiBossBulletinBoardCluster;

/** /main/aiDashboard AI 看板: the panels the organisation chose (/aiBossBulletinBoardCluster), over the filters. */
export default function AiDashboardPage() {
  const filters = useStatsFilters();
  const panels = useCallQuery(cluster.list, undefined);
  const canEdit = useHasSign('board:edit');
  const [editing, setEditing] = useState(false);
  return (
    <div className="page-card">
      <StatsFilterBar
        of={filters}
        extra={
          canEdit && (
            <Button icon={<SettingOutlined />} onClick={() => setEditing(true)}>
              看板模块
            </Button>
          )
        }
      />
      {panels.data && <AiPanelGrid panels={panels.data.panels} q={filters.applied} />}
      {editing && panels.data && <PanelsModal panels={panels.data.panels} onClose={() => setEditing(false)} />}
    </div>
  );
}

function PanelsModal({ panels, onClose }: { panels: AiPanelKey[]; onClose: () => void }) {
  const save = useCallMutation(cluster.save, { success: '已保存', invalidate: [cluster.list], onSuccess: onClose });
  const keys = Object.keys(AI_PANELS) as AiPanelKey[];
  return (
    <FormModal<{ panels: AiPanelKey[] }>
      title="看板模块"
      loading={save.isPending}
      onClose={onClose}
      initialValues={{ panels }}
      // in the catalogue's order
      onSubmit={(v) => save.mutate({ panels: keys.filter((k) => v.panels.includes(k)) })}
    >
      <Form.Item name="panels" label="展示的模块" rules={[{ required: true, message: '请至少选择一个看板模块' }]}>
        <Checkbox.Group options={keys.map((k) => ({ value: k, label: AI_PANELS[k] }))} />
      </Form.Item>
    </FormModal>
  );
}
