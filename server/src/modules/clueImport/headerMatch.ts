import { similarity } from '@crm/core/similarity';

/** How a column was matched to a field: 1 its exact label, 2 its label without units or brackets, 3 the closest label. */
export type MatchKind = 1 | 2 | 3;

/** Other words users put in headers for the standard fields. */
const ALIASES: Record<string, string[]> = {
  phone: ['手机号', '手机', '电话', '手机号码', '联系电话', '电话号码'],
  name: ['客户名称', '姓名', '客户姓名', '名称', '联系人'],
  company: ['公司名称', '公司', '单位', '企业名称'],
  ownerId: ['跟进人', '负责人', '销售', '归属人'],
};

/** A header or label as typed, without the required mark `*` and surrounding blanks. */
const plain = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/^\s*\*/, '')
    .trim();

/**
 * A header or label without units or brackets: `预算（元）`, `预算(万元)`, `预算【元】`, `预算/元`, `预算 单位：元`,
 * `预算：` all give `预算`.
 */
export function bareLabel(text: string): string {
  return plain(text)
    .replace(/[（(【[][^）)】\]]*[）)】\]]/g, '')
    .replace(/\s*单位\s*[:：]?.*$/, '')
    .replace(/\s*[/／]\s*[^/／]{1,4}$/, '')
    .replace(/[:：\s]+$/g, '')
    .trim();
}

/** The smallest similarity of a header to a label for the closest-label suggestion. */
const CLOSEST_MIN = 0.5;

/**
 * Column index → field, and how each was matched: first every header equal to a field's label (or a standard field's
 * alias), then every header equal to one once units and brackets are taken from both (预算（元） → the field 预算, 预算 →
 * the field 预算（元）), then the closest label by edit distance (similarity at least 0.5, best first). A field is
 * given to one column only; the user confirms the suggestion before the import starts.
 */
export function matchHeaders(
  headers: string[],
  fields: { fieldName: string; fieldLabel: string }[],
): { mapping: Record<string, string>; matchKind: Record<string, MatchKind> } {
  const candidates: { label: string; fieldName: string }[] = [];
  for (const f of fields) {
    candidates.push({ label: plain(f.fieldLabel), fieldName: f.fieldName });
    for (const a of ALIASES[f.fieldName] ?? []) candidates.push({ label: a, fieldName: f.fieldName });
  }
  const mapping: Record<string, string> = {};
  const matchKind: Record<string, MatchKind> = {};
  const taken = new Set<string>();
  const give = (col: number, fieldName: string, kind: MatchKind) => {
    if (taken.has(fieldName) || mapping[String(col)]) return;
    taken.add(fieldName);
    mapping[String(col)] = fieldName;
    matchKind[String(col)] = kind;
  };
  const texts = headers.map(plain);
  texts.forEach((h, i) => {
    const c = h && candidates.find((x) => x.label === h);
    if (c) give(i, c.fieldName, 1);
  });
  texts.forEach((h, i) => {
    const bare = bareLabel(h);
    const c = bare && candidates.find((x) => bareLabel(x.label) === bare);
    if (c) give(i, c.fieldName, 2);
  });
  const scored: { i: number; score: number; fieldName: string }[] = [];
  texts.forEach((h, i) => {
    const bare = bareLabel(h);
    if (!bare) return;
    for (const c of candidates) {
      const score = similarity(bare, bareLabel(c.label) || c.label);
      if (score >= CLOSEST_MIN) scored.push({ i, score, fieldName: c.fieldName });
    }
  });
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  for (const s of scored) give(s.i, s.fieldName, 3);
  return { mapping, matchKind };
}
