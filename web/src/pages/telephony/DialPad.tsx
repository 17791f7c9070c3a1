import { PhoneOutlined } from '@ant-design/icons';
import { Button, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { openCustomerDetail } from '../../app/detail';
import { CallPanel, useClickToCall } from '../../features/telephony/useClickToCall';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];
const VALID = /^\+?\d{5,20}$/;

/**
 * 拨号盘: a number typed or keyed in is called through the server with the same checks as a lead; a number no lead
 * has becomes the seat's 拨号盘线索, so that the call, its recording and the follow-up land on a lead.
 */
export function DialPad({ onClose }: { onClose: () => void }) {
  const [number, setNumber] = useState('');
  const dialer = useClickToCall();
  const digits = number.replace(/[\s-]/g, '');
  const valid = VALID.test(digits);
  return (
    <Modal open title="拨号盘" footer={null} width={420} onCancel={onClose} destroyOnHidden>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Input
          size="large"
          allowClear
          value={number}
          maxLength={24}
          placeholder="输入手机号或座机号（含区号）"
          onChange={(e) => setNumber(e.target.value)}
          onPressEnter={() => valid && !dialer.calling && dialer.start({ phone: digits })}
          status={number && !valid ? 'error' : undefined}
          data-testid="dial-number"
        />
        {number && !valid && <Typography.Text type="danger">号码须为 5-20 位数字</Typography.Text>}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
          {KEYS.map((k) => (
            <Button key={k} size="large" disabled={k === '*' || k === '#'} onClick={() => setNumber((n) => n + k)}>
              {k}
            </Button>
          ))}
        </div>
        <Button
          block
          type="primary"
          size="large"
          icon={<PhoneOutlined />}
          disabled={!valid || dialer.calling}
          loading={dialer.pending}
          onClick={() => dialer.start({ phone: digits })}
          data-testid="dial-call"
        >
          拨打
        </Button>
        {dialer.call?.clueId && (
          <Typography.Link onClick={() => openCustomerDetail({ clueId: dialer.call!.clueId! })} data-testid="dial-lead">
            查看客户：{dialer.call.clueName || dialer.call.phone}
          </Typography.Link>
        )}
        <CallPanel dialer={dialer} />
      </Space>
    </Modal>
  );
}
