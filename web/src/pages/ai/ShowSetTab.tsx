import { contract } from '@crm/core/contract';
import { Alert, Button, Checkbox, Col, Row, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';

const c = contract.aiSetting;

/** 显示设置: which parts of an analysis the AI panel shows. */
export function ShowSetTab() {
  const q = useCallQuery(c.getShowSet, undefined);
  const [shown, setShown] = useState<Record<string, boolean> | null>(null);
  useEffect(() => {
    if (q.data) setShown(Object.fromEntries(q.data.items.map((i) => [i.key, i.show])));
  }, [q.data]);
  const save = useCallMutation(c.setShowSet, { success: '保存成功', invalidate: [c.getShowSet] });
  if (!shown || !q.data) return <Spin />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title="勾选的内容在通话详情的 AI 分析中展示；未勾选的仍会分析，只是不展示。" />
      <Row gutter={[16, 12]} style={{ maxWidth: 720 }}>
        {q.data.items.map((i) => (
          <Col key={i.key} xs={12} md={8}>
            <Checkbox checked={shown[i.key]} onChange={(e) => setShown({ ...shown, [i.key]: e.target.checked })}>
              {i.name}
            </Checkbox>
          </Col>
        ))}
      </Row>
      <Button
        type="primary"
        loading={save.isPending}
        onClick={() => save.mutate({ items: q.data.items.map((i) => ({ key: i.key, show: shown[i.key] ?? true })) })}
      >
        保存显示设置
      </Button>
    </Space>
  );
}
