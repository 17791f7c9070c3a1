import { contract } from '@crm/core/contract';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../api/hooks';
import { AddButton } from '../../components/AddButton';
import { SearchSelect } from '../../components/SearchSelect';
import { OrderFormModal } from '../../features/order/OrderFormModal';
import { openOrder } from '../../features/order/orders';

/** 新建订单 from the order list: the customer first (searched by name, company or phone), then the order form. */
export function NewOrderButton() {
  const [picking, setPicking] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [customer, setCustomer] = useState<{ id: number; name: string } | null>(null);
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const found = useCallQuery(
    contract.clue.list,
    { pageNum: 1, pageSize: 20, keyword: keyword || undefined },
    { enabled: picking },
  );
  const options = (found.data?.lists ?? []).map((c) => ({
    value: c.id,
    label: [c.name, c.company].filter(Boolean).join(' · ') || `#${c.id}`,
  }));
  return (
    <>
      <AddButton onClick={() => setPicking(true)}>新建订单</AddButton>
      <Modal
        open={picking}
        title="新建订单：选择客户"
        okText="下一步"
        cancelText="取消"
        okButtonProps={{ disabled: !customer }}
        onCancel={() => setPicking(false)}
        onOk={() => {
          setChosen(customer);
          setPicking(false);
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="客户" required>
            <SearchSelect
              remote
              placeholder="输入姓名、公司或手机号搜索"
              onSearch={setKeyword}
              loading={found.isFetching}
              options={options}
              value={customer?.id}
              onChange={(id: number) => setCustomer({ id, name: options.find((o) => o.value === id)?.label ?? '' })}
            />
          </Form.Item>
        </Form>
      </Modal>
      {chosen && (
        <OrderFormModal
          clueId={chosen.id}
          customerName={chosen.name}
          onClose={() => setChosen(null)}
          onSaved={openOrder}
        />
      )}
    </>
  );
}
