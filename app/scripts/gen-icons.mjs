#!/usr/bin/env node
// Draws the app icon (white grocery bag on the theme green) and writes static/icons/icon-192.png,
// static/icons/icon-512.png and static/favicon.ico. No image library: shapes are sampled per pixel
// (4x4 supersampling for smooth edges) and encoded as PNG with zlib. The bag stays inside the central
// 80% circle, so the same files serve as maskable icons. Run: node app/scripts/gen-icons.mjs
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deflateSync } from "node:zlib";

const staticDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "static");
const GREEN = [0x2e, 0x6b, 0x30];
const WHITE = [0xff, 0xff, 0xff];

/** Is the point (x, y in 0..1) part of the white bag? */
function inBag(x, y) {
  // Body: a trapezoid, wider at the bottom, with rounded-ish bottom corners.
  const top = 0.4, bottom = 0.74;
  if (y >= top && y <= bottom) {
    const t = (y - top) / (bottom - top);
    const half = 0.2 + 0.03 * t;
    const r = 0.04;
    if (Math.abs(x - 0.5) <= half) {
      const cy = bottom - r, cx = 0.5 + Math.sign(x - 0.5) * (half - r);
      if (y > cy && Math.abs(x - 0.5) > half - r) return Math.hypot(x - cx, y - cy) <= r;
      // A green band across the bag reads as a label at small sizes.
      return !(y > 0.52 && y < 0.56);
    }
  }
  // Handle: the upper half of a ring above the body.
  const d = Math.hypot(x - 0.5, y - 0.4);
  return y <= 0.4 && d >= 0.085 && d <= 0.125;
}

function draw(size) {
  const px = Buffer.alloc(size * size * 3);
  const S = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let hits = 0;
      for (let sy = 0; sy < S; sy++)
        for (let sx = 0; sx < S; sx++) if (inBag((i + (sx + 0.5) / S) / size, (j + (sy + 0.5) / S) / size)) hits++;
      const a = hits / (S * S);
      for (let c = 0; c < 3; c++) px[(j * size + i) * 3 + c] = Math.round(GREEN[c] * (1 - a) + WHITE[c] * a);
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size) {
  const px = draw(size);
  const rows = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) px.copy(rows, y * (size * 3 + 1) + 1, y * size * 3, (y + 1) * size * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method variants, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** ICO holding PNG images (understood by every browser that matters). */
function ico(sizes) {
  const images = sizes.map(png);
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((s, k) => {
    const e = 6 + 16 * k;
    header[e] = s;
    header[e + 1] = s;
    header.writeUInt16LE(1, e + 4); // planes
    header.writeUInt16LE(24, e + 6); // bits per pixel
    header.writeUInt32LE(images[k].length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += images[k].length;
  });
  return Buffer.concat([header, ...images]);
}

mkdirSync(join(staticDir, "icons"), { recursive: true });
writeFileSync(join(staticDir, "icons", "icon-192.png"), png(192));
writeFileSync(join(staticDir, "icons", "icon-512.png"), png(512));
writeFileSync(join(staticDir, "favicon.ico"), ico([16, 32, 48]));
console.log(`icons written to ${staticDir}`);
