import {
  BarChartOutlined,
  BellOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { hasSign, useUser } from '../app/session';
import { MobileLayout, type MobileTab } from '../mobile';
import { BOARD_SIGN } from '../wecom/app/session';
import { H5_LIST } from './paths';

/** The H5 pages' bottom tabs (the board for those who hold its sign); touch targets of at least 44 px (mobile.css). */
export function H5Tabs({ children }: { children: ReactNode }) {
  const user = useUser();
  const tabs: MobileTab[] = [
    { path: H5_LIST, title: '分析', icon: <FileSearchOutlined /> },
    { path: '/riskMessageListH5', title: '风险', icon: <BellOutlined /> },
    { path: '/aiBusinessReminderH5', title: '商机', icon: <ThunderboltOutlined /> },
    ...(hasSign(BOARD_SIGN, user) ? [{ path: '/dashboardH5', title: '看板', icon: <BarChartOutlined /> }] : []),
    { path: '/reportStatisticsH5', title: '日报', icon: <FileTextOutlined /> },
  ];
  return <MobileLayout tabs={tabs}>{children}</MobileLayout>;
}
