import { DataScopeLabel } from '@crm/core';
import { Avatar, Button, Dialog, List } from 'antd-mobile';
import { useState } from 'react';
import { useUser } from '../../app/session';
import { MobileLoading, MobilePage } from '../../mobile';
import { signOut } from './session';

/** 我的: who is signed in (name, account, organisation, role) and 退出登录 (confirmed). */
export default function UserPage() {
  const user = useUser();
  const [leaving, setLeaving] = useState(false);
  if (!user) return <MobileLoading />;
  const confirm = async () => {
    const ok = await Dialog.confirm({ content: '确定退出登录吗？', confirmText: '退出', cancelText: '取消' });
    if (!ok) return;
    setLeaving(true);
    await signOut();
  };
  return (
    <MobilePage title="我的">
      <List className="m-section" data-testid="user-card">
        <List.Item
          prefix={<Avatar src="" style={{ '--size': '48px', '--border-radius': '50%' }} />}
          description={user.organizationName}
        >
          <b>{user.realName}</b>
        </List.Item>
      </List>
      <List className="m-section">
        <List.Item extra={user.username}>账号</List.Item>
        <List.Item extra={user.phone ?? '-'}>手机号</List.Item>
        <List.Item extra={user.roleName ?? '-'}>角色</List.Item>
        <List.Item extra={DataScopeLabel[user.dataSign as keyof typeof DataScopeLabel] ?? '-'}>数据权限</List.Item>
        <List.Item extra={user.versionName}>机构版本</List.Item>
      </List>
      <div className="m-section">
        <Button block color="danger" fill="outline" size="large" loading={leaving} onClick={confirm}>
          退出登录
        </Button>
      </div>
    </MobilePage>
  );
}
