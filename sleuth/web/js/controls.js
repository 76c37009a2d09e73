// The controls strip when the seat shown has no turn of its own to play: nothing in a replay,
// a word before every seat is taken, the way on once the game is over. A game draws the rest.
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
