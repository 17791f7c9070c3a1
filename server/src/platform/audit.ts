import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { operationLog } from './schema';

declare module 'fastify' {
  interface FastifyInstance {
    audit(req: FastifyRequest, action: string, result?: unknown): Promise<void>;
  }
}

const SECRET_KEYS = /password|pwd|token|secret|apikey|api_key|code$/i;

/** Request body with secrets masked, kept small: what the operation log shows as "what". */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' && value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (depth > 3) return '…';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET_KEYS.test(k) ? '******' : redact(v, depth + 1),
    ]),
  );
}

export function installAudit(app: FastifyInstance, db: Db): void {
  app.decorate('audit', async (req: FastifyRequest, action: string, result?: unknown) => {
    const s = req.session;
    if (!s) return;
    const id = result && typeof result === 'object' && 'id' in result ? String((result as { id: unknown }).id) : null;
    await db.insert(operationLog).values({
      organizationId: s.orgId,
      userId: s.userId,
      username: s.username,
      action,
      path: req.routeOptions.url ?? req.url,
      ip: req.ip,
      detail: redact({ query: req.query, body: req.body }) as object,
      result: id,
    });
  });
}

/** Writes an operation-log row outside a request (login, logout, register). */
export async function writeLog(db: Db, row: typeof operationLog.$inferInsert): Promise<void> {
  await db.insert(operationLog).values(row);
}
