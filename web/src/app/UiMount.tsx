import { lazy, Suspense, useEffect, useState } from 'react';
import { onUiRequested } from './ui';

const UiHost = lazy(() => import('./UiHost'));

/** Mounts UiHost (inside ConfigProvider) when the app first shows a message or dialog. */
export function UiMount() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onUiRequested(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <UiHost />
    </Suspense>
  );
}
