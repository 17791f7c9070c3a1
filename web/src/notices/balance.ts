import { billing as billingCalls } from '@crm/core/contract/billing';
import { organization as organizationCalls } from '@crm/core/contract/organization';
import { useQueryClient } from '@tanstack/react-query';
import { keyOf } from '../api/hooks';
import { usePush } from './push';

/** The organisation's balance changed (payment, charge, operator's credit): what shows it is read again. */
export function useBalancePush(): void {
  const qc = useQueryClient();
  usePush('balance', () => {
    for (const c of [
      organizationCalls.getAuthOrganizationBaseInfo,
      billingCalls.getBalance,
      billingCalls.accountRecordPageList,
    ])
      qc.invalidateQueries({ queryKey: keyOf(c) });
  });
}
