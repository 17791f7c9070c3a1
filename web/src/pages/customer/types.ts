/** Shapes of the lead API answers (server/src/modules/clue, clueField, clueImport). */
import type { CascadeNode, FieldGroupItem } from '@crm/core';

export interface ClueRow {
  id: number;
  clueId: number;
  type: 1 | 2;
  typeName: string;
  name: string;
  company: string;
  phone: string;
  phones: string[];
  phoneMasked?: 1;
  ownerId: number | null;
  ownerName: string;
  deptName: string;
  collaboratorIds: number[];
  collaboratorNames: string[];
  channelSourceId: number | null;
  channelSourceName: string;
  importWay: number;
  importWayName: string;
  callStatus: number;
  callStatusName: string;
  callCount: number;
  lastCallTime: string | null;
  lastCallDuration: number | null;
  sign: string;
  lockStatus: 0 | 1;
  isInSea: number;
  receiveType: number | null;
  receiveTypeName: string;
  risk: number;
  voiceprint: number;
  stage: number;
  stageName: string;
  gender: 1 | 2 | null;
  genderName: string;
  age: number | null;
  birthday: string | null;
  area: string[];
  areaName: string | null;
  address: string;
  tagIds: number[];
  tagNames: string[];
  followStatusId: number | null;
  followStatusName: string;
  followPhaseId: number | null;
  followPhaseName: string;
  lostReasonId: number | null;
  lostReasonName: string;
  remark: string;
  custom: Record<string, unknown>;
  customText: Record<string, string>;
  nextFollowTime: string | null;
  lastFollowTime: string | null;
  turnCustomerTime: string | null;
  blacklisted: 0 | 1;
  blacklistReason: string;
  deletedAt: string | null;
  deletedByName?: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

/** A field definition of /customFieldShow/list (standard and custom fields, with the role's access). */
export interface FieldDef {
  id: number | null;
  fieldName: string;
  fieldLabel: string;
  fieldTopic: string;
  fieldType: number;
  fieldTypeName: string;
  showType: number;
  isRequired: 0 | 1;
  isShow: 0 | 1;
  isCustom: 0 | 1;
  groupList: FieldGroupItem[];
  cascadeData: CascadeNode[];
  rules: { min?: number; max?: number; maxLength?: number; decimals?: number };
  sortNo: number;
  /** 0 hidden, 1 read-only, 2 editable. */
  access: 0 | 1 | 2;
  masked: 0 | 1;
}

/** A column of /asr/V1/getClueUserCustomByType. */
export interface ColumnDef {
  fieldName: string;
  fieldLabel: string;
  fieldType: number;
  isCustom: 0 | 1;
  isChecked: 0 | 1;
  sortNum: number;
  width: number | null;
}

export interface DictItem {
  id: number;
  name: string;
  status: 1 | 2;
  sortNo: number;
  remark: string;
}

export interface TagGroup {
  id: number;
  groupName: string;
  color: string | null;
  chooseType: 1 | 2;
  sortNo: number;
  tagList: { id: number; tagName: string; groupId: number; sortNo: number }[];
}

export interface OrgUserOption {
  userId: number;
  id: number;
  realName: string;
  deptId: number | null;
  deptName: string;
}

export interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

export interface AreaNode {
  text: string;
  value: string;
  children?: AreaNode[];
}

export interface InteractionItem {
  type: string;
  id: number | string;
  time: string | null;
  title: string;
  content?: string;
  userName?: string;
  recordId?: number;
  duration?: string;
  ownerName?: string;
  followWayName?: string;
  followStatusName?: string;
  followPhaseName?: string;
  nextFollowTime?: string | null;
  toUserName?: string;
  transferModeName?: string;
  changes?: FieldChange[];
  [key: string]: unknown;
}

export interface FieldChange {
  fieldName: string;
  fieldLabel: string;
  before: string;
  after: string;
}

export interface ChangeLogRow {
  id: number;
  userName: string;
  createdAt: string;
  changes: FieldChange[];
}

/** An import or export record of /importRecords/list and /importRecords/detail. */
export interface ImportRecord {
  id: number;
  recordId: number;
  kind: 1 | 2;
  importWay: number | null;
  fileName: string;
  /** 0 uploaded, 1 running, 2 finished, 3 failed. */
  status: number;
  statusName: string;
  progress: number;
  total: number;
  imported: number;
  duplicate: number;
  invalid: number;
  hasInvalidFile: 0 | 1;
  error: string;
  userName: string;
  createdAt: string;
  finishedAt: string | null;
}

export interface UploadAnswer {
  recordId: number;
  fileName: string;
  headers: string[];
  fields: { fieldName: string; fieldLabel: string; isRequired: 0 | 1; isCustom: 0 | 1 }[];
  mapping: Record<string, string>;
}
