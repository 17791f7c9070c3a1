import type { Cite } from '@crm/core/contract/insight';
import { Space, Tooltip, Typography } from 'antd';
import { citeHref, citeLabel, openCall } from './cite';

/** The calls and sentences a point came from: each opens the call detail at its sentence. */
export function Cites({ cites }: { cites: Cite[] }) {
  return (
    <Space size={4} wrap>
      {cites.map((c) => (
        <Tooltip
          key={`${c.recordingId}-${c.segment}-${c.startMs}`}
          title={`${c.speaker === 'agent' ? '销售' : '客户'}：${c.sentence}`}
        >
          <Typography.Link
            href={citeHref(c)}
            onClick={(e) => {
              e.preventDefault();
              openCall(citeHref(c));
            }}
            style={{ fontSize: 12 }}
            data-testid="briefing-cite"
            data-recording={c.recordingId}
          >
            [{citeLabel(c)}]
          </Typography.Link>
        </Tooltip>
      ))}
    </Space>
  );
}
