import { contract } from '@crm/core/contract';
import { type RowOf, useCallQuery } from '../../api/hooks';

/** Rows of the administration lists, as the contract answers them. */
export type UserRow = RowOf<typeof contract.users.list>;
export type RoleRow = RowOf<typeof contract.roles.list>;
export type PositionRow = RowOf<typeof contract.positions.list>;

/** Every option of a select: the first (and only) page of 100. */
const ALL = { pageNum: 1, pageSize: 100 } as const;

/** The organisation's roles, for selects. */
export function useRoleOptions() {
  const query = useCallQuery(contract.roles.list, ALL);
  return { ...query, data: query.data?.lists };
}

/** The organisation's positions, for selects. */
export function usePositionOptions() {
  const query = useCallQuery(contract.positions.list, ALL);
  return { ...query, data: query.data?.lists };
}
