/** Navigation usable outside React components (API client, MQTT handlers). The router installs itself. */
type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void;

let impl: Navigate = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function installNavigator(fn: Navigate): void {
  impl = fn;
}

export function currentPath(): string {
  return window.location.pathname;
}

/** Goes to a path; going to the path already shown is a no-op, never an error (spec section 2). */
export function navigateTo(to: string, opts?: { replace?: boolean; state?: unknown }): void {
  if (to === window.location.pathname + window.location.search) return;
  impl(to, opts);
}
