/** Shapes shared by several domains of the API contract. */
import { z } from 'zod';

/** One option of a select field (the spec's "field group item"). */
export const FieldGroupItem = z.object({
  fieldValue: z.string(),
  fieldLabel: z.string(),
  groupId: z.number().nullish(),
  groupName: z.string().nullish(),
  groupSortNum: z.number().optional(),
  itemSortNum: z.number().optional(),
});
export type FieldGroupItem = z.infer<typeof FieldGroupItem>;

/** A node of a cascade field's data. */
export interface CascadeNode {
  value: string;
  label: string;
  children?: CascadeNode[];
}
export const CascadeNode: z.ZodType<CascadeNode> = z
  .lazy(() => z.object({ value: z.string(), label: z.string(), children: z.array(CascadeNode).optional() }))
  .meta({ id: 'CascadeNode' });

/** A department of /organizationDept/tree, with its users counted. */
export interface DeptNode {
  id: number;
  parentId: number | null;
  name: string;
  sortNo: number;
  leaderUserId: number | null;
  leaderName: string | null;
  /** Users directly in this department. */
  userCount: number;
  /** Users in this department and every department below it. */
  totalUserCount: number;
  depth: number;
  createdAt: string | null;
  children: DeptNode[];
}
