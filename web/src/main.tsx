import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Empty } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Messages } from '@crm/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/queryClient';
import { installClientHooks } from './app/expiry';
import { createAppRouter } from './app/router';
import { getToken } from './app/session';
import { UiMount } from './app/UiMount';
import { loadUser } from './app/user';
import { startTracking } from './tracking';
import './styles.css';

dayjs.locale('zh-cn');
installClientHooks();
// A reload inside the shell: the user info (permitted routes) is fetched while the route chunks load.
if (getToken() && window.location.pathname !== '/login') void loadUser();

const router = createAppRouter();
// Whoever asks the system for reduced motion gets none: antd's zooms, slides and fades are off (e2e runs this way too,
// so that a click never lands on a dialog still zooming in).
const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
// Usage tracking (spec: buried points): page views on every route change, for users with an organisation.
startTracking(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: '#1f6fff', borderRadius: 6, motion: !reducedMotion } }}
      renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={Messages.empty} />}
    >
      {/* antd's message, modal and notification (`ui`), loaded with the first of them */}
      <UiMount />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
