import { contract } from '@crm/core/contract';
import { List, SearchBar } from 'antd-mobile';
import { useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { MobileEmpty, MobileError, MobileLoading, MobilePage } from '../../mobile';
import { count, duration, money } from './format';
import { usePeriod } from './period';

/** 员工: every person of the data scope with the period's calls, talk time and deals, the busiest first. */
export default function StaffPage() {
  const { filter, tabs } = usePeriod();
  const [keyword, setKeyword] = useState('');
  const rank = useCallQuery(contract.aiBossStatis.getRank, filter);
  const rows = (rank.data ?? [])
    .filter((r) => !keyword || r.userName.includes(keyword) || (r.deptName ?? '').includes(keyword))
    .sort((a, b) => b.calls - a.calls || b.talkSeconds - a.talkSeconds || a.userId - b.userId);
  return (
    <MobilePage
      title="员工"
      onRefresh={() => rank.refetch()}
      tools={
        <>
          <SearchBar placeholder="姓名或部门" onChange={setKeyword} />
          {tabs}
        </>
      }
    >
      {rank.isPending ? (
        <MobileLoading />
      ) : rank.isError ? (
        <MobileError message={(rank.error as Error).message} onRetry={() => void rank.refetch()} />
      ) : rows.length === 0 ? (
        <MobileEmpty />
      ) : (
        <List data-testid="staff-list" header={`共 ${rows.length} 人`}>
          {rows.map((r) => (
            <List.Item
              key={r.userId}
              description={`通话 ${count(r.calls)} · 接通 ${count(r.answered)} · 时长 ${duration(r.talkSeconds)}`}
              extra={
                <div style={{ textAlign: 'right' }}>
                  <div>{money(r.amountFen)} 元</div>
                  <div className="m-muted">成交 {count(r.deals)} 单</div>
                </div>
              }
            >
              {r.userName}
              <span className="m-muted"> {r.deptName ?? ''}</span>
            </List.Item>
          ))}
        </List>
      )}
    </MobilePage>
  );
}
