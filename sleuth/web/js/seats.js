// A seat as a game's panels show it: its numbered colour chip, the "you" tag and the state
// classes of its row in the players panel (who sits there: dom.seatWho). Every game draws
// these alike; what else a row holds (money, cards, places) is the game's own.
import { h } from "./dom.js";

/** The seat's colour chip, numbered unless `number` is false; `cls` adds a game's own class. */
export function seatDot(seat, background, { cls = "", color = null, number = true } = {}) {
  const style = color ? { background, color } : { background };
  return h("span", { class: cls ? `seat-dot ${cls}` : "seat-dot", style }, number ? String(seat + 1) : null);
}

/** The "you" tag after the name of the seat this page plays, else null. */
export function youTag(me, seat) {
  return me === seat ? h("span", { class: "you" }, "you") : null;
}

/**
 * A players-panel row's classes: `base`, then " turn" while `turnSeat` (whose turn it is,
 * `view.to_move` unless a game says otherwise) is this seat, " me", " winner".
 */
export function seatRowClass(base, view, me, seat, turnSeat = view.to_move) {
  const turn = turnSeat === seat && !view.over;
  return `${base}${turn ? " turn" : ""}${me === seat ? " me" : ""}${view.winners?.includes(seat) ? " winner" : ""}`;
}
