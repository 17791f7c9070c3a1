import { formatDateTime } from '@crm/core';
import type { CallAnswer, CallBody, contract } from '@crm/core/contract';
import { CertificationStatusName } from '@crm/core/contract/billing';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { Session } from '../../platform/session';
import { orgCertification } from './schema';

type Answer = CallAnswer<typeof contract.certification.get>;

/**
 * Organisation certification (企业认证): the organisation submits its licence image, company name and credit code;
 * the operator reviews it by hand (status 审核中 until then). A certified organisation is not resubmitted.
 */
export async function getCertification(db: Db, s: Session): Promise<Answer> {
  const [row] = await db.select().from(orgCertification).where(eq(orgCertification.organizationId, s.orgId));
  const status = (row?.status ?? 0) as keyof typeof CertificationStatusName;
  return {
    status,
    statusName: CertificationStatusName[status],
    companyName: row?.companyName ?? null,
    creditCode: row?.creditCode ?? null,
    licenseUrl: row?.licenseUrl ?? null,
    rejectReason: row?.rejectReason ?? null,
    submittedAt: formatDateTime(row?.submittedAt),
    reviewedAt: formatDateTime(row?.reviewedAt),
  };
}

export async function submitCertification(
  db: Db,
  s: Session,
  input: CallBody<typeof contract.certification.submit>,
): Promise<Answer> {
  const current = await getCertification(db, s);
  if (current.status === 2) throw badRequest('企业已认证，无需重复提交');
  const values = {
    ...input,
    status: 1,
    rejectReason: null,
    submittedBy: s.userId,
    submittedAt: new Date(),
    reviewedAt: null,
  };
  await db
    .insert(orgCertification)
    .values({ organizationId: s.orgId, ...values })
    .onConflictDoUpdate({ target: orgCertification.organizationId, set: values });
  return getCertification(db, s);
}
