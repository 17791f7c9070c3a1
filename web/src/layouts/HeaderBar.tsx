import {
  BellOutlined,
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { fenToYuan } from '@crm/core';
import { account as accountCalls } from '@crm/core/contract/account';
import { organization as organizationCalls } from '@crm/core/contract/organization';
import { Avatar, Badge, Button, Dropdown, Popover, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../api/client';
import { useCallQuery } from '../api/hooks';
import { navigateTo } from '../app/navigation';
import { clearSession, getRefreshToken, useUser } from '../app/session';
import { ui } from '../app/ui';
import { AiAccountTip } from '../features/ai/AiAccountTip';
import { useBalancePush } from '../notices/balance';
import NoticePanel from '../notices/NoticePanel';
import { useNoticePush, useNotices } from '../notices/store';
import { useWorkStatusPush } from '../notices/workStatus';
import ChangePasswordModal from './ChangePasswordModal';

/** Ends the session on the server (a failure is silent: the session ends here anyway) and goes to /login. */
export async function logOut(): Promise<void> {
  await api.call(accountCalls.logOut, undefined, { silent: true, skipAuthRedirect: true }).catch(() => null);
  clearSession();
  navigateTo('/login', { replace: true });
}

export default function HeaderBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const user = useUser();
  const notices = useNotices();
  useNoticePush();
  useWorkStatusPush();
  useBalancePush();
  const [pwdOpen, setPwdOpen] = useState(false);
  const base = useCallQuery(
    organizationCalls.getAuthOrganizationBaseInfo,
    { token: getRefreshToken() ?? undefined },
    { silent: true },
  );
  return (
    <div style={{ display: 'flex', alignItems: 'center', height: '100%', gap: 16 }}>
      <Button
        type="text"
        aria-label={collapsed ? '展开菜单' : '收起菜单'}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      <Typography.Text strong style={{ fontSize: 15 }} data-testid="org-name">
        {base.data?.name ?? user?.organizationName ?? ''}
      </Typography.Text>
      <div style={{ flex: 1 }} />
      <AiAccountTip />
      <Tooltip title="机构账户余额">
        <Typography.Text data-testid="balance">
          余额：<Typography.Text strong>{base.data ? `¥${fenToYuan(base.data.balance)}` : '-'}</Typography.Text>
        </Typography.Text>
      </Tooltip>
      <Popover trigger="click" placement="bottomRight" content={<NoticePanel />} destroyOnHidden>
        <Badge count={notices.totalUnreadCount} size="small" overflowCount={99} data-testid="unread-badge">
          <Button
            type="text"
            shape="circle"
            aria-label={`消息，未读 ${notices.totalUnreadCount} 条`}
            icon={<BellOutlined style={{ fontSize: 18 }} />}
          />
        </Badge>
      </Popover>
      <Dropdown
        menu={{
          items: [
            { key: 'pwd', icon: <LockOutlined />, label: '修改密码' },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
          ],
          onClick: ({ key }) => {
            if (key === 'pwd') setPwdOpen(true);
            if (key === 'logout')
              ui.modal.confirm({
                title: '退出登录',
                content: '确定要退出登录吗？',
                okText: '退出',
                cancelText: '取消',
                onOk: logOut,
              });
          },
        }}
      >
        <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1f6fff' }} />
          <span>{user?.realName || user?.username}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Dropdown>
      <ChangePasswordModal open={pwdOpen} onClose={() => setPwdOpen(false)} />
    </div>
  );
}
