/**
 * What a share link's ticket says before the server is asked: the call detail's share ticket (maskId) is a signed
 * token of three base64url parts whose middle part is JSON with its expiry (`exp`, seconds). Its signature is the
 * server's to check; a ticket that cannot even be read is 链接无效, one past its expiry 链接已过期.
 */
export type ShareLinkState = 'ok' | 'invalid' | 'expired';

function decodePart(part: string): unknown {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

export function shareLinkState(ticket: string | null | undefined, nowMs = Date.now()): ShareLinkState {
  const parts = (ticket ?? '').trim().split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[\w-]+$/.test(p))) return 'invalid';
  let payload: unknown;
  try {
    payload = decodePart(parts[1]);
  } catch {
    return 'invalid';
  }
  if (!payload || typeof payload !== 'object') return 'invalid';
  const exp = (payload as { exp?: unknown }).exp;
  if (exp !== undefined && typeof exp !== 'number') return 'invalid';
  if (typeof exp === 'number' && exp * 1000 <= nowMs) return 'expired';
  return 'ok';
}
