// The controls strip when the seat shown has no turn of its own to play: nothing in a replay,
// a word before every seat is taken, the way on once the game is over; and while another seat
// plays, the game's words for the wait. A game draws the rest.
import { h, fill } from "./dom.js";

/**
 * Fill `ctrl` (inside the page's controls `slot`) for a replay, a table still waiting for its
 * players, or a finished game, and return true; false when the game's own controls are wanted.
 */
export function settledControls(ctrl, slot, view, { replay, waiting }, tableId) {
  if (replay) {
    fill(ctrl);
    return true;
  }
  if (waiting && !view.over) {
    fill(ctrl, h("p", { class: "ctrl-wait" }, "The game starts when every seat is taken."));
    slot.dataset.state = "waiting";
    return true;
  }
  if (!view.over) return false;
  fill(
    ctrl,
    tableId
      ? h(
          "div",
          { class: "ctrl-row" },
          h("a", { class: "btn btn-primary btn-big", href: `/t/${encodeURIComponent(tableId)}/replay` }, "Watch the replay"),
          h("a", { class: "btn btn-big", href: "/" }, "New table"),
        )
      : h("p", { class: "ctrl-wait" }, "The game is over."),
  );
  slot.dataset.state = "over";
  return true;
}

/** "Waiting for Detective 2, a bot…": the line while another seat plays (`doing`: what it does). */
export function waitingFor(name, bot, doing = "") {
  return `Waiting for ${name}${bot ? ", a bot" : ""}${doing ? `: ${doing}` : ""}…`;
}

/**
 * While another seat plays (not `canAct`): fill `ctrl` with the game's `words()` in the waiting
 * line, after any rows `above()` gives, and return true. Otherwise mark the `slot` as the seat
 * acting and return false: the game draws its own controls.
 */
export function othersTurn(ctrl, slot, canAct, words, above = () => []) {
  if (canAct) {
    slot.dataset.state = "acting";
    return false;
  }
  fill(ctrl, above(), h("p", { class: "ctrl-wait" }, words()));
  slot.dataset.state = "waiting";
  return true;
}
