// How every game's table module begins its mount() and its render(): the parts that are alike in
// all four, written once. What a game draws, and when a choice it offers ends, stays with it.
import { h, fill, loadStyle } from "./dom.js";

/**
 * The start of a game's mount(slots): the page's slots kept in `el`, the game's stylesheet
 * (/static/games/<game>/<game>.css) loaded and the body marked `game-<game>`, and `el.ctrl`, the
 * controls strip (the classes "ctrl" and `ctrlClass`), put in the controls slot. Given its
 * `board` (board.js tableBoard), the board fills the board slot and its picture is loaded: the
 * picture's <svg> is returned (null without a board: a game that places its board itself).
 */
export async function mountTable(el, slots, { game, board = null, ctrlClass = "" }) {
  Object.assign(el, slots);
  await loadStyle(`/static/games/${game}/${game}.css`);
  document.body.classList.add(`game-${game}`);
  el.ctrl = h("div", { class: ctrlClass ? `ctrl ${ctrlClass}` : "ctrl", id: "controls" });
  fill(el.controls, el.ctrl);
  if (!board) return null;
  fill(el.board, board.wrap, board.zoom);
  return board.load();
}

/**
 * For a game's render(view): `moved(view)` is true when the turn has moved on since the view
 * before (its `turnKey(view)` changed; the first view too), when a game drops a half-made choice.
 */
export function turnWatch(turnKey = (v) => `${v.to_move}/${v.phase}`) {
  let last = null;
  return (view) => {
    const now = turnKey(view);
    const moved = now !== last;
    last = now;
    return moved;
  };
}
