import KanbanPage from '../wecom/app/KanbanPage';

/** 数据看板 (/dashboardH5): the WeCom app's board, with 更多数据 (/dashboardH5/more: every person's figures). */
export default function DashboardPage() {
  return <KanbanPage morePath="/dashboardH5/more" />;
}
