import { BookOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useHasSign } from '../../app/session';
import { AssignModal } from './AssignModal';

/** 设为培训案例 / 指派培训 on a call's detail, for holders of training:edit. */
export function MarkExampleButton({ recordingId }: { recordingId: number }) {
  const may = useHasSign('training:edit');
  const [open, setOpen] = useState(false);
  if (!may) return null;
  return (
    <>
      <Button size="small" type="link" icon={<BookOutlined />} onClick={() => setOpen(true)} data-testid="mark-example">
        设为培训案例
      </Button>
      {open && <AssignModal recordingId={recordingId} onClose={() => setOpen(false)} />}
    </>
  );
}
