import { contract } from '@crm/core/contract';
import { CapsuleTabs, Ellipsis, List, SearchBar, Space, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { InfiniteList, MobilePage, useCallInfinite } from '../../mobile';

/** The quick filters of the analysis list. */
const VIEWS = {
  all: { title: '全部', filter: {} },
  risk: { title: '有风险', filter: { risk: 1 } },
  violation: { title: '有违规', filter: { hasViolation: 1 } },
} as const;
type View = keyof typeof VIEWS;

/** The analysis detail of a call (its own screen, with the audio). */
export const detailPath = (recordingId: number) => `/weComAnalyseDetail?recordId=${recordingId}`;

/** 分析: the AI analysis of the calls in the user's data scope, newest first; a call opens its analysis. */
export default function AnalysePage() {
  return <AnalyseList detailPathOf={detailPath} />;
}

/** The analysis list (the WeCom app's tab, the H5 page): a call opens the screen at detailPathOf. */
export function AnalyseList({ detailPathOf }: { detailPathOf: (recordingId: number) => string }) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [view, setView] = useState<View>('all');
  const query = useCallInfinite(contract.analysis.list, { ...VIEWS[view].filter, keyword: keyword || undefined });
  const total = query.data?.pages[0]?.total;
  return (
    <MobilePage
      title="AI 分析"
      onRefresh={() => query.refetch()}
      tools={
        <>
          <SearchBar placeholder="客户、号码或关键词" onSearch={setKeyword} onClear={() => setKeyword('')} />
          <CapsuleTabs activeKey={view} onChange={(k) => setView(k as View)}>
            {Object.entries(VIEWS).map(([k, v]) => (
              <CapsuleTabs.Tab key={k} title={v.title} />
            ))}
          </CapsuleTabs>
        </>
      }
    >
      <InfiniteList
        testId="analyse-list"
        query={query}
        rowKey={(r) => r.recordingId}
        header={total === undefined ? undefined : `共 ${total} 通`}
        renderItem={(r) => (
          <List.Item
            arrowIcon
            onClick={() => navigate(detailPathOf(r.recordingId))}
            extra={r.intentionName ? <Tag color="primary">{r.intentionName}</Tag> : r.analysisStatusName}
            description={
              <Space direction="vertical" style={{ '--gap': '4px' }}>
                <span>
                  {r.callTime ?? '-'} · {r.durationText} · {r.ownerName ?? '-'}
                </span>
                {r.summary && <Ellipsis content={r.summary} rows={2} />}
                {(r.risk === 1 || r.violationCount > 0) && (
                  <span className="m-tags">
                    {r.risk === 1 && <Tag color="danger">有风险</Tag>}
                    {r.violationCount > 0 && <Tag color="warning">违规 {r.violationCount}</Tag>}
                  </span>
                )}
              </Space>
            }
          >
            {r.clueName || r.phone || r.fileName}
          </List.Item>
        )}
      />
    </MobilePage>
  );
}
