/**
 * The mobile shell (antd-mobile 5 set up for React 19): bottom tabs, safe areas, pull to refresh, infinite lists.
 * Generic (no WeCom here): shared by the WeCom app (web/src/wecom/app) and the H5 pages. Import it only from lazily
 * loaded pages, so that antd-mobile stays out of the desktop entry.
 */
import './setup';

export { InfiniteList, type InfiniteListProps } from './InfiniteList';
export { MobileLayout, MobileScreen } from './MobileLayout';
export { MobilePage, type MobilePageProps } from './MobilePage';
export { MobileEmpty, MobileError, MobileLoading } from './states';
export { activeTab, type MobileTab } from './tabs';
export { type FilterOf, MOBILE_PAGE_SIZE, useCallInfinite } from './useCallInfinite';
