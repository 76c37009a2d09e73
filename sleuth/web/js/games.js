// Where a game's page module lives: /static/games/<name>/index.js, served from the `web` folder
// its manifest names (sleuth/games/<game>/web/). A new game adds that one folder.
//
// A game module exports:
//   title                        the game's name for people
//   createTable(ctx)             -> a table object (below); ctx gives act(), seatTitle(), soundOn()...
//
// A table object has:
//   mount(slots)                 build the board and panels into {board, hud, controls, info}
//   render(view, opts)           draw everything from a view; opts: {me, canAct, seats, replay, events}
//                                (replays: the engine's reveal(), a spectator's view plus the parts
//                                its `hidden` names: every hand, route, notebook...)
//   play(events, opts)           animate and sound the events that just happened (live only)
//   key(keyboardEvent)           -> true if the game used the key
//   turnWords(view)              (optional) what the seat to move has to do now, in words
//                                (without: the engine's prompt, dom.js turnWords)
//   seatTitle(view, seat)        "Detective 2 (Kent Ketchum)"
//   seatColour(seat)             (optional) the seat's colour, if the game has its own
//   reset()                      forget per-seat transient state (pickers) when the seat shown changes
//   coverWords()                 (optional) what the hot-seat cover says stays secret
//   logWords(event)              (optional) the table log's words for an event (null: its `text`)
//
// What every game's table does alike is written once: the start of mount() (page.js
// mountTable: the slots, the game's stylesheet and body class, the controls strip, the board
// loaded) and the turn render() watches (page.js turnWatch); the board in its zoomable frame
// with its lit targets and its pieces' transitions (board.js tableBoard, animateFromNowOn);
// the keys around the game's own (keys.js tableKeys); the settled controls (controls.js),
// seats, dice and tones. The page marks the body with the view's phase (data-phase).

const cache = new Map();

export function loadGame(name) {
  if (!/^[a-z0-9-]+$/.test(name)) return Promise.reject(new Error(`bad game name ${name}`));
  if (!cache.has(name)) cache.set(name, import(`/static/games/${name}/index.js`));
  return cache.get(name);
}
