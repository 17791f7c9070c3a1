import { type ReactNode, useState } from 'react';

/**
 * The two ways of signing in as tabs: a light tab strip of its own (antd's Tabs brings its overflow menu, dropdown
 * and popup machinery into the sign-in page's load, about 25 KB gzipped, for two fixed labels).
 */
export default function AuthTabs({ items }: { items: { key: string; label: string; children: ReactNode }[] }) {
  const [active, setActive] = useState(items[0]?.key);
  const current = items.find((i) => i.key === active) ?? items[0];
  return (
    <div>
      <div role="tablist" className="auth-tabs">
        {items.map((i) => (
          <button
            key={i.key}
            type="button"
            role="tab"
            id={`auth-tab-${i.key}`}
            aria-selected={i.key === current?.key}
            aria-controls={`auth-panel-${i.key}`}
            className={i.key === current?.key ? 'auth-tab auth-tab-active' : 'auth-tab'}
            onClick={() => setActive(i.key)}
          >
            {i.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`auth-panel-${current.key}`} aria-labelledby={`auth-tab-${current.key}`}>
          {current.children}
        </div>
      )}
    </div>
  );
}
