import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders its imperative pieces (Toast.show, Dialog.confirm, ImageViewer) with ReactDOM.render, which
 * React 19 no longer has: its `unstableSetRender` takes a render through createRoot instead (antd-mobile's "v5 for
 * React 19" guide). Imported once by the mobile shell, before any of those is shown.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // unmounting while React still renders the popup's closing frame warns: wait for the next task
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

/**
 * The safe areas (notch, home indicator) are only reported to a page whose viewport covers the whole screen: the
 * mobile pages ask for it while they are shown.
 */
export function coverViewport(): () => void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="viewport"]');
  if (!meta) return () => {};
  const before = meta.content;
  if (!/viewport-fit=/.test(before)) meta.content = `${before}, viewport-fit=cover`;
  return () => {
    meta.content = before;
  };
}
