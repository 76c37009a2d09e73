// The scanner's three red LED digits, drawn as seven-segment characters in SVG.
//
//    aaa
//   f   b
//    ggg
//   e   c
//    ddd
//
// Every segment is always drawn; the lit ones carry the class "on", so an
// unlit segment still shows faintly behind the red filter, as on the 1979 unit.

// Which segments each character lights is data (led.json, also read by the terminal's
// companion/led.py): loaded once, checked, then shared by this page and the table page.
const TABLE = await (await fetch(new URL("./led.json", import.meta.url))).json();
for (const lit of [TABLE.unknown, ...Object.values(TABLE.glyphs)]) {
  if (typeof lit !== "string" || /[^a-g]/.test(lit)) throw new Error(`led.json: bad segments ${lit}`);
}

/** The segments one display character lights (an unknown one shows as a dash). */
export const litSegments = (char) => TABLE.glyphs[char] ?? TABLE.unknown;

const W = 60; // one character cell, in SVG units
const H = 100;
const T = 11; // segment thickness
const GAP = 1.6; // the dark hairline between segments
const PITCH = 78; // from one character to the next
const NS = "http://www.w3.org/2000/svg";

function horizontal(x1, x2, y) {
  const h = T / 2;
  return [[x1, y], [x1 + h, y - h], [x2 - h, y - h], [x2, y], [x2 - h, y + h], [x1 + h, y + h]];
}

function vertical(x, y1, y2) {
  const h = T / 2;
  return [[x, y1], [x + h, y1 + h], [x + h, y2 - h], [x, y2], [x - h, y2 - h], [x - h, y1 + h]];
}

const L = T / 2, R = W - T / 2, TOP = T / 2, MID = H / 2, BOT = H - T / 2;
const SHAPES = {
  a: horizontal(L + GAP, R - GAP, TOP),
  g: horizontal(L + GAP, R - GAP, MID),
  d: horizontal(L + GAP, R - GAP, BOT),
  f: vertical(L, TOP + GAP, MID - GAP),
  b: vertical(R, TOP + GAP, MID - GAP),
  e: vertical(L, MID + GAP, BOT - GAP),
  c: vertical(R, MID + GAP, BOT - GAP),
};

/** Build the display inside `svg` (an empty <svg> element) and return a function that shows text. */
export function makeLed(svg, count = 3) {
  const width = PITCH * (count - 1) + W + 24;
  svg.setAttribute("viewBox", `-14 -8 ${width} ${H + 16}`);
  svg.setAttribute("role", "img");
  const cells = [];
  for (let i = 0; i < count; i++) {
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "char");
    g.setAttribute("transform", `translate(${i * PITCH} 0) skewX(-7)`);
    const segs = {};
    for (const [name, points] of Object.entries(SHAPES)) {
      const p = document.createElementNS(NS, "polygon");
      p.setAttribute("points", points.map(([x, y]) => `${x},${y}`).join(" "));
      p.setAttribute("class", "seg");
      p.dataset.seg = name;
      g.appendChild(p);
      segs[name] = p;
    }
    svg.appendChild(g);
    cells.push(segs);
  }
  return function show(text) {
    const chars = (text || "").padEnd(count, " ").slice(0, count);
    for (let i = 0; i < count; i++) {
      const lit = litSegments(chars[i]);
      for (const [name, p] of Object.entries(cells[i])) {
        p.classList.toggle("on", lit.includes(name));
      }
    }
    svg.dataset.display = chars;
    const spoken = chars.trim() ? chars.split("").join(" ").replace(/\s+/g, " ").trim() : "blank";
    svg.setAttribute("aria-label", `display: ${spoken}`);
  };
}
