import { areaList } from '@vant/area-data';

/**
 * Mainland China's administrative divisions keyed by six-digit codes (GB/T 2260): the first
 * two digits are the province, the first four the city. A county code's parents follow from it.
 */
export function regionPath(code: string): { province: string; city: string; county: string } | null {
  if (!/^\d{6}$/.test(code)) return null;
  const county = areaList.county_list[code];
  const city = areaList.city_list[`${code.slice(0, 4)}00`];
  const province = areaList.province_list[`${code.slice(0, 2)}0000`];
  if (!county || !city || !province) return null;
  return { province, city, county };
}

/** "北京市 北京市 东城区", or null for an unknown code. */
export function regionName(code: string): string | null {
  const p = regionPath(code);
  return p ? `${p.province} ${p.city} ${p.county}` : null;
}

export { areaList };
