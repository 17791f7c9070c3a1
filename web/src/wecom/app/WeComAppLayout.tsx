import {
  BarChartOutlined,
  BellOutlined,
  FileSearchOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { DataScope } from '@crm/core';
import { contract } from '@crm/core/contract';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { keyOf, useCallQuery } from '../../api/hooks';
import { getToken, hasSign, useUser } from '../../app/session';
import { loadUser } from '../../app/user';
import { MobileLayout, MobileLoading, type MobileTab } from '../../mobile';
import { BOARD_SIGN, signInPath } from './session';

/** Unread messages are counted again this often (ms). */
const UNREAD_POLL_MS = 60_000;

/**
 * The WeCom app (/weComApp/*): the mobile shell with its tabs. Without a session it goes to the sign-in (/weComAuth
 * inside WeCom); an expired one goes there through the client's expiry handling.
 */
export default function WeComAppLayout() {
  const token = getToken();
  const user = useUser();
  useQuery({
    queryKey: keyOf(contract.account.userInfo),
    queryFn: () => loadUser(),
    enabled: !!token && !user,
    staleTime: 0,
  });
  const unread = useCallQuery(contract.notice.unreadCounts, undefined, {
    enabled: !!token,
    silent: true,
    refetchInterval: UNREAD_POLL_MS,
  });
  if (!token) return <Navigate to={signInPath()} replace />;
  if (!user) return <MobileLoading />;
  const boards = hasSign(BOARD_SIGN, user);
  // a list of staff is for those who see more than their own data (a seat's scope is itself)
  const staff = boards && user.dataSign !== DataScope.OWN;
  const count = unread.data?.totalUnreadCount ?? 0;
  const tabs: MobileTab[] = [
    ...(boards ? [{ path: '/weComApp/kanban', title: '看板', icon: <BarChartOutlined /> }] : []),
    { path: '/weComApp/analyse', title: '分析', icon: <FileSearchOutlined /> },
    {
      path: '/weComApp/message',
      title: '消息',
      icon: <BellOutlined />,
      badge: count > 0 ? (count > 99 ? '99+' : count) : undefined,
    },
    { path: '/weComApp/customer', title: '客户', icon: <UsergroupAddOutlined /> },
    ...(staff ? [{ path: '/weComApp/staff', title: '员工', icon: <TeamOutlined /> }] : []),
    { path: '/weComApp/user', title: '我的', icon: <UserOutlined /> },
  ];
  return (
    <MobileLayout tabs={tabs}>
      <Outlet />
    </MobileLayout>
  );
}
