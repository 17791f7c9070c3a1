import { formatDate, formatDateTime, isDialable, normalizePhone, parseDateTime, phoneProblem } from '@crm/core';
import { DictKindLabel, type DictKindName, FieldType, type FieldTypeId, ShowType } from '@crm/core/contract/clueField';
import type { CascadeNode, FieldGroupItem } from '@crm/core/contract/shapes';

/** The labels of field types, show types and dictionaries are the contract's (shared with the web). */
export { DictKindLabel, type DictKindName, FieldType, type FieldTypeId, ShowType };

/** Dictionary kinds of clue_dict (the stored `kind`). */
export const DictKind = {
  followWay: 1,
  followStatus: 2,
  followPhase: 3,
  channelSource: 4,
  lostReason: 5,
} as const satisfies Record<DictKindName, number>;

export interface StandardField {
  fieldName: string;
  fieldLabel: string;
  fieldType: FieldTypeId;
  /** Can be written through add/edit (and import). */
  editable: boolean;
  /** Offered as an import column. */
  importable?: boolean;
}

/**
 * The standard lead fields. Everything else is a custom field of the organisation. Column settings, per-role
 * visibility and import mapping use these names.
 */
export const STANDARD_FIELDS: StandardField[] = [
  { fieldName: 'name', fieldLabel: '客户名称', fieldType: 1, editable: true, importable: true },
  { fieldName: 'phone', fieldLabel: '手机号', fieldType: 9, editable: true, importable: true },
  { fieldName: 'phones', fieldLabel: '其他电话', fieldType: 1, editable: true, importable: true },
  { fieldName: 'company', fieldLabel: '公司名称', fieldType: 1, editable: true, importable: true },
  { fieldName: 'ownerId', fieldLabel: '跟进人', fieldType: 6, editable: false, importable: true },
  { fieldName: 'type', fieldLabel: '客户类型', fieldType: 6, editable: false },
  { fieldName: 'channelSourceId', fieldLabel: '渠道来源', fieldType: 6, editable: true, importable: true },
  { fieldName: 'importWay', fieldLabel: '导入方式', fieldType: 6, editable: false },
  { fieldName: 'callStatus', fieldLabel: '通话状态', fieldType: 6, editable: false },
  { fieldName: 'callCount', fieldLabel: '通话次数', fieldType: 3, editable: false },
  { fieldName: 'lastCallTime', fieldLabel: '最近通话时间', fieldType: 5, editable: false },
  { fieldName: 'sign', fieldLabel: '标记', fieldType: 1, editable: true, importable: true },
  { fieldName: 'lockStatus', fieldLabel: '锁定状态', fieldType: 6, editable: false },
  { fieldName: 'isInSea', fieldLabel: '是否公海', fieldType: 6, editable: false },
  { fieldName: 'receiveType', fieldLabel: '领取方式', fieldType: 6, editable: false },
  { fieldName: 'risk', fieldLabel: '风险', fieldType: 6, editable: false },
  { fieldName: 'voiceprint', fieldLabel: '声纹比对', fieldType: 6, editable: false },
  { fieldName: 'stage', fieldLabel: '客户阶段', fieldType: 6, editable: true, importable: true },
  { fieldName: 'gender', fieldLabel: '性别', fieldType: 6, editable: true, importable: true },
  { fieldName: 'age', fieldLabel: '年龄', fieldType: 3, editable: true, importable: true },
  { fieldName: 'birthday', fieldLabel: '生日', fieldType: 4, editable: true, importable: true },
  { fieldName: 'area', fieldLabel: '所在地区', fieldType: 8, editable: true, importable: true },
  { fieldName: 'address', fieldLabel: '详细地址', fieldType: 1, editable: true, importable: true },
  { fieldName: 'tagIds', fieldLabel: '标签', fieldType: 7, editable: true, importable: true },
  { fieldName: 'followStatusId', fieldLabel: '跟进状态', fieldType: 6, editable: true, importable: true },
  { fieldName: 'followPhaseId', fieldLabel: '跟进阶段', fieldType: 6, editable: true },
  { fieldName: 'lostReasonId', fieldLabel: '丢单原因', fieldType: 6, editable: true },
  { fieldName: 'remark', fieldLabel: '备注', fieldType: 2, editable: true, importable: true },
  { fieldName: 'nextFollowTime', fieldLabel: '下次跟进时间', fieldType: 5, editable: true, importable: true },
  { fieldName: 'lastFollowTime', fieldLabel: '最后跟进时间', fieldType: 5, editable: false },
  { fieldName: 'createdAt', fieldLabel: '创建时间', fieldType: 5, editable: false },
  { fieldName: 'updatedAt', fieldLabel: '更新时间', fieldType: 5, editable: false },
];
export const STANDARD_BY_NAME = new Map(STANDARD_FIELDS.map((f) => [f.fieldName, f]));

/** The default columns of a list, in order. */
export const DEFAULT_COLUMNS = [
  'name',
  'phone',
  'company',
  'ownerId',
  'stage',
  'followStatusId',
  'callStatus',
  'tagIds',
  'channelSourceId',
  'lastFollowTime',
  'nextFollowTime',
  'createdAt',
];

export interface FieldDef {
  fieldName: string;
  fieldLabel: string;
  fieldType: number;
  isRequired: number;
  groupList: FieldGroupItem[];
  cascadeData: CascadeNode[];
  rules: { min?: number; max?: number; maxLength?: number; decimals?: number };
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A number a lead may have (isDialable of @crm/core: a mainland mobile, a landline with its area code, 400/800 or an
 * international number with +); phoneProblem says why another is refused.
 */
export function isPhone(v: string): boolean {
  return isDialable(v);
}

export const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * One custom field value, checked against its definition. `fromText` accepts what a spreadsheet cell holds
 * (option labels, dates as text or Date, lists separated by commas). Returns the stored value; throws a Chinese
 * message naming the field.
 */
export function parseFieldValue(def: FieldDef, raw: unknown, fromText = false): unknown {
  const label = def.fieldLabel;
  if (isEmpty(raw)) {
    if (def.isRequired === 1) throw new FieldError(`${label}不能为空`);
    return null;
  }
  switch (def.fieldType) {
    case 1:
    case 2: {
      const s = String(raw).trim();
      const max = def.rules.maxLength ?? (def.fieldType === 1 ? 200 : 2000);
      if (s.length > max) throw new FieldError(`${label}不能超过${max}个字`);
      if (!s && def.isRequired === 1) throw new FieldError(`${label}不能为空`);
      return s || null;
    }
    case 3: {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      if (!Number.isFinite(n)) throw new FieldError(`${label}必须是数字`);
      if (def.rules.min !== undefined && n < def.rules.min)
        throw new FieldError(`${label}不能小于最小值${def.rules.min}`);
      if (def.rules.max !== undefined && n > def.rules.max)
        throw new FieldError(`${label}不能大于最大值${def.rules.max}`);
      if (def.rules.decimals !== undefined) {
        const f = 10 ** def.rules.decimals;
        return Math.round(n * f) / f;
      }
      return n;
    }
    case 4:
    case 5: {
      const d = raw instanceof Date ? raw : parseDateTime(String(raw).trim().replaceAll('/', '-'));
      if (!d || Number.isNaN(d.getTime())) throw new FieldError(`${label}日期格式不正确`);
      return def.fieldType === 4 ? formatDate(d) : formatDateTime(d);
    }
    case 6: {
      const s = String(raw).trim();
      const opt =
        def.groupList.find((o) => o.fieldValue === s) ??
        (fromText ? def.groupList.find((o) => o.fieldLabel === s) : undefined);
      if (!opt) throw new FieldError(`${label}的选项“${s}”不存在`);
      return opt.fieldValue;
    }
    case 7: {
      const items = Array.isArray(raw)
        ? raw.map(String)
        : String(raw)
            .split(/[,，;；、]/)
            .map((x) => x.trim())
            .filter(Boolean);
      const out: string[] = [];
      for (const s of items) {
        const opt =
          def.groupList.find((o) => o.fieldValue === s) ??
          (fromText ? def.groupList.find((o) => o.fieldLabel === s) : undefined);
        if (!opt) throw new FieldError(`${label}的选项“${s}”不存在`);
        if (!out.includes(opt.fieldValue)) out.push(opt.fieldValue);
      }
      if (!out.length && def.isRequired === 1) throw new FieldError(`${label}不能为空`);
      return out;
    }
    case 8: {
      const path = Array.isArray(raw)
        ? raw.map(String)
        : String(raw)
            .split(/[/／>]/)
            .map((x) => x.trim())
            .filter(Boolean);
      let level: CascadeNode[] | undefined = def.cascadeData;
      const out: string[] = [];
      for (const s of path) {
        const node: CascadeNode | undefined = level?.find((n) => n.value === s || (fromText && n.label === s));
        if (!node) throw new FieldError(`${label}的选项“${s}”不存在`);
        out.push(node.value);
        level = node.children;
      }
      return out;
    }
    case 9: {
      const problem = phoneProblem(String(raw));
      const s = normalizePhone(String(raw));
      if (problem || !s) throw new FieldError(`${label}：${problem ?? '格式不正确'}`);
      return s;
    }
    case 10: {
      const s = String(raw).trim();
      if (!EMAIL_RE.test(s)) throw new FieldError(`${label}格式不正确`);
      return s;
    }
    default:
      throw new FieldError(`${label}的字段类型不支持`);
  }
}

export class FieldError extends Error {}

/**
 * Validates the custom values of a write against the organisation's definitions. On create every required field
 * must be present; on update only the sent keys are checked and merged.
 */
export function validateCustomValues(
  defs: FieldDef[],
  input: Record<string, unknown>,
  mode: 'create' | 'update',
): Record<string, unknown> {
  const byName = new Map(defs.map((d) => [d.fieldName, d]));
  for (const key of Object.keys(input)) if (!byName.has(key)) throw new FieldError(`自定义字段不存在：${key}`);
  const out: Record<string, unknown> = {};
  for (const def of defs) {
    if (mode === 'update' && !(def.fieldName in input)) continue;
    const v = parseFieldValue(def, input[def.fieldName]);
    if (v !== null) out[def.fieldName] = v;
    else if (mode === 'update') out[def.fieldName] = null;
  }
  return out;
}

/** Text of a stored custom value for lists and exports (option labels instead of values). */
export function customValueText(def: FieldDef, v: unknown): string {
  if (isEmpty(v)) return '';
  if (def.fieldType === 6) return def.groupList.find((o) => o.fieldValue === v)?.fieldLabel ?? String(v);
  if (def.fieldType === 7 && Array.isArray(v))
    return v.map((x) => def.groupList.find((o) => o.fieldValue === x)?.fieldLabel ?? x).join('，');
  if (def.fieldType === 8 && Array.isArray(v)) {
    const labels: string[] = [];
    let level: CascadeNode[] | undefined = def.cascadeData;
    for (const x of v) {
      const n: CascadeNode | undefined = level?.find((c) => c.value === x);
      labels.push(n?.label ?? String(x));
      level = n?.children;
    }
    return labels.join('/');
  }
  return String(v);
}

/** 138****5678: the middle four digits hidden (the half mask). */
export function maskPhone(phone: string): string {
  if (!phone) return phone;
  if (phone.length >= 11) return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  if (phone.length > 4) return `${'*'.repeat(phone.length - 4)}${phone.slice(-4)}`;
  return '****';
}
