import { contract } from '@crm/core/contract';
import { Card, List } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCallQuery } from '../api/hooks';
import { MobileEmpty, MobileError, MobileLoading, MobilePage } from '../mobile';
import { Figures } from '../wecom/app/Figures';
import { count, duration, money, percent } from '../wecom/app/format';

const DAILY = 1;

/**
 * 日报 (/reportStatisticsH5?id=): a daily report of the desktop's reports (the one in the address, a pushed message's
 * link, else the latest): its figures in 万/亿 and HH:MM:SS and each person's work; the earlier ones below.
 */
export default function ReportPage() {
  const [params] = useSearchParams();
  const first = Number(params.get('id'));
  const [id, setId] = useState<number | undefined>(Number.isInteger(first) && first > 0 ? first : undefined);
  const q = useCallQuery(contract.reportStatistics.get, { type: DAILY, id });
  const report = q.data?.report;
  const body = () => {
    if (q.isPending) return <MobileLoading />;
    if (!q.data) return <MobileError message={(q.error as Error | null)?.message} onRetry={() => void q.refetch()} />;
    if (!report) return <MobileEmpty text="暂无日报" />;
    const { work } = report.overview;
    return (
      <>
        <Card className="m-section" title={<span data-testid="report-date">{report.startDate}</span>}>
          <Figures
            testId="report-figures"
            items={[
              ['新增客户', count(report.overview.newLeads)],
              ['通话量', count(work.calls)],
              ['接通量', count(work.answered)],
              ['接通率', percent(work.answerRate)],
              ['通话时长', duration(work.talkSeconds)],
              ['平均时长', duration(work.avgTalkSeconds)],
              ['跟进', count(work.followUps)],
              ['成交', count(report.overview.orders)],
              ['成交金额', money(report.overview.orderFen)],
            ]}
          />
        </Card>
        <List className="m-section" header="人员" data-testid="report-users">
          {report.users.length === 0 ? (
            <MobileEmpty />
          ) : (
            report.users.map((u) => (
              <List.Item
                key={u.id}
                description={`通话 ${count(u.calls)} · 接通 ${count(u.answered)} · 时长 ${duration(u.talkSeconds)}`}
              >
                {u.name}
                {u.deptName && <span className="m-muted"> · {u.deptName}</span>}
              </List.Item>
            ))
          )}
        </List>
        {q.data.list.length > 1 && (
          <List className="m-section" header="往期日报">
            {q.data.list.map((r) => (
              <List.Item key={r.id} arrowIcon onClick={() => setId(r.id)} extra={r.id === report.id ? '当前' : null}>
                {r.startDate}
              </List.Item>
            ))}
          </List>
        )}
      </>
    );
  };
  return (
    <MobilePage title="日报" onRefresh={() => q.refetch()}>
      {body()}
    </MobilePage>
  );
}
