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
// Data (art.json), read by the print-and-play kit too: one picture per figure, weapon and
// motive, Columbo as a base and six parts, the quarters, the back.
const DATA = await (await fetch(new URL("./art.json", import.meta.url))).json();
const ART = DATA.pictures;
const COLUMBO_BASE = DATA.columbo.base;
const COLUMBO_PARTS = DATA.columbo.parts;
const COLUMBO_ORDER = DATA.columbo.order;
const QUARTERS = DATA.quarters;

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

const BACK_ART = DATA.back;

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
