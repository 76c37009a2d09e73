// A game's keys on the table page, with what every game does alike around them: z zooms the
// board, Escape drops the choice being made, and the game's own keys work only on the seat's
// turn. The list shown under "?" is the game's (its `keys()`); this is what the keys do.

/**
 * The table's `key(e)`: true when the key did something (the page then keeps it). The game
 * gives its `board` (board.js tableBoard: z zooms it); `act(action)`, the page's; canAct();
 * choice(), the choice being made that Escape may drop (null when none) and setChoice(m), the
 * game's own (Escape calls setChoice(null)); and bindings(k), what key `k` does now: an action
 * (sent), a function (run; it returns false if it did nothing after all), or nothing.
 */
export function tableKeys({ board, act, canAct, choice, setChoice, bindings }) {
  return (e) => {
    const k = e.key;
    if (k === "z") {
      board.toggleZoom();
      return true;
    }
    if (k === "Escape" && choice() !== null) {
      setChoice(null);
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
