import { contract } from '@crm/core/contract';
import type { RiskConfig } from '@crm/core/contract/aiSetting';
import { Button, Card, Col, Input, InputNumber, Row, Select, Space, Spin, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { showError } from '../../app/ui';
import type { OnRuleChange } from './AiSettingPage';
import { regexError } from './settings';

const c = contract.aiSetting;

const THRESHOLDS = [
  {
    key: 'fastCharsPerMinute',
    label: '语速过快阈值',
    min: 100,
    max: 1000,
    unit: '字/分钟',
    hint: '销售语速超过即标记「语速过快」',
  },
  {
    key: 'talkTooMuchPercent',
    label: '说话过多阈值',
    min: 10,
    max: 100,
    unit: '%',
    hint: '销售说话占比超过即标记「说话过多」',
  },
  { key: 'churnRiskAlert', label: '流失风险阈值', min: 0, max: 100, unit: '分', hint: '流失风险达到即判为有风险' },
  {
    key: 'confirmLowPercent',
    label: '待确认下限',
    min: 1,
    max: 100,
    unit: '%',
    hint: '投诉、违规、辱骂、拒绝的判定分数达到即判为“是”，低于上限时标“待确认”且不发 AI 消息',
  },
  {
    key: 'confirmHighPercent',
    label: '待确认上限',
    min: 1,
    max: 100,
    unit: '%',
    hint: '判定分数达到即为确认结果（发送 AI 消息）',
  },
] as const;

/** 风险规则: thresholds of the performance flags, abuse detection, the forbidden-word and regex rules. */
export function RiskTab({ onRuleChange }: { onRuleChange: OnRuleChange }) {
  const q = useCallQuery(c.getRiskConfig, undefined);
  const [cfg, setCfg] = useState<RiskConfig | null>(null);
  useEffect(() => {
    if (q.data) setCfg(structuredClone(q.data));
  }, [q.data]);
  const save = useCallMutation(c.saveRiskConfig, {
    success: '保存成功',
    invalidate: [c.getRiskConfig],
    onSuccess: onRuleChange,
  });
  if (!cfg) return <Spin />;
  const patchWord = (i: number, p: Partial<RiskConfig['wordRules'][number]>) =>
    setCfg({ ...cfg, wordRules: cfg.wordRules.map((r, k) => (k === i ? { ...r, ...p } : r)) });
  const patchRegex = (i: number, p: Partial<RiskConfig['regexRules'][number]>) =>
    setCfg({ ...cfg, regexRules: cfg.regexRules.map((r, k) => (k === i ? { ...r, ...p } : r)) });
  const submit = () => {
    const bad = cfg.regexRules.map((r) => [r.name, regexError(r.pattern, r.flags)] as const).find(([, e]) => e);
    if (bad) return showError(`${bad[0]}：${bad[1]}`);
    save.mutate({
      thresholds: cfg.thresholds,
      abuse: cfg.abuse,
      wordRules: cfg.wordRules.map(({ name, enabled, words }) => ({ name, enabled, words })),
      regexRules: cfg.regexRules.map(({ name, enabled, pattern, flags }) => ({ name, enabled, pattern, flags })),
    });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small" title="阈值">
        <Row gutter={[16, 12]}>
          {THRESHOLDS.map((t) => (
            <Col key={t.key} xs={24} md={8}>
              <Typography.Text>{t.label}</Typography.Text>
              <InputNumber
                style={{ width: '100%' }}
                min={t.min}
                max={t.max}
                precision={0}
                suffix={t.unit}
                value={cfg.thresholds[t.key]}
                onChange={(v) => v !== null && setCfg({ ...cfg, thresholds: { ...cfg.thresholds, [t.key]: v } })}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t.hint}（{t.min}-{t.max}）
              </Typography.Text>
            </Col>
          ))}
        </Row>
      </Card>
      <Card size="small" title="辱骂客户检测">
        <Space>
          <Switch checked={cfg.abuse} onChange={(abuse) => setCfg({ ...cfg, abuse })} />
          <Typography.Text type="secondary">开启后，销售辱骂客户记为违规并标记「辱骂客户」</Typography.Text>
        </Space>
      </Card>
      <Card size="small" title="违禁词规则">
        <Table
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={cfg.wordRules}
          columns={[
            { title: '规则', dataIndex: 'name', width: 160 },
            {
              title: '启用',
              dataIndex: 'enabled',
              width: 70,
              render: (v: boolean, _r, i) => (
                <Switch size="small" checked={v} onChange={(on) => patchWord(i, { enabled: on })} />
              ),
            },
            {
              title: '违禁词（输入后回车添加）',
              dataIndex: 'words',
              render: (words: string[], _r, i) => (
                <Select
                  mode="tags"
                  open={false}
                  style={{ width: '100%' }}
                  tokenSeparators={[',', '，', '、']}
                  value={words}
                  onChange={(v: string[]) => patchWord(i, { words: v })}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title="正则规则">
        <Table
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={cfg.regexRules}
          columns={[
            { title: '规则', dataIndex: 'name', width: 160 },
            {
              title: '启用',
              dataIndex: 'enabled',
              width: 70,
              render: (v: boolean, _r, i) => (
                <Switch size="small" checked={v} onChange={(on) => patchRegex(i, { enabled: on })} />
              ),
            },
            {
              title: '正则表达式',
              dataIndex: 'pattern',
              render: (v: string, r, i) => (
                <Input
                  value={v}
                  status={regexError(v, r.flags) ? 'error' : undefined}
                  onChange={(e) => patchRegex(i, { pattern: e.target.value })}
                  style={{ fontFamily: 'monospace' }}
                />
              ),
            },
            {
              title: '标志',
              dataIndex: 'flags',
              width: 90,
              render: (v: string, _r, i) => (
                <Input
                  value={v}
                  maxLength={4}
                  placeholder="i m s u"
                  onChange={(e) => patchRegex(i, { flags: e.target.value })}
                />
              ),
            },
          ]}
        />
      </Card>
      <Button type="primary" loading={save.isPending} onClick={submit} data-testid="save-risk">
        保存风险规则
      </Button>
    </Space>
  );
}
