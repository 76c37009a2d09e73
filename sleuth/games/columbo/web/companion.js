// Columbo's lawn tracker: the lawn's numbered places, open to everyone at a real table.
// Drawn inside the shared companion shell (/static/js/companion.js). A face-down card is
// only "a card" here: remembering what it is stays the players' game.
import { h } from "/static/js/dom.js";

export const title = "Columbo lawn tracker";
export const about =
  "For a real Columbo table: mark where each lawn card lies, in places counted from 1, so " +
  "everyone can point at the same place. It never remembers what a face-down card is.";
export const open = true; // nothing secret: every seat sees the same lawn, no cover needed

let selected = null; // the place tapped, whose choices are open
let naming = ""; // the face-up card being named

export function setupFields() {
  const players = h("select", { id: "co-players" }, [2, 3, 4].map((n) => h("option", { value: String(n), selected: n === 4 }, `${n} players`)));
  const places = h("input", { type: "number", id: "co-places", min: "6", max: "60", value: "24", inputmode: "numeric" });
  return {
    element: h("div", {}, h("label", {}, "Players", players),
      h("label", {}, "Places on the lawn", places, h("span", { class: "hint" }, "Lay out that many spots beside the board, numbered from 1"))),
    read: () => ({ players: Number(players.value), places: Number(places.value) }),
  };
}

function lawn(view, onTap) {
  return h("div", { class: "co-lawn", id: "co-lawn" }, view.places.map((p) => h("button", {
    type: "button", class: `co-place${p.face ? ` co-${p.face}` : ""}${selected === p.place ? " co-selected" : ""}`,
    dataset: { place: String(p.place), face: p.face || "" }, disabled: !onTap,
    "aria-label": `Place ${p.place}: ${p.face === "up" ? p.card : p.face === "down" ? "a card face down" : "empty"}`,
    onclick: onTap ? () => onTap(p.place) : null,
  }, h("b", {}, String(p.place)), h("span", {}, p.face === "up" ? p.card : p.face === "down" ? "▩" : ""))));
}

export function seatScreen(ctx) {
  const { view } = ctx;
  const tap = (place) => { selected = selected === place ? null : place; ctx.redraw(); };
  const parts = [h("p", { class: "muted" }, "Tap a place, then say what your hands did there.")];
  parts.push(lawn(view, tap));
  if (selected !== null) {
    const p = view.places[selected - 1];
    const act = async (action) => { selected = null; naming = ""; await ctx.act(action); };
    const name = h("select", { id: "co-card", "aria-label": "The card face up" },
      h("option", { value: "" }, "Name the face-up card…"), view.cards.map((c) => h("option", { value: c, selected: c === naming }, c)));
    name.addEventListener("change", () => { naming = name.value; });
    parts.push(h("div", { class: "confirm", id: "co-choices" }, h("strong", {}, `Place ${selected}`),
      h("div", { class: "confirm-buttons" },
        !p.face ? h("button", { type: "button", class: "btn btn-primary", id: "co-lay", onclick: () => act({ type: "lay", place: selected }) }, "Lay a card face down") : null,
        p.face ? h("button", { type: "button", class: "btn btn-primary", id: "co-pick", onclick: () => act({ type: "pick", place: selected }) }, "Pick it up") : null,
        p.face === "up" ? h("button", { type: "button", class: "btn", id: "co-hide", onclick: () => act({ type: "hide", place: selected }) }, "Turn it face down") : null),
      h("div", { class: "mh-inline" }, name, h("button", { type: "button", class: "btn", id: "co-show",
        onclick: () => { if (name.value) act({ type: "show", place: selected, card: name.value }); } }, p.face ? "Turned face up: this card" : "Lay face up: this card"))));
  }
  return h("div", { class: "co" }, parts);
}

export function tableScreen({ summary, nameOf, screenOpen }) {
  const view = summary.view;
  const words = { lay: "laid a card face down at", pick: "picked up the card at", hide: "turned face down the card at", show: "showed" };
  const line = (e) => e.event === "show"
    ? `${nameOf(e.seat)} showed ${e.card} at place ${e.place}.`
    : `${nameOf(e.seat)} ${words[e.event]} place ${e.place}.`;
  const lying = view.places.filter((p) => p.face).length;
  return h("div", {},
    h("p", { id: "co-count" }, `${lying} card${lying === 1 ? "" : "s"} on the lawn.`),
    screenOpen ? null : lawn(view, null), // a phone without a seat still sees the lawn
    view.log.length ? h("ul", { class: "log", id: "co-log" }, view.log.map((e) => h("li", {}, line(e)))) : null);
}
