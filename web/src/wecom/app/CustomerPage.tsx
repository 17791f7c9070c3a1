import { contract } from '@crm/core/contract';
import { List, SearchBar, Tag } from 'antd-mobile';
import { useState } from 'react';
import { InfiniteList, MobilePage, useCallInfinite } from '../../mobile';

/** 客户: the user's own leads (the seat's list), searchable by name, company or phone. */
export default function CustomerPage() {
  const [keyword, setKeyword] = useState('');
  const query = useCallInfinite(contract.clue.seatPage, { keyword: keyword || undefined });
  const total = query.data?.pages[0]?.total;
  return (
    <MobilePage
      title="我的客户"
      onRefresh={() => query.refetch()}
      tools={<SearchBar placeholder="姓名、公司或手机号" onSearch={setKeyword} onClear={() => setKeyword('')} />}
    >
      <InfiniteList
        testId="customer-list"
        query={query}
        rowKey={(c) => c.id}
        header={total === undefined ? undefined : `共 ${total} 个客户`}
        renderItem={(c) => (
          <List.Item
            extra={c.stageName ? <Tag fill="outline">{c.stageName}</Tag> : undefined}
            description={
              <>
                <div>{[c.phone, c.company].filter(Boolean).join(' · ') || '-'}</div>
                <div className="m-muted">
                  最近跟进 {c.lastFollowTime ?? '-'}
                  {c.nextFollowTime ? ` · 下次跟进 ${c.nextFollowTime}` : ''}
                </div>
              </>
            }
          >
            {c.name || c.phone || '-'}
          </List.Item>
        )}
      />
    </MobilePage>
  );
}
