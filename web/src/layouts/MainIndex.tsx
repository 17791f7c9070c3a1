import { Result } from 'antd';
import { Navigate } from 'react-router';
import { firstPermitted } from '../app/guard';
import { MENU_ORDER } from '../app/menu';
import { useUser } from '../app/session';

/** /main itself: the first permitted route, or a notice when the role has none. */
export default function MainIndex() {
  const user = useUser();
  if (!user) return null;
  const to = firstPermitted(user.routes ?? [], MENU_ORDER);
  if (to === '/main')
    return <Result status="403" title="暂无可访问的页面" subTitle="当前角色没有任何菜单权限，请联系管理员分配" />;
  return <Navigate to={to} replace />;
}
