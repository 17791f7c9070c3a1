import type { CallAnswer, CallInput, contract } from '@crm/core/contract';
import { SOP_REGEX_ERROR, type SopSpeaker } from '@crm/core/contract/sop';
import type { Evidence } from '../analysis/evidence';

/** The pure helpers of the SOP rules tab and of a call's SOP coverage. */

type SopDetail = CallAnswer<typeof contract.sop.selectSopAndItemInfoByRuleId>;
type SopBody = CallInput<typeof contract.sop.createSopRule>;
export type SopItemCoverage = CallAnswer<typeof contract.sop.getSopItemInfoInQuality>['rules'][number]['items'][number];

/** One item as the form holds it: keywords as tags, example sentences and patterns one per line. */
export interface SopItemForm {
  id?: number;
  name?: string;
  keywords?: string[];
  examples?: string;
  regex?: string;
  speaker?: SopSpeaker;
  afterKeywords?: string[];
  /** Asked of the organisation's model when nothing else found the item (and a model is set). */
  llmQuestion?: string;
}

export interface SopRuleForm {
  name?: string;
  deptIds?: number[];
  followStatusIds?: number[];
  items?: SopItemForm[];
}

/** The lines of a box: trimmed, blanks and repeats dropped. */
export function lines(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[\n\r]+/)
        .map((l) => l.trim())
        .filter((l) => l !== ''),
    ),
  ];
}

const tags = (words: string[] | undefined) => [...new Set((words ?? []).map((w) => w.trim()).filter((w) => w))];

/** A new rule's first item: said by the agent. */
export const emptyItem = (): SopItemForm => ({ keywords: [], speaker: 'agent', afterKeywords: [] });

/** The form of a stored rule (null: a new rule with one empty item). */
export function formOf(rule: SopDetail | null): SopRuleForm {
  if (!rule) return { deptIds: [], followStatusIds: [], items: [emptyItem()] };
  return {
    name: rule.name,
    deptIds: rule.deptIds,
    followStatusIds: rule.followStatusIds,
    items: rule.items.map((i) => ({
      id: i.id,
      name: i.name,
      keywords: i.keywords,
      examples: i.examples.join('\n'),
      regex: i.regex.join('\n'),
      speaker: i.speaker,
      afterKeywords: i.afterKeywords,
      llmQuestion: i.llmQuestion ?? '',
    })),
  };
}

/**
 * The body of createSopRule / updateSopRule from the form: the items in the order shown. The precondition patterns
 * are not edited here: an edited item keeps its stored ones.
 */
export function bodyOf(form: SopRuleForm, stored: SopDetail | null, status: 1 | 2): SopBody {
  const kept = new Map((stored?.items ?? []).map((i) => [i.id, i]));
  return {
    name: (form.name ?? '').trim(),
    deptIds: form.deptIds ?? [],
    followStatusIds: form.followStatusIds ?? [],
    status,
    items: (form.items ?? []).map((i) => {
      const old = i.id ? kept.get(i.id) : undefined;
      return {
        ...(old ? { id: old.id } : {}),
        name: (i.name ?? '').trim(),
        keywords: tags(i.keywords),
        examples: lines(i.examples),
        regex: lines(i.regex),
        speaker: i.speaker ?? 'agent',
        llmQuestion: i.llmQuestion?.trim() || null,
        afterKeywords: tags(i.afterKeywords),
        afterRegex: old?.afterRegex ?? [],
      };
    }),
  };
}

/** The first pattern of a box that does not compile, in the words of the server's refusal; null when all do. */
export function regexProblem(text: string | undefined, itemName: string | undefined): string | null {
  for (const p of lines(text)) {
    try {
      new RegExp(p, 'i');
    } catch (e) {
      return `${SOP_REGEX_ERROR}环节「${itemName?.trim() || '未命名'}」的 ${p}：${(e as Error).message}`;
    }
  }
  return null;
}

/** An item matched by nothing is refused by the server: said on its keywords first. */
export function itemEmpty(item: SopItemForm | undefined): boolean {
  return (
    !tags(item?.keywords).length &&
    !lines(item?.examples).length &&
    !lines(item?.regex).length &&
    !item?.llmQuestion?.trim()
  );
}

type FieldPath = (string | number)[];

const ITEM_FIELDS = ['name', 'keywords', 'examples', 'regex', 'speaker', 'afterKeywords', 'llmQuestion'];

/**
 * A refused save as messages on the form's fields: `items.2.regex.0` goes on the third item's patterns, a message
 * of a field the form does not show (afterRegex) on the item's name. Null when none names a field of the form.
 */
export function sopFieldErrors(error: { msg: string; data?: unknown }): { name: FieldPath; errors: string[] }[] | null {
  const listed = (error.data as { errors?: { field?: string; message?: string }[] } | null)?.errors ?? [];
  const found = new Map<string, { name: FieldPath; errors: string[] }>();
  const put = (name: FieldPath, message: string) => {
    const key = name.join('.');
    const at = found.get(key) ?? { name, errors: [] };
    if (!at.errors.includes(message)) at.errors.push(message);
    found.set(key, at);
  };
  for (const e of listed) {
    const [head, index, field] = (e.field ?? '').split('.');
    const message = e.message ?? error.msg;
    if (head === 'name' || head === 'deptIds' || head === 'followStatusIds') put([head], message);
    else if (head === 'items' && index !== undefined && /^\d+$/.test(index))
      put(['items', Number(index), ITEM_FIELDS.includes(field) ? field : 'name'], message);
  }
  if (!found.size && error.msg.includes('名称已存在')) put(['name'], error.msg);
  return found.size ? [...found.values()] : null;
}

export interface DeptTreeNode {
  title: string;
  value: number;
  key: number;
  children: DeptTreeNode[];
}

/** The departments of getSopExecuteDeptList (a flat list with parents) as the tree of a TreeSelect. */
export function deptTree(depts: { id: number; name: string; parentId: number | null }[] | undefined): DeptTreeNode[] {
  const nodes = new Map<number, DeptTreeNode>(
    (depts ?? []).map((d) => [d.id, { title: d.name, value: d.id, key: d.id, children: [] }]),
  );
  const roots: DeptTreeNode[] = [];
  for (const d of depts ?? []) {
    const node = nodes.get(d.id)!;
    const parent = d.parentId !== null ? nodes.get(d.parentId) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The names of a rule's departments or stages; none named means every one. */
export const namesOrAll = (named: { name: string }[]) => (named.length ? named.map((n) => n.name).join('、') : '全部');

/** The evidence of a covered item (a sentence the AI panel opens in the transcript); null for a missed one. */
export function itemEvidence(item: SopItemCoverage): Evidence | null {
  if (!item.hit || item.sentence === null || item.startMs === null || item.speaker === null) return null;
  return {
    segment: item.segment ?? 0,
    startMs: item.startMs,
    endMs: item.endMs ?? item.startMs,
    speaker: item.speaker,
    text: item.sentence,
    ...(item.match ? { match: item.match } : {}),
  };
}

/** A rule's coverage as a percent, e.g. 0.666 → '67%'. */
export const coveragePercent = (coverage: number) => `${Math.round(coverage * 100)}%`;
