#!/usr/bin/env node
// Draws the demo seed's pictures as small flat SVG illustrations and writes them to
// static/img/{products,categories,pantries,cards}/<slug>.svg (the host serves static/x at /x, so
// these are the seed's /img/... paths). Run: node app/scripts/gen-demo-images.mjs
//
// The names come from the seed's tables in host/db/seed/demo_data/ (PRODUCTS, CATEGORIES,
// PRODUCTS_WITH_TWO_IMAGES, PANTRIES kinds, INFO_CARDS) plus any literal "/img/<dir>/<name>.svg" in
// host/db/seed/demo/pictures.rs (library-2). The unit test
// db::seed::demo::pictures::tests::every_demo_image_is_shipped fails when the seed names a picture
// that is not here, so rerun this after changing those tables.
//
// Every picture is deterministic: its background hue is a hash of its name. Each file carries a
// viewBox and an intrinsic width/height (products and categories 1:1, pantries 4:3, cards 16:9, as the
// info-card CSS crops them), so an <img> knows its shape before it paints. No text is drawn.
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outDir = join(root, "static", "img");
const seedDir = join(root, "host", "db", "seed");
const MAX_BYTES = 1536;

// ---- Names from the seed ------------------------------------------------------------------------

/** Same as `slug` in host/db/seed/demo/pictures.rs: "Diapers, Size 3" -> "diapers-size-3". */
function slug(name) {
  let out = "";
  for (const c of name) {
    if (/[A-Za-z0-9]/.test(c)) out += c.toLowerCase();
    else if (out && !out.endsWith("-")) out += "-";
  }
  return out.replace(/-+$/, "");
}

/** The text of `const NAME ... = &[ ... ];` in a Rust file (tables end with "];" at line start). */
function table(src, name) {
  const m = new RegExp(`const ${name}\\b[^=]*=\\s*&?\\[([\\s\\S]*?)\\n?\\];`).exec(src);
  if (!m) throw new Error(`demo_data/: table ${name} not found`);
  return m[1];
}

function readSeed() {
  const data = ["places.rs", "catalog.rs", "content.rs"].map((f) => readFileSync(join(seedDir, "demo_data", f), "utf8")).join("\n");
  const demo = readFileSync(join(seedDir, "demo", "pictures.rs"), "utf8");
  const productTable = table(data, "PRODUCTS");
  const products = [...productTable.matchAll(/\bpc?\(\s*"([^"]+)",\s*"([^"]+)",\s*"(?:[^"\\]|\\.)*",\s*[\d.]+,\s*"[^"]*",\s*"([^"]+)"/g)].map(
    ([, category, name, pkg]) => ({ category, name, pkg }),
  );
  const twoImages = new Set([...table(data, "PRODUCTS_WITH_TWO_IMAGES").matchAll(/"([^"]+)"/g)].map((m) => m[1]));
  const categories = [...table(data, "CATEGORIES").matchAll(/\(\s*"([^"]+)",\s*"([^"]+)"\s*\)/g)].map(([, name, image]) => ({ name, image }));
  const kinds = [...new Set([...table(data, "PANTRIES").matchAll(/\bkind:\s*"([^"]+)"/g)].map((m) => m[1]))];
  const cards = [...new Set([...table(data, "INFO_CARDS").matchAll(/\bimage:\s*"([^"]+)"/g)].map((m) => m[1]))];
  // Whole paths written out in demo/pictures.rs, e.g. the second library photo.
  const literal = [...demo.matchAll(/"\/img\/(products|categories|pantries|cards)\/([a-z0-9-]+)\.svg"/g)].map(([, dir, name]) => ({ dir, name }));
  if (products.length < 50 || categories.length < 5 || !kinds.length || !cards.length) {
    throw new Error(`demo_data/: parsed only ${products.length} products, ${categories.length} categories, ${kinds.length} pantry kinds, ${cards.length} cards`);
  }
  const calls = productTable.match(/^\s*pc?\(/gm)?.length ?? 0;
  if (calls !== products.length) throw new Error(`demo_data/: PRODUCTS has ${calls} rows but ${products.length} parsed`);
  for (const name of twoImages) if (!products.some((p) => p.name === name)) throw new Error(`PRODUCTS_WITH_TWO_IMAGES: unknown product ${name}`);
  return { products, twoImages, categories, kinds, cards, literal };
}

// ---- Colour -------------------------------------------------------------------------------------

/** FNV-1a, 32 bits. */
function hash(s) {
  let h = 0x811c9dc5;
  for (const c of s) h = Math.imul(h ^ c.codePointAt(0), 0x01000193) >>> 0;
  return h;
}

/** hsl (degrees, percent, percent) as #rrggbb. */
function hsl(h, s, l) {
  s /= 100;
  l /= 100;
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[f(0), f(8), f(4)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** A palette from one hue: pastel background, a softer disc, a shadow, the object and its trim. */
function palette(hue) {
  return {
    bg: hsl(hue, 60, 91),
    disc: hsl(hue, 55, 84),
    shadow: hsl(hue, 30, 74),
    main: hsl(hue, 50, 52),
    dark: hsl(hue, 45, 38),
    light: "#fffaf0",
  };
}

/** The name's hue, nudged off the muddy yellow-greens. */
function hueOf(name, shift = 0) {
  const h = (hash(name) + shift) % 360;
  return h > 55 && h < 85 ? h + 40 : h;
}

// ---- Shapes (100 x 100 frame, objects stand on y = 86) --------------------------------------------

const svg = (w, h, pw, ph, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${pw}" height="${ph}">${body}</svg>\n`;
const at = (x, y, s, body) => `<g transform="translate(${x} ${y}) scale(${s})">${body}</g>`;
const stroke = (c, w) => `fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round"`;

/** A small mark on a label, by category: leaf, drop, snowflake, star, heart, grain, bubbles or dot. */
function accent(category, c, x, y) {
  const mark = {
    Produce: `<path d="M-5 4C-5-4 1-6 6-6C6 2 0 6-5 4z" fill="#5aa344"/>`,
    "Dairy & Eggs": `<path d="M0-7C4-2 5 1 5 3A5 5 0 0 1-5 3C-5 1-4-2 0-7z" fill="#6fa8dc"/>`,
    Beverages: `<path d="M0-7C4-2 5 1 5 3A5 5 0 0 1-5 3C-5 1-4-2 0-7z" fill="${c.main}"/>`,
    Frozen: `<path d="M0-7V7M-6-3.5L6 3.5M-6 3.5L6-3.5" ${stroke("#4a90c8", 2)}/>`,
    Snacks: `<path d="M0-7L2 -2H7L3 1L5 6L0 3L-5 6L-3 1L-7-2H-2z" fill="#f0b429"/>`,
    "Baby Care": `<path d="M0 6L-6 0A3.5 3.5 0 0 1 0-5A3.5 3.5 0 0 1 6 0z" fill="#e8798f"/>`,
    "Pasta, Rice & Grains": `<path d="M0 7V-7M0-2L-4-6M0-2L4-6M0 3L-4-1M0 3L4-1" ${stroke("#c99a3b", 2)}/>`,
    "Breakfast & Cereal": `<circle r="5" fill="#f0b429"/>`,
    "Personal Care & Household": `<circle cx="-2" cy="1" r="4" fill="#9fc5e8"/><circle cx="4" cy="-3" r="2.5" fill="#9fc5e8"/>`,
  }[category] ?? `<circle r="5" fill="${c.dark}"/>`;
  return `<g transform="translate(${x} ${y})">${mark}</g>`;
}

/** Packages by the seed's package type; `a` is the label accent. */
const PACKAGES = {
  Can: (c, a) =>
    `<rect x="32" y="34" width="36" height="50" rx="4" fill="${c.main}"/><rect x="32" y="47" width="36" height="22" fill="${c.light}"/>${a(50, 58)}<ellipse cx="50" cy="35" rx="18" ry="4" fill="${c.dark}"/>`,
  Canister: (c, a) =>
    `<rect x="30" y="28" width="40" height="56" rx="5" fill="${c.main}"/><rect x="30" y="44" width="40" height="26" fill="${c.light}"/>${a(50, 57)}<rect x="28" y="22" width="44" height="10" rx="4" fill="${c.dark}"/>`,
  Jar: (c, a) =>
    `<rect x="30" y="36" width="40" height="48" rx="9" fill="${c.main}"/><rect x="34" y="26" width="32" height="12" rx="2" fill="${c.dark}"/><rect x="30" y="50" width="40" height="20" fill="${c.light}"/>${a(50, 60)}`,
  Box: (c, a) =>
    `<rect x="29" y="20" width="42" height="64" rx="2" fill="${c.main}"/><rect x="29" y="20" width="42" height="8" fill="${c.dark}"/><rect x="34" y="40" width="32" height="28" rx="4" fill="${c.light}"/>${a(50, 54)}`,
  Bag: (c, a) =>
    `<path d="M31 30H69L74 84H26z" fill="${c.main}"/><path d="M31 30l4-6 4 6 4-6 4 6 4-6 4 6 4-6 4 6 4-6 3 6z" fill="${c.dark}"/><ellipse cx="50" cy="58" rx="15" ry="12" fill="${c.light}"/>${a(50, 58)}`,
  Bottle: (c, a) =>
    `<path d="M44 24H56V32L64 42V84H36V42L44 32z" fill="${c.main}"/><rect x="43" y="16" width="14" height="9" rx="2" fill="${c.dark}"/><rect x="36" y="50" width="28" height="22" fill="${c.light}"/>${a(50, 61)}`,
  Jug: (c, a) =>
    `<path d="M32 40L42 24H56L68 36V84H32z" fill="${c.light}" stroke="${c.main}" stroke-width="3"/><rect x="42" y="16" width="13" height="9" rx="2" fill="${c.dark}"/><path d="M58 34H64V48H58z" fill="${c.bg}" stroke="${c.main}" stroke-width="2"/><rect x="34" y="56" width="32" height="18" fill="${c.main}"/>${a(50, 65)}`,
  Carton: (c, a) =>
    `<path d="M34 36L50 22L66 36V84H34z" fill="${c.light}"/><rect x="44" y="16" width="12" height="8" fill="${c.dark}"/><path d="M34 36H66V84H34z" fill="${c.main}"/><rect x="38" y="48" width="24" height="24" rx="3" fill="${c.light}"/>${a(50, 60)}`,
  Tub: (c, a) =>
    `<path d="M29 48H71L67 84H33z" fill="${c.main}"/><rect x="26" y="40" width="48" height="10" rx="4" fill="${c.dark}"/><rect x="34" y="58" width="32" height="16" rx="3" fill="${c.light}"/>${a(50, 66)}`,
  Pack: (c, a) =>
    `<rect x="22" y="38" width="56" height="46" rx="7" fill="${c.main}"/><rect x="22" y="46" width="56" height="6" fill="${c.dark}"/><rect x="30" y="58" width="40" height="18" rx="4" fill="${c.light}"/>${a(50, 67)}`,
  Tube: (c, a) =>
    `<path d="M16 52L66 44V74L16 66z" fill="${c.light}" stroke="${c.main}" stroke-width="3"/><rect x="66" y="52" width="14" height="14" rx="2" fill="${c.dark}"/><path d="M16 48V70" ${stroke(c.main, 5)}/>${a(40, 59)}`,
  Case: (c) =>
    `${[28, 44, 60].map((x) => `<path d="M${x + 4} 22h4v6l4 5v30h-12v-30l4-5z" fill="#9fc5e8"/><rect x="${x + 3}" y="18" width="6" height="5" fill="#3d85c6"/>`).join("")}<rect x="22" y="56" width="56" height="28" rx="3" fill="${c.main}"/><rect x="22" y="64" width="56" height="6" fill="${c.light}"/>`,
  Loaf: (c) =>
    `<path d="M20 62C20 40 34 34 50 34S80 40 80 62V84H20z" fill="#d9a066"/><path d="M24 60C24 44 36 40 50 40S76 44 76 60V84H24z" fill="#f6dcb0"/><path d="M38 50l6-5M48 50l6-5M58 50l6-5" ${stroke("#c68a4c", 3)}/>`,
};

/** Produce and other loose items: drawn around (0, 0), about 40 across. */
const ITEMS = {
  apple: `<circle r="18" fill="#d9483b"/><circle cx="-7" cy="-6" r="4" fill="#ec7d70"/><path d="M0-16Q2-23 6-25" ${stroke("#6b4226", 2.5)}/><ellipse cx="8" cy="-21" rx="6" ry="3" fill="#5aa344"/>`,
  orange: `<circle r="18" fill="#f39a1e"/><circle cx="-7" cy="-6" r="4" fill="#f8bd66"/><circle cy="-15" r="2" fill="#c8740c"/><ellipse cx="6" cy="-19" rx="6" ry="3" fill="#4f9a3a"/>`,
  banana: `<path d="M-24-16Q-2 28 24-14Q0 2-24-16z" fill="#e8bd2c"/><path d="M-24-10Q-2 34 24-8Q0 8-24-10z" fill="#f5d142"/><path d="M-24-10L-27-16M24-8L27-14" ${stroke("#7a5c12", 3)}/>`,
  carrot: `<path d="M-8-12H8L1 24Q0 26-1 24z" fill="#ef7d1a"/><path d="M-3-5H2M-1 5H4M-2 14H2" ${stroke("#c85f0a", 1.5)}/><path d="M-4-13L-8-24M0-13V-26M4-13L8-24" ${stroke("#4f9a3a", 3)}/>`,
  potato: `<ellipse rx="20" ry="14" fill="#b98a55"/><circle cx="-8" cy="-3" r="1.5" fill="#7e5a32"/><circle cx="6" cy="4" r="1.5" fill="#7e5a32"/><circle cx="9" cy="-5" r="1.5" fill="#7e5a32"/>`,
  onion: `<path d="M0-22Q4-12 14-6Q22 10 0 18Q-22 10-14-6Q-4-12 0-22z" fill="#d9a441"/><path d="M0-14Q-8 2 0 17M0-14Q8 2 0 17" ${stroke("#b5822a", 1.5)}/>`,
  "sweet-potato": `<ellipse rx="22" ry="11" transform="rotate(-15)" fill="#c1553b"/><path d="M-10 0h6M4-4h6" ${stroke("#93392a", 1.5)}/>`,
  lettuce: `<circle cx="-10" cy="4" r="14" fill="#7cc05a"/><circle cx="10" cy="4" r="14" fill="#7cc05a"/><circle cy="-6" r="15" fill="#9bd37a"/><path d="M0 16V-12M0 2L-8-6M0 2L8-6" ${stroke("#5c9e3e", 2)}/>`,
  turkey: `<ellipse cy="4" rx="26" ry="17" fill="#c8874a"/><ellipse cx="-6" cy="-2" rx="12" ry="6" fill="#dea26a"/><path d="M20-4L30-14M-20-4L-30-14" ${stroke("#c8874a", 8)}/><circle cx="31" cy="-15" r="4" fill="#f6e7cf"/><circle cx="-31" cy="-15" r="4" fill="#f6e7cf"/>`,
};

/** The loose item a produce (or "Each") product shows, by name: "Sweet Potatoes" -> sweet-potato. */
function itemFor(p) {
  if (p.category !== "Produce" && p.pkg !== "Each") return undefined;
  const s = slug(p.name);
  // Longest first, so "sweet-potato" wins over "potato".
  return Object.keys(ITEMS).sort((a, b) => b.length - a.length).find((k) => s.includes(k));
}

/** Egg carton: a tray with three eggs showing. */
const eggs = (c) =>
  `<ellipse cx="36" cy="50" rx="9" ry="11" fill="#fbeedd"/><ellipse cx="50" cy="48" rx="9" ry="11" fill="#f4e2c8"/><ellipse cx="64" cy="50" rx="9" ry="11" fill="#fbeedd"/><path d="M22 56H78L72 84H28z" fill="${c.main}"/><path d="M34 62V80M50 62V80M66 62V80" ${stroke(c.dark, 2)}/>`;

/** The picture of one product: its loose item, else its package, on a soft disc. */
function product(p, second) {
  const c = palette(hueOf(p.name, second ? 40 : 0));
  const a = (x, y) => accent(p.category, c, x, y);
  const item = itemFor(p);
  let body;
  if (p.name.toLowerCase().includes("egg") && p.pkg === "Carton") body = eggs(c);
  else if (item && p.pkg === "Bag") {
    // A bag of produce: three of them.
    body = at(34, 66, 0.7, ITEMS[item]) + at(66, 66, 0.7, ITEMS[item]) + at(50, 46, 0.7, ITEMS[item]);
  } else if (item) body = at(50, 60, 1, ITEMS[item]);
  else body = (PACKAGES[p.pkg] ?? PACKAGES.Box)(c, a);
  // The second photo of a product is the same thing seen a little turned.
  if (second) body = `<g transform="rotate(-10 50 60)">${body}</g>`;
  return svg(100, 100, 500, 500, `<rect width="100" height="100" fill="${c.bg}"/><circle cx="50" cy="52" r="40" fill="${c.disc}"/><ellipse cx="50" cy="86" rx="28" ry="4" fill="${c.shadow}"/>${body}`);
}

// ---- Categories: two of their products side by side ----------------------------------------------

function category(cat) {
  const c = palette(hueOf(cat.name));
  const warm = palette((hueOf(cat.name) + 150) % 360);
  const a = (x, y) => accent(cat.name, c, x, y);
  const left = (body) => at(-6, 21, 0.76, body);
  const right = (body) => at(30, 21, 0.76, body);
  const pkg = (name, pal = c) => PACKAGES[name](pal, (x, y) => accent(cat.name, pal, x, y));
  const snowflake = `<path d="M0-14V14M-12-7L12 7M-12 7L12-7M-4-12L0-8L4-12M-4 12L0 8L4 12" ${stroke("#4a90c8", 3)}/>`;
  const pictures = {
    produce: at(36, 66, 0.9, ITEMS.apple) + at(66, 60, 0.9, ITEMS.carrot),
    "dairy-eggs": left(pkg("Carton")) + right(eggs(warm)),
    "meat-protein": left(pkg("Jar", warm)) + right(pkg("Can")),
    "canned-goods": left(pkg("Can", warm)) + right(pkg("Can")),
    "pasta-rice-grains": left(pkg("Box", warm)) + right(pkg("Bag")),
    "breakfast-cereal": left(pkg("Box")) + right(pkg("Bottle", warm)),
    "bread-bakery": at(2, 5, 0.96, PACKAGES.Loaf(c)),
    beverages: left(pkg("Bottle", warm)) + right(pkg("Carton")),
    frozen: left(pkg("Bag")) + at(68, 36, 1, snowflake),
    snacks: left(pkg("Box", warm)) + right(pkg("Pack")),
    "baby-care": left(pkg("Canister")) + right(pkg("Pack", warm)),
    "personal-care-household": left(pkg("Bottle")) + right(pkg("Tube", warm)),
  };
  const body = pictures[cat.image] ?? PACKAGES.Box(c, a);
  return svg(100, 100, 500, 500, `<rect width="100" height="100" fill="${c.bg}"/><circle cx="50" cy="52" r="42" fill="${c.disc}"/><ellipse cx="50" cy="86" rx="34" ry="4" fill="${c.shadow}"/>${body}`);
}

// ---- Pantries: the building in a small street scene (160 x 120) ---------------------------------

const tree = (x) => `<rect x="${x - 2}" y="78" width="4" height="18" fill="#7a5632"/><circle cx="${x}" cy="72" r="11" fill="#5e9e4a"/>`;

const BUILDINGS = {
  library: `<path d="M36 44L80 26L124 44z" fill="#c9b79c"/><rect x="38" y="44" width="84" height="6" fill="#b4a183"/>${[44, 60, 92, 108].map((x) => `<rect x="${x}" y="52" width="8" height="36" fill="#efe6d6"/>`).join("")}<rect x="36" y="52" width="88" height="36" fill="#e0d3bd" fill-opacity=".6"/><path d="M72 88V66A8 8 0 0 1 88 66V88z" fill="#6b4a2f"/><rect x="32" y="88" width="96" height="4" fill="#b4a183"/><rect x="28" y="92" width="104" height="4" fill="#a08e71"/>`,
  church: `<rect x="44" y="52" width="72" height="44" fill="#e9dcc6"/><path d="M40 54L80 30L120 54z" fill="#a0523d"/><rect x="68" y="30" width="24" height="66" fill="#f3ead9"/><path d="M66 32L80 6L94 32z" fill="#a0523d"/><path d="M80 2V12M76 6H84" ${stroke("#8a6d1a", 2)}/><circle cx="80" cy="44" r="6" fill="#6fa8dc"/><path d="M73 96V72A7 7 0 0 1 87 72V96z" fill="#6b4a2f"/><path d="M52 80V66A4 4 0 0 1 60 66V80zM100 80V66A4 4 0 0 1 108 66V80z" fill="#6fa8dc"/>`,
  community: `<rect x="30" y="50" width="100" height="46" rx="2" fill="#e8b96a"/><rect x="26" y="44" width="108" height="8" rx="2" fill="#8c5a3c"/>${[38, 58, 94, 114].map((x) => `<rect x="${x}" y="60" width="12" height="12" rx="1" fill="#cfe2f3"/>`).join("")}<rect x="72" y="66" width="16" height="30" fill="#5b7fa6"/><rect x="30" y="80" width="40" height="4" fill="#e06666"/><rect x="90" y="80" width="40" height="4" fill="#6aa84f"/><path d="M124 44V14" ${stroke("#666", 2)}/><path d="M125 15H140L136 20L140 25H125z" fill="#e06666"/>`,
};

/** The inside of the library: shelves of books (one path per colour keeps the file small). */
function shelves(c) {
  const books = ["#d9483b", "#3d85c6", "#f0b429", "#6aa84f", "#8e7cc3", "#e69138"];
  const paths = books.map(() => "");
  let body = `<rect width="160" height="120" fill="${c.bg}"/><rect x="20" y="12" width="120" height="100" rx="3" fill="#8c5a3c"/>`;
  for (const [row, y] of [20, 50, 80].entries()) {
    body += `<rect x="26" y="${y}" width="108" height="26" fill="#f3e6d0"/>`;
    let x = 28;
    for (let i = 0; x < 124; i++) {
      const w = 6 + ((i * 7 + row * 3) % 4);
      const h = 16 + ((i * 5 + row) % 8);
      paths[(i + row * 2) % books.length] += `M${x} ${y + 26 - h}h${w}v${h}h-${w}z`;
      x += w + 1;
    }
  }
  return body + paths.map((d, i) => `<path d="${d}" fill="${books[i]}"/>`).join("");
}

function pantry(name) {
  const c = palette(hueOf(name, 180));
  const [kind, n] = name.split(/-(?=\d+$)/);
  if (kind === "library" && n) return svg(160, 120, 640, 480, shelves(c));
  const sky = hsl(hueOf(name, 180) % 60 + 190, 60, 88);
  const building = BUILDINGS[kind] ?? BUILDINGS.community;
  return svg(
    160,
    120,
    640,
    480,
    `<rect width="160" height="120" fill="${sky}"/><circle cx="134" cy="22" r="10" fill="#ffd966"/><ellipse cx="30" cy="24" rx="14" ry="5" fill="#fff"/><rect y="94" width="160" height="26" fill="#93c47d"/><rect y="104" width="160" height="6" fill="#d9d2c5"/>${tree(16)}${tree(146)}${building}`,
  );
}

// ---- Info cards: one friendly glyph on a soft banner (160 x 90) ----------------------------------

const heart = (x, y, s, fill) => at(x, y, s, `<path d="M0 9L-9 0A5 5 0 0 1 0-7A5 5 0 0 1 9 0z" fill="${fill}"/>`);

const skyline = (fill, tall) =>
  [[40, 40], [52, tall ? 18 : 30], [66, 34], [78, tall ? 10 : 26], [92, 28], [106, tall ? 22 : 36]]
    .map(([x, y]) => `<rect x="${x}" y="${y}" width="13" height="${72 - y}" fill="${fill}"/>`)
    .join("") + `<rect x="38" y="72" width="84" height="4" fill="${fill}"/>`;

const CARDS = {
  "what-is-orderahead": (c) =>
    `<path d="M58 34H102L106 78H54z" fill="${c.main}"/><path d="M70 34V28A10 10 0 0 1 90 28V34" ${stroke(c.dark, 4)}/>${heart(80, 54, 1.5, c.light)}`,
  "find-a-pantry": (c) =>
    `<path d="M46 30L66 24L94 32L114 26V70L94 76L66 68L46 74z" fill="${c.light}"/><path d="M66 24V68M94 32V76" ${stroke(c.disc, 2)}/><path d="M80 64C70 50 68 44 68 38A12 12 0 0 1 92 38C92 44 90 50 80 64z" fill="${c.main}"/><circle cx="80" cy="38" r="5" fill="${c.light}"/>`,
  "choose-a-time": (c) =>
    `<circle cx="80" cy="46" r="28" fill="${c.light}" stroke="${c.main}" stroke-width="5"/><path d="M80 46V30M80 46L92 52" ${stroke(c.dark, 4)}/><circle cx="80" cy="46" r="3" fill="${c.dark}"/>`,
  "shop-and-check-out": (c) =>
    `<path d="M44 24H54L62 60H104L110 34H58" ${stroke(c.dark, 4)} stroke-linejoin="round"/><path d="M60 36H108L103 56H64z" fill="${c.main}"/><circle cx="66" cy="72" r="5" fill="${c.dark}"/><circle cx="100" cy="72" r="5" fill="${c.dark}"/>${at(80, 30, 0.5, ITEMS.apple)}${at(96, 34, 0.45, ITEMS.orange)}`,
  tefap: (c) =>
    `${at(66, 50, 0.8, ITEMS.apple)}${at(92, 48, 0.8, ITEMS.orange)}${at(80, 42, 0.8, ITEMS.carrot)}<path d="M50 54H110L104 80H56z" fill="${c.main}"/><path d="M60 62H100M62 70H98" ${stroke(c.light, 2)}/>`,
  "call-211": (c) =>
    `<rect x="64" y="18" width="32" height="58" rx="6" fill="${c.dark}"/><rect x="68" y="26" width="24" height="38" rx="2" fill="${c.light}"/><circle cx="80" cy="70" r="2.5" fill="${c.light}"/><path d="M102 30A14 14 0 0 1 102 50M108 24A22 22 0 0 1 108 56" ${stroke(c.main, 3)}/>${heart(80, 45, 0.9, c.main)}`,
  "saved-addresses": (c) =>
    `<path d="M52 44L80 20L108 44z" fill="${c.dark}"/><rect x="58" y="44" width="44" height="34" fill="${c.light}"/><rect x="74" y="58" width="12" height="20" fill="${c.main}"/>${heart(80, 34, 0.8, c.light)}<path d="M112 52C106 44 105 40 105 37A7 7 0 0 1 119 37C119 40 118 44 112 52z" fill="${c.main}"/>`,
  "columbus-welcome": (c) => `<circle cx="48" cy="22" r="12" fill="#ffd966"/>${skyline(c.main, false)}${heart(80, 14, 0.9, c.dark)}`,
  "chicago-welcome": (c) =>
    `<circle cx="112" cy="26" r="10" fill="#ffd966"/>${skyline(c.dark, true)}<path d="M30 82Q40 78 50 82T70 82T90 82T110 82T130 82" ${stroke("#6fa8dc", 3)}/>`,
  "columbus-libraries": (c) =>
    `<rect x="52" y="64" width="56" height="12" rx="2" fill="${c.dark}"/><rect x="56" y="52" width="50" height="12" rx="2" fill="${c.main}"/><rect x="54" y="40" width="52" height="12" rx="2" fill="#f0b429"/><path d="M58 46H100M60 58H102M56 70H104" ${stroke(c.light, 1.5)}/>${heart(80, 28, 0.9, c.main)}`,
  "summer-meals": (c) =>
    `<circle cx="80" cy="40" r="14" fill="#ffd966"/><path d="M80 18V12M80 68V62M58 40H52M108 40H102M64 24L60 20M96 24L100 20M64 56L60 60M96 56L100 60" ${stroke("#f0b429", 3)}/>${at(62, 66, 0.55, ITEMS.apple)}${at(98, 66, 0.55, ITEMS.orange)}<path d="M44 80H116" ${stroke(c.main, 4)}/>`,
};

function card(name) {
  const c = palette(hueOf(name, 90));
  const glyph = CARDS[name] ?? ((c) => heart(80, 46, 3, c.main));
  return svg(
    160,
    90,
    640,
    360,
    `<rect width="160" height="90" fill="${c.bg}"/><path d="M0 57.6A30 30 0 0 1 49.5 90H0zM126.4 0A22 22 0 0 0 160 27V0z" fill="${c.disc}"/><ellipse cx="80" cy="80" rx="40" ry="5" fill="${c.shadow}" fill-opacity=".5"/>${glyph(c)}`,
  );
}

// ---- Write ----------------------------------------------------------------------------------------

const { products, twoImages, categories, kinds, cards, literal } = readSeed();
const files = new Map();
for (const p of products) {
  files.set(`products/${slug(p.name)}`, product(p, false));
  if (twoImages.has(p.name)) files.set(`products/${slug(p.name)}-2`, product(p, true));
}
for (const cat of categories) files.set(`categories/${cat.image}`, category(cat));
for (const kind of kinds) files.set(`pantries/${kind}`, pantry(kind));
for (const image of cards) files.set(`cards/${image}`, card(image));
for (const { dir, name } of literal) {
  if (files.has(`${dir}/${name}`)) continue;
  if (dir === "pantries") files.set(`${dir}/${name}`, pantry(name));
  else if (dir === "cards") files.set(`${dir}/${name}`, card(name));
  else throw new Error(`demo/pictures.rs names ${dir}/${name}.svg, which this script cannot draw`);
}

for (const [name, text] of files) {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_BYTES) throw new Error(`${name}.svg would be ${bytes} bytes (limit ${MAX_BYTES})`);
}
// The four folders hold only generated pictures: start them afresh so renamed names leave nothing behind.
for (const dir of ["products", "categories", "pantries", "cards"]) {
  rmSync(join(outDir, dir), { recursive: true, force: true });
  mkdirSync(join(outDir, dir), { recursive: true });
}
let total = 0;
let largest = ["", 0];
for (const [name, text] of files) {
  const bytes = Buffer.byteLength(text);
  writeFileSync(join(outDir, `${name}.svg`), text);
  total += bytes;
  if (bytes > largest[1]) largest = [name, bytes];
}
const onDisk = readdirSync(outDir, { recursive: true }).filter((f) => statSync(join(outDir, f)).isFile()).length;
console.log(
  `static/img: ${files.size} pictures (${onDisk} files), ${(total / 1024).toFixed(1)} KB; largest ${largest[0]}.svg ${largest[1]} bytes`,
);
