import type { ReactNode } from 'react';

/** One tab of the bottom bar: the path it opens (and whose sub-paths keep it active), its title and icon. */
export interface MobileTab {
  path: string;
  title: string;
  icon: ReactNode;
  /** A count or a dot (antd-mobile Badge content). */
  badge?: ReactNode;
}

/** The tab of a path: the tab whose path is the path or a parent of it. */
export function activeTab(tabs: Pick<MobileTab, 'path'>[], pathname: string): string | undefined {
  const clean = pathname.replace(/\/+$/, '');
  return tabs.find((t) => clean === t.path || clean.startsWith(`${t.path}/`))?.path;
}
