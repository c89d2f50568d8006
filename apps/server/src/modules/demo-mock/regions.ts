import { areaList, type DemoRegion, type DemoRegionLevel } from '@psy/contracts';

/** The leaf every city gets for places its list does not name (code <city>99). */
export const OTHER_AREA = '其他地区';

export function regionLevel(code: string): DemoRegionLevel {
  if (code.endsWith('0000')) return 'province';
  if (code.endsWith('00')) return 'city';
  return 'district';
}

export function regionParent(code: string): string | null {
  const level = regionLevel(code);
  if (level === 'province') return null;
  return level === 'city' ? `${code.slice(0, 2)}0000` : `${code.slice(0, 4)}00`;
}

let children: Map<string, DemoRegion[]> | null = null;

/**
 * The six-digit region table (GB/T 2260, from the platform's own region data), as children
 * by parent code ('' for the provinces). Every city ends with an 其他地区 leaf, code <city>99
 * (or the next free code below it where 99 names a real place); the data's own 其它区 entries
 * take that name.
 */
function table(): Map<string, DemoRegion[]> {
  if (children) return children;
  const map = new Map<string, DemoRegion[]>();
  const add = (code: string, name: string) => {
    const parent = regionParent(code);
    const level = regionLevel(code);
    const list = map.get(parent ?? '') ?? [];
    list.push({ code, name, parent, level, leaf: level === 'district' });
    map.set(parent ?? '', list);
  };
  const counties = areaList.county_list as Record<string, string>;
  for (const [code, name] of Object.entries(areaList.province_list)) add(code, name);
  for (const [code, name] of Object.entries(areaList.city_list)) add(code, name);
  for (const [code, name] of Object.entries(counties)) add(code, name === '其它区' ? OTHER_AREA : name);
  for (const city of Object.keys(areaList.city_list)) {
    const siblings = map.get(city) ?? [];
    if (siblings.some((r) => r.name === OTHER_AREA)) continue;
    const free = ['99', '98', '97'].map((n) => city.slice(0, 4) + n).find((c) => !counties[c]);
    if (free) add(free, OTHER_AREA);
  }
  for (const list of map.values()) list.sort((a, b) => a.code.localeCompare(b.code));
  children = map;
  return map;
}

/** The regions under `parent` (a six-digit code), or the provinces without one; null for a malformed code. */
export function regionChildren(parent: string | undefined): DemoRegion[] | null {
  if (parent === undefined || parent === '') return table().get('') ?? [];
  if (!/^\d{6}$/.test(parent)) return null;
  return table().get(parent) ?? [];
}
