// A game's keys on the table page, with what every game does alike around them: z zooms the
// board, Escape cancels the choice being made, and the game's own keys work only on the seat's
// turn. The list shown under "?" is the game's (its `keys()`); this is what the keys do.

/**
 * The table's `key(e)`: true when the key did something (the page then keeps it). The game
 * gives toggleZoom(); choosing(), whether a choice is open that Escape may cancel, and cancel();
 * canAct(); act(action); and bindings(k), what key `k` does now: an action (sent), a function
 * (run; it returns false if it did nothing after all), or nothing.
 */
export function tableKeys({ toggleZoom, choosing, cancel, canAct, act, bindings }) {
  return (e) => {
    const k = e.key;
    if (k === "z") {
      toggleZoom();
      return true;
    }
    if (k === "Escape" && choosing()) {
      cancel();
      return true;
    }
    if (!canAct()) return false;
    const what = bindings(k);
    if (!what) return false;
    if (typeof what === "function") return what() !== false;
    act(what);
    return true;
  };
}
