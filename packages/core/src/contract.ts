/** Shapes of the API contract that the server answers and the web reads. */

/** One option of a select field (the spec's "field group item"). */
export interface FieldGroupItem {
  fieldValue: string;
  fieldLabel: string;
  groupId?: number | null;
  groupName?: string | null;
  groupSortNum?: number;
  itemSortNum?: number;
}

/** A node of a cascade field's data. */
export interface CascadeNode {
  value: string;
  label: string;
  children?: CascadeNode[];
}

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
