// The Columbo Detective Game's Evidence Cards, drawn here: an original face for every kind
// (sleuth/games/columbo/data/pack.json) and the card back. A figure's or a weapon's four
// cards are the quarters of one picture: each card shows its own quarter in full and the
// rest faintly. Columbo's six cards are the parts of one drawing of him, the same way.
import { h } from "/static/js/dom.js";

export const GROUP_ORDER = ["figure", "weapon", "motive", "columbo", "mystery", "no-clue"];

export const TITLES = {
  "tv-star": "T.V. Star",
  "sports-figure": "Sports Figure",
  "mystery-writer": "Mystery Writer",
  conductor: "Symphony Conductor",
  "art-critic": "Art Critic",
  rope: "Rope",
  poison: "Bottle of Poison",
  electric: "Electric",
  pistol: "Pistol",
  poker: "Fireplace Poker",
  columbo: "Columbo",
  motive: "Motive",
  mystery: "It's A Mystery To Me",
  "no-clue": "No Clue",
};

export const GROUP_WORDS = { figure: "Figure", weapon: "Weapon", motive: "Motive", columbo: "Columbo", mystery: "Mystery", "no-clue": "No Clue" };

export const kindTitle = (kind) => TITLES[kind] || String(kind || "").replace(/-/g, " ");

/** The part a card is: "top left", "Cigar", "Jealousy"; "" for the single cards. */
export function partOf(card) {
  if (!card) return "";
  if (card.group === "figure" || card.group === "weapon") {
    const m = /\(([^)]+)\)\s*$/.exec(card.name || "");
    return m ? m[1] : "";
  }
  if (card.group === "columbo") return String(card.name || "").replace(/^Columbo:\s*/, "");
  if (card.group === "motive") return card.name;
  return "";
}

// --- the pictures (100 x 100) ------------------------------------------------------------------
const INK = "#2b2118";
const ART = {
  "tv-star":
    `<path d="M40 27L29 9M60 27l11-18" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="12" y="26" width="76" height="58" rx="9" fill="#7a5a3e" stroke="${INK}" stroke-width="3"/>` +
    `<rect x="20" y="33" width="50" height="44" rx="7" fill="#bfe3f0" stroke="${INK}" stroke-width="2.5"/>` +
    `<path d="M45 39l4 8.3 9 1-6.7 6 1.9 9-8.2-4.6-8.2 4.6 1.9-9-6.7-6 9-1z" fill="#f2c12e" stroke="#8a6a00" stroke-width="1.5"/>` +
    `<circle cx="79" cy="44" r="4.5" fill="#e6d3ad" stroke="${INK}" stroke-width="1.5"/><circle cx="79" cy="60" r="4.5" fill="#e6d3ad" stroke="${INK}" stroke-width="1.5"/>` +
    `<path d="M22 84v8M78 84v8" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`,
  "sports-figure":
    `<path d="M30 20H16c0 15 7 22 17 23M70 20h14c0 15-7 22-17 23" fill="none" stroke="#a07a10" stroke-width="5"/>` +
    `<path d="M28 12h44v20c0 17-10 27-22 27S28 49 28 32z" fill="#f2c12e" stroke="#8a6a00" stroke-width="3"/>` +
    `<path d="M50 20l3.2 6.6 7.2.9-5.3 5 1.4 7.1-6.5-3.6-6.5 3.6 1.4-7.1-5.3-5 7.2-.9z" fill="#fff6c8"/>` +
    `<rect x="44" y="58" width="12" height="13" fill="#d9a514" stroke="#8a6a00" stroke-width="2"/>` +
    `<rect x="30" y="71" width="40" height="9" rx="2" fill="#6b4a2b" stroke="${INK}" stroke-width="2"/>` +
    `<rect x="23" y="80" width="54" height="11" rx="2" fill="#4a3220" stroke="${INK}" stroke-width="2"/>`,
  "mystery-writer":
    `<rect x="29" y="10" width="42" height="44" fill="#fffdf4" stroke="#9c9480" stroke-width="2"/>` +
    `<path d="M35 20h30M35 27h30M35 34h20" stroke="#7a6f5a" stroke-width="2"/>` +
    `<path d="M58 35c0-5 8-5 8 0 0 4-4 4-4 8" fill="none" stroke="#c8102e" stroke-width="2.4" stroke-linecap="round"/><circle cx="62" cy="47" r="1.6" fill="#c8102e"/>` +
    `<rect x="10" y="48" width="80" height="9" rx="4.5" fill="#5a5f6a" stroke="#15171b" stroke-width="2"/>` +
    `<path d="M14 56h72l6 28H8z" fill="#33373f" stroke="#15171b" stroke-width="3" stroke-linejoin="round"/>` +
    `<g fill="#e8e2d0" stroke="#15171b" stroke-width="1">${[22, 32, 42, 52, 62, 72, 80].map((x) => `<circle cx="${x}" cy="66" r="3.4"/>`).join("")}${[27, 37, 47, 57, 67, 76].map((x) => `<circle cx="${x}" cy="75" r="3.4"/>`).join("")}</g>`,
  conductor:
    `<path d="M20 30q10-12 22-4M14 44q6-6 12-4" fill="none" stroke="#b58a2a" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="M17 86L60 28" stroke="${INK}" stroke-width="3.5" stroke-linecap="round"/>` +
    `<ellipse cx="19" cy="83" rx="5" ry="9" transform="rotate(37 19 83)" fill="#8a5a2b" stroke="${INK}" stroke-width="1.5"/>` +
    `<ellipse cx="60" cy="76" rx="8" ry="5.6" transform="rotate(-22 60 76)" fill="#1d2a55"/>` +
    `<ellipse cx="82" cy="69" rx="8" ry="5.6" transform="rotate(-22 82 69)" fill="#1d2a55"/>` +
    `<path d="M67 74V40M89 67V33" stroke="#1d2a55" stroke-width="3.2"/><path d="M67 40l22-7v8l-22 7z" fill="#1d2a55"/>` +
    `<ellipse cx="44" cy="52" rx="6" ry="4.4" transform="rotate(-22 44 52)" fill="#1d2a55"/><path d="M49.5 50V24q6 4 8 10" fill="none" stroke="#1d2a55" stroke-width="3"/>`,
  "art-critic":
    `<path d="M50 12C25 12 8 29 10 51c2 21 21 36 42 36 10 0 13-7 9-13-3-5 0-10 7-10h10c11 0 15-9 15-19C93 27 73 12 50 12z" fill="#e0b77c" stroke="#7a5530" stroke-width="3"/>` +
    `<circle cx="29" cy="40" r="6.5" fill="#c8102e"/><circle cx="45" cy="26" r="6.5" fill="#1d5fd1"/><circle cx="64" cy="27" r="6.5" fill="#f2c12e"/><circle cx="27" cy="60" r="6.5" fill="#2a9d3a"/><circle cx="79" cy="40" r="5.5" fill="#fbf6ea"/>` +
    `<circle cx="45" cy="69" r="6" fill="#fbf6ea" stroke="#7a5530" stroke-width="2"/>` +
    `<path d="M60 94L92 58" stroke="${INK}" stroke-width="4.5" stroke-linecap="round"/><path d="M89 60l7-8-3-3-7 8z" fill="#c8102e"/>`,
  rope:
    `<path d="M50 34C50 18 63 9 76 12" stroke="#b88a4a" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<circle cx="50" cy="61" r="27" fill="none" stroke="#b88a4a" stroke-width="9"/>` +
    `<circle cx="50" cy="61" r="27" fill="none" stroke="#6f4b22" stroke-width="1.6" stroke-dasharray="3 4"/>` +
    `<circle cx="50" cy="61" r="15" fill="none" stroke="#a07438" stroke-width="8"/>` +
    `<circle cx="50" cy="61" r="15" fill="none" stroke="#6f4b22" stroke-width="1.4" stroke-dasharray="3 4"/>` +
    `<path d="M76 12l6 3M75 9l3-5" stroke="#b88a4a" stroke-width="3" stroke-linecap="round"/>`,
  poison:
    `<rect x="41" y="8" width="18" height="13" rx="2.5" fill="#8a5a2b" stroke="${INK}" stroke-width="2"/>` +
    `<path d="M43 21h14v12c13 5 19 14 19 27v20c0 6-4 10-10 10H34c-6 0-10-4-10-10V60c0-13 6-22 19-27z" fill="#3f8f4a" stroke="#1f4d25" stroke-width="3"/>` +
    `<path d="M32 44c4-4 8-6 11-7" stroke="#9fd8a6" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    `<rect x="31" y="55" width="38" height="27" rx="3" fill="#fbf6ea" stroke="#1f4d25" stroke-width="2"/>` +
    `<circle cx="50" cy="64" r="6" fill="${INK}"/><circle cx="47.6" cy="63.5" r="1.5" fill="#fbf6ea"/><circle cx="52.4" cy="63.5" r="1.5" fill="#fbf6ea"/>` +
    `<path d="M41 72l18 7M59 72l-18 7" stroke="${INK}" stroke-width="2.6" stroke-linecap="round"/>`,
  electric:
    `<path d="M58 6L24 54h22L36 94l40-54H53z" fill="#f2c12e" stroke="#8a6a00" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M14 30l8 4M12 46h9M80 62l8-3M78 76l8 5M84 40l-8 3" stroke="#e8632a" stroke-width="3" stroke-linecap="round"/>`,
  pistol:
    `<path d="M10 30h64l3-5h9v17H46l-3 6h-5l-3 7-9 26c-1 3-3 4-6 4h-9c-3 0-4-2-3-5l9-26c1-3 0-5-2-7l-4-4c-3-3-2-8 2-8z" fill="#3b3f48" stroke="#15171b" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<rect x="34" y="32" width="18" height="13" rx="3" fill="#5a5f6a" stroke="#15171b" stroke-width="2"/>` +
    `<path d="M37 48c-1 9 6 12 13 7" fill="none" stroke="#15171b" stroke-width="3"/>` +
    `<path d="M19 62l8 3M16 70l8 3" stroke="#8a5a2b" stroke-width="2.4"/>` +
    `<path d="M86 30h6" stroke="#e8632a" stroke-width="3" stroke-linecap="round"/>`,
  poker:
    `<path d="M60 94c-10-9 0-16 2-25 7 6 5 11 9 13 2-5 1-9 4-12 5 9 8 16-1 24z" fill="#e8632a"/>` +
    `<path d="M66 94c-3-4 0-8 1-11 3 3 2 5 4 6 1-2 1-4 2-5 2 4 2 7-1 10z" fill="#f2c12e"/>` +
    `<path d="M22 84L80 20" stroke="#2f3136" stroke-width="6" stroke-linecap="round"/>` +
    `<path d="M80 20l9-9M79 21l11 4" stroke="#2f3136" stroke-width="5.5" stroke-linecap="round"/>` +
    `<circle cx="16" cy="90" r="8" fill="none" stroke="#b58a2a" stroke-width="4.5"/>`,
  // Motive cards: one picture each, named by the card
  Jealousy:
    `<path d="M8 50Q50 12 92 50 50 88 8 50z" fill="#eaf6e4" stroke="#2a7a3a" stroke-width="3.5"/>` +
    `<circle cx="50" cy="50" r="17" fill="#2a9d3a" stroke="#1a5a26" stroke-width="2"/><circle cx="50" cy="50" r="8" fill="#0f2412"/><circle cx="44" cy="44" r="3.5" fill="#fff"/>` +
    `<path d="M20 30l-6-8M35 22l-3-9M65 22l3-9M80 30l6-8" stroke="#2a7a3a" stroke-width="3" stroke-linecap="round"/>`,
  Greed:
    `${[0, 1, 2, 3].map((i) => `<rect x="18" y="${70 - i * 11}" width="40" height="11" rx="2" fill="#e6b422" stroke="#8a6a00" stroke-width="2"/>`).join("")}` +
    `<circle cx="70" cy="68" r="18" fill="#f2c12e" stroke="#8a6a00" stroke-width="3"/>` +
    `<text x="70" y="77" font-size="26" font-weight="700" text-anchor="middle" font-family="Georgia, serif" fill="#8a6a00">$</text>` +
    `<path d="M30 22c6-10 20-10 26 0" fill="none" stroke="#2a9d3a" stroke-width="4" stroke-linecap="round"/><path d="M40 14v-6" stroke="#2a9d3a" stroke-width="4" stroke-linecap="round"/>`,
  Revenge:
    `<path d="M50 8l7 12v44H43V20z" fill="#dfe4ea" stroke="#5a5f6a" stroke-width="2.5" stroke-linejoin="round"/><path d="M50 12v50" stroke="#9aa3ad" stroke-width="1.5"/>` +
    `<rect x="30" y="63" width="40" height="8" rx="4" fill="#8a5a2b" stroke="${INK}" stroke-width="2"/>` +
    `<rect x="45" y="71" width="10" height="16" fill="#5a3a22" stroke="${INK}" stroke-width="2"/><circle cx="50" cy="91" r="5" fill="#b58a2a" stroke="${INK}" stroke-width="2"/>` +
    `<path d="M57 30c4 6 6 10 2 13-3 2-6-1-4-5z" fill="#c8102e"/>`,
  Blackmail:
    `<rect x="10" y="26" width="80" height="52" rx="4" fill="#fbf6ea" stroke="#7a6f5a" stroke-width="3"/>` +
    `<path d="M10 28l40 30 40-30" fill="none" stroke="#7a6f5a" stroke-width="3" stroke-linejoin="round"/>` +
    `<circle cx="50" cy="58" r="11" fill="#c8102e" stroke="#7a0a1a" stroke-width="2"/><path d="M45 58h10M50 53v10" stroke="#ffd0d0" stroke-width="2"/>` +
    `<path d="M22 86h56" stroke="#7a6f5a" stroke-width="2" stroke-dasharray="6 4"/>`,
  Ambition:
    `<path d="M6 90L38 40l14 18 14-34 28 66z" fill="#8fa7b8" stroke="#3d5566" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M60 36l6-12 6 12" fill="#fbf6ea"/>` +
    `<path d="M66 24V6" stroke="${INK}" stroke-width="2.5"/><path d="M66 6h18l-5 5 5 5H66z" fill="#c8102e"/>`,
  Inheritance:
    `<circle cx="28" cy="50" r="18" fill="none" stroke="#b58a2a" stroke-width="7"/><circle cx="28" cy="50" r="6" fill="#b58a2a"/>` +
    `<path d="M46 50h44" stroke="#b58a2a" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M76 52v14M88 52v10" stroke="#b58a2a" stroke-width="7" stroke-linecap="butt"/>` +
    `<path d="M20 18h30v10H20z" fill="#fbf6ea" stroke="#7a6f5a" stroke-width="2"/><path d="M24 23h22" stroke="#7a6f5a" stroke-width="1.5"/>`,
  mystery:
    `<circle cx="50" cy="50" r="38" fill="#23232a" stroke="#f2c12e" stroke-width="3"/>` +
    `<circle cx="50" cy="50" r="31" fill="none" stroke="#f2c12e" stroke-width="1" stroke-dasharray="2 4"/>` +
    `<text x="50" y="69" font-size="56" font-weight="700" text-anchor="middle" font-family="Georgia, 'DejaVu Serif', serif" fill="#f2c12e">?</text>`,
  "no-clue":
    `<circle cx="42" cy="42" r="24" fill="#e8eef2" stroke="#5a5f6a" stroke-width="7"/>` +
    `<path d="M59 59l25 25" stroke="#5a5f6a" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M32 32l20 20M52 32L32 52" stroke="#c8102e" stroke-width="5" stroke-linecap="round"/>`,
};

// Columbo himself, in six parts (the names on the cards) and what holds them together.
const COLUMBO_BASE =
  `<path d="M40 84h10v6H40zM54 84h10v6H54z" fill="#5b5f66"/>` + `<ellipse cx="52" cy="21" rx="11" ry="12.5" fill="#e8c29a" stroke="#b08660" stroke-width="1"/>`;
const COLUMBO_PARTS = {
  "Tousled Hair":
    `<path d="M39 18c-3-9 3-15 9-13 3-4 10-4 13 0 6-1 10 5 8 11 2 2 1 6-1 8l-2-6c-3 1-7 0-9-2-3 2-7 2-10 0-2 2-5 3-8 2z" fill="#4a3526"/>` +
    `<path d="M41 8l-4-4M51 3l0-3M62 5l5-3M69 11l6-1M37 14l-5 0" stroke="#4a3526" stroke-width="2.2" stroke-linecap="round"/>`,
  Squint:
    `<path d="M43 15l7 1.5M55 16.5l7-1.8" stroke="#4a3526" stroke-width="1.8" stroke-linecap="round"/>` +
    `<path d="M44 20.5q3-2.4 6 0" stroke="${INK}" stroke-width="2" fill="none" stroke-linecap="round"/><circle cx="47" cy="20.4" r="1.2" fill="${INK}"/>` +
    `<path d="M55 20.5h6.5" stroke="${INK}" stroke-width="2.6" stroke-linecap="round"/>`,
  Cigar:
    `<rect x="56" y="26" width="17" height="4" rx="1.6" fill="#7a4a24" transform="rotate(-8 56 28)"/>` +
    `<circle cx="73.5" cy="25.6" r="2" fill="#e8632a"/>` +
    `<path d="M76 22c3-3-1-5 2-8s0-6 3-9" stroke="#9aa3ad" stroke-width="1.8" fill="none" stroke-linecap="round"/>`,
  Raincoat:
    `<path d="M38 33h28l9 51H29z" fill="#c9b27c" stroke="#7d6a3e" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M38 34l-9 30 6 1 7-20M66 34l8 26-6 2-6-18" fill="#bda26a" stroke="#7d6a3e" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="M45 33l7 15 7-15" fill="#efe6cf" stroke="#7d6a3e" stroke-width="1.6"/>` +
    `<path d="M31 62h42" stroke="#7d6a3e" stroke-width="3"/><path d="M52 48v36" stroke="#7d6a3e" stroke-width="1.2"/>`,
  Notebook:
    `<rect x="68" y="50" width="14" height="18" rx="1" fill="#fbf6ea" stroke="${INK}" stroke-width="1.6"/>` +
    `<path d="M68 51.5h14" stroke="#c8102e" stroke-width="2.4"/><path d="M70.5 56h9M70.5 60h9M70.5 64h6" stroke="#7a6f5a" stroke-width="1.1"/>` +
    `<circle cx="69" cy="66" r="3.6" fill="#e8c29a" stroke="#b08660" stroke-width="1"/><path d="M84 44l-5 14" stroke="#e6b422" stroke-width="2.2" stroke-linecap="round"/>`,
  "Scuffed Shoes":
    `<path d="M36 89h12c2 0 3 3 3 5v2H29c0-4 3-7 7-7z" fill="#5a3a22" stroke="${INK}" stroke-width="1"/>` +
    `<path d="M56 89h12c4 0 7 3 7 7H53v-2c0-2 1-5 3-5z" fill="#5a3a22" stroke="${INK}" stroke-width="1"/>` +
    `<path d="M33 93l4-1.5M40 92l2 1M63 92l4 1M70 93l2-1" stroke="#d8b48a" stroke-width="1.2" stroke-linecap="round"/>`,
};
const COLUMBO_ORDER = ["Raincoat", "Scuffed Shoes", "Tousled Hair", "Squint", "Cigar", "Notebook"];

const QUARTERS = { "top left": [0, 0], "top right": [50, 0], "bottom left": [0, 50], "bottom right": [50, 50] };

/** The picture on a card: the quarter, the part of Columbo, or the whole (a set laid down). */
export function artSvg(card, { whole = false } = {}) {
  const part = partOf(card);
  let body = "";
  if (card.group === "figure" || card.group === "weapon") {
    const art = ART[card.kind] || "";
    const q = QUARTERS[part];
    if (whole || !q) body = art;
    else {
      body =
        `<g opacity=".17">${art}</g>` +
        `<svg x="${q[0]}" y="${q[1]}" width="50" height="50" viewBox="${q[0]} ${q[1]} 50 50" overflow="hidden">${art}</svg>` +
        `<path d="M50 3v94M3 50h94" stroke="#8a7a5a" stroke-width="1" stroke-dasharray="3 3" opacity=".7"/>`;
    }
  } else if (card.group === "columbo") {
    const faint = COLUMBO_ORDER.filter((p) => whole || p !== part).map((p) => COLUMBO_PARTS[p]).join("");
    body = whole ? COLUMBO_BASE + faint : `<g opacity=".2">${COLUMBO_BASE}${faint}</g>${COLUMBO_PARTS[part] || ""}`;
  } else if (card.group === "motive") {
    body = ART[card.name] || ART.mystery;
  } else {
    body = ART[card.kind] || "";
  }
  return `<svg class="co-art" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${body}</svg>`;
}

/** A card's face: its kind on top, the picture, and the part it is. */
export function cardFace(card, { whole = false, size = "" } = {}) {
  const art = h("span", { class: "co-card-art" });
  art.innerHTML = artSvg(card, { whole });
  const head = card.group === "motive" ? "Motive" : card.group === "mystery" ? "It's a Mystery to Me" : kindTitle(card.kind);
  const foot = whole ? "complete" : card.group === "mystery" ? "" : card.group === "no-clue" ? "" : partOf(card);
  return h(
    "span",
    {
      class: `co-card g-${card.group} k-${card.kind}${size ? ` co-card-${size}` : ""}`,
      title: whole ? `${kindTitle(card.kind)}: complete` : card.name,
      role: "img",
      "aria-label": whole ? `${kindTitle(card.kind)}, complete` : card.name,
    },
    h("span", { class: "co-card-head" }, head),
    art,
    h("span", { class: "co-card-foot" }, foot),
  );
}

const BACK_ART =
  '<svg viewBox="0 0 40 56" aria-hidden="true" focusable="false"><rect x="3" y="3" width="34" height="50" rx="3" fill="none" stroke="#e9c77b" stroke-width="1.2" opacity=".8"/>' +
  '<circle cx="18" cy="25" r="8" fill="none" stroke="#e9c77b" stroke-width="2.4"/><path d="M23.5 31l7 8" stroke="#e9c77b" stroke-width="3.2" stroke-linecap="round"/>' +
  '<path d="M14 23q4-4 8 0" stroke="#e9c77b" stroke-width="1" fill="none" opacity=".7"/></svg>';

/** A card's back (every back alike: nothing about the card). */
export function cardBack(size = "") {
  const el = h("span", { class: `co-back${size ? ` co-card-${size}` : ""}`, "aria-hidden": "true" });
  el.innerHTML = BACK_ART;
  return el;
}

export function sortCards(cards) {
  return [...cards].sort(
    (a, b) =>
      GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) ||
      String(a.kind).localeCompare(String(b.kind)) ||
      a.id - b.id,
  );
}
