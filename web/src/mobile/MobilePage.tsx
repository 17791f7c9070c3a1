import { NavBar, PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';

export interface MobilePageProps {
  title: ReactNode;
  /** Shows the back arrow. */
  onBack?: () => void;
  /** Right side of the title bar. */
  right?: ReactNode;
  /** Below the title, staying with it (a search bar, tabs). */
  tools?: ReactNode;
  /** Pull to refresh: the promise ends the spinner. */
  onRefresh?: () => Promise<unknown>;
  children: ReactNode;
}

/** A mobile page: a sticky title bar (with its tools) and the content, refreshed by pulling it down. */
export function MobilePage({ title, onBack, right, tools, onRefresh, children }: MobilePageProps) {
  return (
    <>
      <header className="m-page-head">
        <NavBar back={onBack ? '' : null} onBack={onBack} right={right}>
          {title}
        </NavBar>
        {tools && <div className="m-page-tools">{tools}</div>}
      </header>
      {onRefresh ? (
        <PullToRefresh
          onRefresh={async () => {
            await onRefresh();
          }}
        >
          {children}
        </PullToRefresh>
      ) : (
        children
      )}
    </>
  );
}
