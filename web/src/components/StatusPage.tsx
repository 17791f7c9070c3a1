import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { firstPermitted } from '../app/guard';
import { MENU_ORDER } from '../app/menu';
import { getToken, useUser } from '../app/session';

/** Where 返回首页 leads: the user's first permitted page, or the sign-in page without a session. */
function useHome(): string {
  const user = useUser();
  if (!getToken()) return '/login';
  return user ? firstPermitted(user.routes ?? [], MENU_ORDER) : '/main';
}

function HomeButton({ label }: { label?: string }) {
  const navigate = useNavigate();
  const home = useHome();
  return (
    <Button type="primary" onClick={() => navigate(home, { replace: true })}>
      {label ?? (home === '/login' ? '前往登录' : '返回首页')}
    </Button>
  );
}

/** An address no route answers (inside the shell when signed in, alone otherwise). */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<span data-testid="status-title">页面不存在</span>}
      subTitle="您访问的页面不存在或已被移除，请检查地址是否正确。"
      extra={<HomeButton />}
    />
  );
}

/** A route the user's role is not granted (the guard's refusal, shown in the shell instead of a silent redirect). */
export function ForbiddenPage() {
  return (
    <Result
      status="403"
      title={<span data-testid="status-title">无权限访问</span>}
      subTitle="当前角色没有访问该页面的权限，如需使用请联系管理员分配。"
      extra={<HomeButton />}
    />
  );
}

export default NotFoundPage;
