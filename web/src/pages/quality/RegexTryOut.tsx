import { Alert, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { markSpans, tryPattern } from './rules';

/**
 * 试一试: the pattern being written, run by the browser on a sample sentence as it is typed: the sentence with its
 * matches marked, or why the pattern does not compile.
 */
export function RegexTryOut({ pattern, flags }: { pattern: string | undefined; flags: string }) {
  const [sample, setSample] = useState('');
  const result = sample ? tryPattern(pattern, flags, sample) : null;
  return (
    <div style={{ background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, padding: 12 }}>
      <Typography.Text strong>试一试</Typography.Text>
      <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
        输入一句示例话术，在浏览器中试运行当前正则（不会保存）
      </Typography.Text>
      <Input.TextArea
        rows={2}
        style={{ marginTop: 8 }}
        value={sample}
        maxLength={500}
        placeholder="如：你直接打我手机 13812345678，加我微信也行"
        onChange={(e) => setSample(e.target.value)}
        data-testid="regex-sample"
      />
      <div style={{ marginTop: 8 }} data-testid="regex-try-result">
        {!result ? null : 'error' in result ? (
          <Alert type="error" showIcon title={result.error} />
        ) : result.matches.length ? (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <Typography.Text type="success">命中 {result.matches.length} 处：</Typography.Text>
            <div>
              {markSpans(sample, result.matches).map((p, i) =>
                p.marked ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, in order
                  <Tag key={i} color="red" style={{ marginInline: 2 }}>
                    {p.text}
                  </Tag>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, in order
                  <span key={i}>{p.text}</span>
                ),
              )}
            </div>
          </Space>
        ) : (
          <Typography.Text type="secondary">未命中</Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        质检时逐句匹配；原句未命中时，还会在去掉空格和标点、全角转半角后的文本上再匹配一次。
      </Typography.Text>
    </div>
  );
}
