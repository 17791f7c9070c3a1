import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, loginExpired } from './errors';
import { type OperatorClaims, type TokenService, tokenOf } from './session';

/**
 * The installation operator's session (运营人员, modules/operator): who acts above the organisations on money, prices
 * and grants. It is not an organisation's Session and never becomes one: the calls marked `operator: true` in the
 * contract take this, every other call takes an organisation's session (platform/http.ts).
 */
export interface OperatorSession {
  sessionId: string;
  operatorId: number;
  account: string;
}

/** Resolves an operator token's claims to a live session: null when it was revoked or the account disabled. */
export type OperatorLoader = (claims: OperatorClaims) => Promise<OperatorSession | null>;

/** What the operator audit log keeps of one action: the organisation it touched and its state before and after. */
export interface OperatorAction {
  action: string;
  organizationId: number | null;
  before: unknown;
  after: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticateOperator(req: FastifyRequest): Promise<OperatorSession>;
    operatorAudit(req: FastifyRequest, entry: OperatorAction): Promise<void>;
  }
  interface FastifyRequest {
    operator: OperatorSession | null;
  }
}

/**
 * Operator authentication: no token: code 10 (请登录！); an organisation's valid token: 无权限访问 (403), whoever it
 * belongs to; anything else that is not an operator's token: 22001; an operator token whose session ended: code 10.
 */
export function installOperatorAuth(
  app: FastifyInstance,
  tokens: TokenService,
  loader: OperatorLoader,
  audit: (req: FastifyRequest, entry: OperatorAction) => Promise<void>,
): void {
  app.decorateRequest('operator', null);
  app.decorate('operatorAudit', audit);
  app.decorate('authenticateOperator', async (req: FastifyRequest) => {
    const token = tokenOf(req);
    if (!token) throw loginExpired('请登录！');
    let claims: OperatorClaims;
    try {
      claims = tokens.verifyOperator(token);
    } catch (err) {
      const orgToken = await tokens.verifyAccess(token).then(
        () => true,
        () => false,
      );
      if (orgToken) throw forbidden();
      throw err;
    }
    const session = await loader(claims);
    if (!session) throw loginExpired();
    req.operator = session;
    return session;
  });
}
