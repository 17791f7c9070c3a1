import {
  CallStatus,
  ClueType,
  CustomerStage,
  formatDateTime,
  Gender,
  ImportWay,
  ReceiveType,
  SeaEntryType,
} from '@crm/core';
import type { Clue } from '@crm/core/contract/clue';
import type { FieldChange as FieldChangeSchema } from '@crm/core/contract/interaction';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import type { Session } from '../../platform/session';
import type { ClueFieldService, FieldAccess } from '../clueField';
import { customValueText, type FieldDef, maskPhone, STANDARD_BY_NAME } from '../clueField';
import { type OrgUser, orgUsers } from '../org';
import type { clue } from './schema';

export type ClueRow = typeof clue.$inferSelect;
export type ClueInsert = typeof clue.$inferInsert;

/** What a list or a detail needs to turn ids into names, and what the role may see. */
export interface ViewContext {
  users: Map<number, OrgUser>;
  dicts: Map<number, string>;
  tags: Map<number, string>;
  defs: FieldDef[];
  access: Map<string, FieldAccess>;
}

/** The role's access to the lead fields; the super admin's is unrestricted. */
export function accessOf(fields: ClueFieldService, s: Session): Promise<Map<string, FieldAccess>> {
  return s.isSuperAdmin ? Promise.resolve(new Map()) : fields.accessFor(s.orgId, s.roleId);
}

export async function viewContext(db: Db, fields: ClueFieldService, s: Session): Promise<ViewContext> {
  const [users, dicts, tags, defs, access] = await Promise.all([
    orgUsers(db, s.orgId),
    fields.dictAll(s.orgId),
    fields.tags(s.orgId),
    fields.customDefs(s.orgId),
    accessOf(fields, s),
  ]);
  return {
    users: new Map(users.map((u) => [u.id, u])),
    dicts: new Map(dicts.map((d) => [d.id, d.name])),
    tags: new Map(tags.map((t) => [t.id, t.name])),
    defs,
    access,
  };
}

/** The keys of a lead's answer that a role may be denied (optional in the contract). */
type HideableKey = { [K in keyof Clue]-?: undefined extends Clue[K] ? K : never }[keyof Clue];

/** Output keys of each standard field, left out together when the role may not see the field. */
const STANDARD_KEYS: Record<string, HideableKey[]> = {
  name: ['name'],
  phone: ['phone', 'phones'],
  phones: ['phones'],
  company: ['company'],
  ownerId: ['ownerId', 'ownerName', 'deptId', 'deptName'],
  type: ['type', 'typeName'],
  channelSourceId: ['channelSourceId', 'channelSourceName'],
  importWay: ['importWay', 'importWayName'],
  callStatus: ['callStatus', 'callStatusName'],
  callCount: ['callCount'],
  lastCallTime: ['lastCallTime'],
  sign: ['sign'],
  lockStatus: ['lockStatus'],
  isInSea: ['isInSea'],
  receiveType: ['receiveType', 'receiveTypeName'],
  risk: ['risk'],
  voiceprint: ['voiceprint'],
  stage: ['stage', 'stageName'],
  gender: ['gender', 'genderName'],
  age: ['age'],
  birthday: ['birthday'],
  area: ['area', 'areaName'],
  address: ['address'],
  tagIds: ['tagIds', 'tagNames'],
  followStatusId: ['followStatusId', 'followStatusName'],
  followPhaseId: ['followPhaseId', 'followPhaseName'],
  lostReasonId: ['lostReasonId', 'lostReasonName'],
  remark: ['remark'],
  nextFollowTime: ['nextFollowTime'],
  lastFollowTime: ['lastFollowTime'],
  createdAt: ['createdAt'],
  updatedAt: ['updatedAt'],
};

const present = (x: string | null | undefined): x is string => Boolean(x);

/** A lead as the API sends it: names beside ids, hidden fields left out, masked fields masked. */
export function clueView(row: ClueRow, vc: ViewContext): Clue {
  const owner = row.ownerId ? vc.users.get(row.ownerId) : undefined;
  const out: Clue = {
    id: row.id,
    clueId: row.id,
    type: row.type,
    typeName: ClueType[row.type as keyof typeof ClueType] ?? '',
    name: row.name,
    company: row.company,
    phone: row.phone,
    phones: row.phones,
    ownerId: row.ownerId,
    ownerName: owner?.realName ?? '',
    deptId: owner?.deptId ?? null,
    deptName: owner?.deptName ?? '',
    collaboratorIds: row.collaboratorIds,
    collaboratorNames: row.collaboratorIds.map((id) => vc.users.get(id)?.realName).filter(present),
    channelSourceId: row.channelSourceId,
    channelSourceName: row.channelSourceId ? (vc.dicts.get(row.channelSourceId) ?? '') : '',
    importWay: row.importWay,
    importWayName: ImportWay[row.importWay as keyof typeof ImportWay] ?? '',
    callStatus: row.callStatus,
    callStatusName: CallStatus[row.callStatus as keyof typeof CallStatus] ?? '',
    callCount: row.callCount,
    lastCallTime: formatDateTime(row.lastCallTime),
    lastCallDuration: row.lastCallDuration,
    sign: row.sign,
    lockStatus: row.lockStatus,
    isInSea: row.isInSea,
    receiveType: row.receiveType,
    receiveTypeName: row.receiveType ? (ReceiveType[row.receiveType as keyof typeof ReceiveType] ?? '') : '',
    poolId: row.poolId,
    seaEntryType: row.seaEntryType,
    seaEntryTypeName: row.seaEntryType ? (SeaEntryType[row.seaEntryType as keyof typeof SeaEntryType] ?? '') : '',
    seaTime: formatDateTime(row.seaTime),
    previousOwnerId: row.previousOwnerId,
    previousOwnerName: row.previousOwnerId ? (vc.users.get(row.previousOwnerId)?.realName ?? '') : '',
    assignStatus: row.assignStatus,
    risk: row.risk,
    voiceprint: row.voiceprint,
    stage: row.stage,
    stageName: CustomerStage[row.stage as keyof typeof CustomerStage] ?? '',
    gender: row.gender,
    genderName: row.gender ? (Gender[row.gender as keyof typeof Gender] ?? '') : '',
    age: row.age,
    birthday: row.birthday,
    area: [row.provinceCode, row.cityCode, row.districtCode].filter(present),
    areaName: row.areaName,
    address: row.address,
    tagIds: row.tagIds,
    tagNames: row.tagIds.map((id) => vc.tags.get(id)).filter(present),
    followStatusId: row.followStatusId,
    followStatusName: row.followStatusId ? (vc.dicts.get(row.followStatusId) ?? '') : '',
    followPhaseId: row.followPhaseId,
    followPhaseName: row.followPhaseId ? (vc.dicts.get(row.followPhaseId) ?? '') : '',
    lostReasonId: row.lostReasonId,
    lostReasonName: row.lostReasonId ? (vc.dicts.get(row.lostReasonId) ?? '') : '',
    remark: row.remark,
    custom: {},
    customText: {},
    nextFollowTime: formatDateTime(row.nextFollowTime),
    lastFollowTime: formatDateTime(row.lastFollowTime),
    turnCustomerTime: formatDateTime(row.turnCustomerTime),
    blacklisted: row.blacklisted ? 1 : 0,
    blacklistReason: row.blacklistReason ?? '',
    deletedAt: formatDateTime(row.deletedAt),
    createdAt: formatDateTime(row.createdAt),
    updatedAt: formatDateTime(row.updatedAt),
  };
  for (const def of vc.defs) {
    const a = vc.access.get(def.fieldName);
    if (a?.access === 0) continue;
    let v = row.custom[def.fieldName] ?? null;
    if (a?.masked && typeof v === 'string') v = maskPhone(v);
    out.custom[def.fieldName] = v;
    out.customText[def.fieldName] = customValueText(def, v);
  }
  for (const [field, a] of vc.access) {
    const keys = STANDARD_KEYS[field];
    if (!keys) continue;
    if (a.access === 0) for (const k of keys) delete out[k];
    else if (a.masked && field === 'phone') {
      out.phone = maskPhone(row.phone);
      out.phones = row.phones.map(maskPhone);
      out.phoneMasked = 1;
    }
  }
  return out;
}

/** A change of one field, as the change log and the interaction log show it. */
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/** The standard fields an edit is logged for, and the answer key whose text shows the value. */
const LOGGED: [string, keyof Clue][] = [
  ['name', 'name'],
  ['company', 'company'],
  ['phone', 'phone'],
  ['phones', 'phones'],
  ['type', 'typeName'],
  ['channelSourceId', 'channelSourceName'],
  ['sign', 'sign'],
  ['stage', 'stageName'],
  ['gender', 'genderName'],
  ['age', 'age'],
  ['birthday', 'birthday'],
  ['area', 'areaName'],
  ['address', 'address'],
  ['tagIds', 'tagNames'],
  ['followStatusId', 'followStatusName'],
  ['followPhaseId', 'followPhaseName'],
  ['lostReasonId', 'lostReasonName'],
  ['remark', 'remark'],
  ['nextFollowTime', 'nextFollowTime'],
];

const text = (x: unknown) => (Array.isArray(x) ? x.join('，') : x === null || x === undefined ? '' : String(x));

/** Field changes between a lead and the values written, as labels and display texts (vc: unrestricted access). */
export function fieldChanges(vc: ViewContext, cur: ClueRow, v: Partial<ClueInsert>): FieldChange[] {
  const before = clueView(cur, vc);
  const after = clueView({ ...cur, ...v }, vc);
  const changes: FieldChange[] = [];
  for (const [field, key] of LOGGED) {
    const a = text(before[key]);
    const b = text(after[key]);
    if (a !== b)
      changes.push({
        fieldName: field,
        fieldLabel: STANDARD_BY_NAME.get(field)?.fieldLabel ?? field,
        before: a,
        after: b,
      });
  }
  for (const def of vc.defs) {
    const a = before.customText[def.fieldName] ?? '';
    const b = after.customText[def.fieldName] ?? '';
    if (a !== b) changes.push({ fieldName: def.fieldName, fieldLabel: def.fieldLabel, before: a, after: b });
  }
  return changes;
}
