// Stop Thief at the table: the board with its pieces and clickable moves, the Crime
// Scanner's LED and sounds, the dice, the Sleuth Cards, the notebook and the controls.
// Everything is drawn from the seat's `view` (sleuth/games/stop_thief/state.py); the
// replay page draws the engine's `reveal()`, the same shape with every hand and route.
import { h, s, fill, money, seatColour, buttonsFor, actionKey, seatWho } from "/static/js/dom.js";
import { tableBoard, animateFromNowOn } from "/static/js/board.js";
import { tableKeys } from "/static/js/keys.js";
import { mountTable, turnWatch } from "/static/js/page.js";
import { icon } from "/static/js/icons.js";
import { seatDot, seatRowClass, youTag } from "/static/js/seats.js";
import { settledControls, othersTurn, waitingFor } from "/static/js/controls.js";
import { dieEl, setDie, rollDice } from "/static/js/dice.js";
import { playSound, playSequence } from "./sound.js";
import { litSegments } from "./scanner/led.js";

export const title = "Stop Thief";

// --- words (the same as sleuth/games/stop_thief/words.py) --------------------------------------------------
const SOUND_WORDS = {
  "crime-alarm": "crime alarm",
  "squeaky-floor": "squeaky floor",
  "creaking-door": "creaking door",
  "breaking-glass": "breaking glass",
  "running-feet": "running feet",
  "subway-then-street": "subway, then running feet",
  bleep: "bleep",
};
const BUILDINGS = { 1: "Furs", 2: "Jewelry", 3: "Antiques", 4: "Bank" };
const STATIONS = {
  "subway-nw": "North-west subway",
  "subway-ne": "North-east subway",
  "subway-sw": "South-west subway",
  "subway-se": "South-east subway",
  "subway-centre": "Centre subway",
};
const DISPLAY_SOUND = { Cr: "crime-alarm", FL: "squeaky-floor", dr: "creaking-door", GL: "breaking-glass", St: "running-feet" };

export const spaceLabel = (code) => `${Math.floor(code / 100)}-${String(code % 100).padStart(2, "0")}`;

export function nodeLabel(id) {
  if (/^\d+$/.test(id)) return spaceLabel(Number(id));
  if (id === "acme") return "the ACME Detective Agency";
  if (STATIONS[id]) return STATIONS[id];
  // A plain square: the board drawing carries the engine's words for it (words.node_label).
  const square = document.querySelector(`[data-node="${id}"][data-label]`);
  return square ? square.getAttribute("data-label") : id;
}

function areaWords(area) {
  return BUILDINGS[area] ? `Building ${area} (${BUILDINGS[area]})` : `the Newsstand (Street ${area})`;
}

export function clueWords(clue) {
  const display = (clue.display || "---").trim() || "---";
  if (clue.bleep) return `bleep: the thief stayed put (${display} flashes)`;
  const sound = SOUND_WORDS[clue.sound] || String(clue.sound || "").replace(/-/g, " ");
  if (clue.area === null || clue.area === undefined) return sound;
  if (clue.kind === "crime") return `${sound} in ${areaWords(clue.area)}`;
  return `${sound} in ${BUILDINGS[clue.area] ? areaWords(clue.area) : `Street ${clue.area}`}`;
}

const KEYS = [
  ["c", "press CLUE"],
  ["r", "roll the dice"],
  ["s", "stay where you are (move 0)"],
  ["a", "arrest: pick a space (again to cancel)"],
  ["u", "ride the subway: pick a station"],
  ["e", "end the turn"],
  ["f", "pay the fine"],
  ["1 2 3", "play that Sleuth Card"],
  ["z", "zoom the board"],
  ["Esc", "cancel a choice"],
];

// --- the seven-segment LED -------------------------------------------------------------------
//   a
// f   b
//   g
// e   c
//   d
const SEGMENTS = {
  a: "M6 3 L34 3 L29 8 L11 8 Z",
  b: "M35 4 L35 33 L30 29 L30 9 Z",
  c: "M35 37 L35 66 L30 61 L30 41 Z",
  d: "M6 67 L34 67 L29 62 L11 62 Z",
  e: "M5 37 L5 66 L10 61 L10 41 Z",
  f: "M5 4 L5 33 L10 29 L10 9 Z",
  g: "M6 35 L11 31 L29 31 L34 35 L29 39 L11 39 Z",
};

/** How long a display overtaken by a later moment of the game stays on the LED (silently). */
const CATCH_UP_MS = 350;
/** Later moments that may wait behind the one shown; older waiting ones are skipped (the
 * notebook and the log keep every clue), so the LED is never far behind the game. */
const MOST_WAITING = 2;

function ledSvg() {
  const svg = s("svg", { viewBox: "0 0 132 70", class: "led-digits", "aria-hidden": "true" });
  for (let i = 0; i < 3; i++) {
    const g = s("g", { transform: `translate(${4 + i * 44} 0) skewX(-6)`, class: "led-digit" });
    for (const [name, d] of Object.entries(SEGMENTS)) g.append(s("path", { d, "data-seg": name, class: "seg" }));
    svg.append(g);
  }
  return svg;
}

function setLed(svg, text) {
  const chars = String(text ?? "   ").padEnd(3).slice(0, 3);
  svg.querySelectorAll(".led-digit").forEach((g, i) => {
    const on = litSegments(chars[i]);
    g.querySelectorAll(".seg").forEach((seg) => seg.classList.toggle("on", on.includes(seg.dataset.seg)));
  });
}

// --- legal actions, grouped for the controls ------------------------------------------------------
function groupLegal(view, me) {
  const g = { any: false, clue: null, roll: null, end: null, fine: null, moves: new Map(), rides: new Map(), arrests: new Map(), cards: new Map() };
  if (!view || me === null || view.to_move !== me || !Array.isArray(view.legal)) return g;
  for (const a of view.legal) {
    g.any = true;
    if (a.kind === "clue") g.clue = a;
    else if (a.kind === "roll") g.roll = a;
    else if (a.kind === "end_turn") g.end = a;
    else if (a.kind === "pay_fine") g.fine = a;
    else if (a.kind === "move") g.moves.set(String(a.to), a);
    else if (a.kind === "ride") g.rides.set(String(a.to), a);
    else if (a.kind === "arrest") g.arrests.set(String(a.space), a);
    else if (a.kind === "play_card") {
      if (!g.cards.has(a.card)) g.cards.set(a.card, []);
      g.cards.get(a.card).push(a);
    }
  }
  return g;
}

// --- the table ------------------------------------------------------------------------------------
export function createTable(ctx) {
  const el = {};
  let view = null;
  let opts = { me: null, canAct: false, seats: [], replay: false };
  let legal = groupLegal(null, null);
  let mode = null; // null | "arrest" | "ride" | {card: id}
  let svg = null;
  const geo = new Map();
  const turnMoved = turnWatch();
  // The LED and its sounds, in order, never behind the game: see enqueue().
  const ledWaiting = [];
  let ledRunning = false;
  let ledShowing = null; // the item on the LED now
  let ledCut = null; // ends the hold of the item on the LED now, when a later moment comes
  let moment = 0; // one per update of the game (play()) or press of a memory button
  let memoryShown = null;
  const board = tableBoard({
    game: "stop-thief",
    picture: { viewBox: "0 0 800 800", cls: "st-board", label: "Stop Thief board" },
    wrapClass: "board-wrap",
    host: () => el.board,
    here: ownPiece,
    hints: () => el.hints,
    act: ctx.act,
    miss: rideUnlit,
  });

  // ---- mounting ----
  async function mount(slots) {
    svg = await mountTable(el, slots, { game: "stop-thief", board });
    el.hints = s("g", { class: "st-hints" });
    el.marks = s("g", { class: "st-marks" });
    el.pieces = s("g", { class: "st-pieces" });
    svg.append(el.hints, el.marks, el.pieces);

    // The scanner, the dice and the thief's poster
    el.led = ledSvg();
    el.ledBox = h("div", { class: "led", role: "img", "aria-label": "Scanner display" }, el.led);
    el.caption = h("p", { class: "scanner-caption", id: "scanner-caption", "aria-live": "polite" }, "");
    el.memory = h("div", { class: "memory", role: "group", "aria-label": "Scanner memory: hear a clue again" });
    el.poster = h("div", { class: "poster", id: "poster" });
    el.dice = [dieEl(), dieEl()];
    el.diceBox = h("div", { class: "dice", id: "dice" }, el.dice, h("span", { class: "dice-words", id: "dice-words" }));
    fill(
      el.hud,
      h(
        "div",
        { class: "scanner", id: "scanner" },
        h("div", { class: "scanner-top" }, h("span", { class: "scanner-brand" }, "Electronic ", h("b", {}, "Crime Scanner")), h("span", { class: "scanner-power", title: "on" })),
        el.ledBox,
        el.caption,
        el.memory,
      ),
      h("div", { class: "hud-side" }, el.poster, el.diceBox),
    );
    setLed(el.led, "---");

    // The panels
    el.hand = h("section", { class: "panel hand-panel", id: "hand-panel", "aria-labelledby": "hand-title" });
    el.notebook = h("section", { class: "panel notebook-panel", id: "notebook", "aria-labelledby": "notebook-title" });
    el.dets = h("section", { class: "panel dets-panel", id: "detectives", "aria-labelledby": "dets-title" });
    fill(el.info, el.dets, el.hand, el.notebook);
  }

  /** Where this seat's piece stands: what a zoomed board keeps in sight when nothing is lit. */
  function ownPiece() {
    const me = view?.detectives?.[opts.me ?? view?.to_move];
    const g = me && geometry(me.node);
    return g ? { x: g.cx, y: g.cy } : null;
  }

  // ---- board geometry ----
  function nodeEl(id) {
    return svg?.querySelector(`[data-node="${CSS.escape(String(id))}"]:not(.piece)`) || null;
  }

  function geometry(id) {
    id = String(id);
    if (geo.has(id)) return geo.get(id);
    const node = nodeEl(id);
    const rect = node ? (node.tagName.toLowerCase() === "rect" ? node : node.querySelector("rect")) : null;
    if (!rect) return null;
    const x = +rect.getAttribute("x"), y = +rect.getAttribute("y");
    const w = +rect.getAttribute("width"), hgt = +rect.getAttribute("height");
    const g = { x, y, w, h: hgt, cx: x + w / 2, cy: y + hgt / 2, station: node.classList.contains("station"), wide: w >= 2 * hgt };
    geo.set(id, g);
    return g;
  }

  // ---- rendering ----
  function render(v, o) {
    view = v;
    opts = { ...opts, ...o };
    legal = groupLegal(v, opts.canAct ? opts.me : null);
    if (turnMoved(v)) mode = null;
    if (mode === "arrest" && !legal.arrests.size) mode = null;
    if (mode === "ride" && !legal.rides.size) mode = null;
    if (mode && mode.card !== undefined && !legal.cards.has(mode.card)) mode = null;
    renderPieces();
    renderTargets();
    renderMarks();
    renderHud();
    renderControls();
    renderHand();
    renderNotebook();
    renderDetectives();
  }

  function renderPieces() {
    if (!svg || !view?.detectives) return;
    const byNode = new Map();
    for (const d of view.detectives) {
      if (!byNode.has(d.node)) byNode.set(d.node, []);
      byNode.get(d.node).push(d.seat);
    }
    for (const [node, seats] of byNode) {
      const g = geometry(node);
      if (!g) continue;
      const offsets = spread(seats.length, g);
      seats.forEach((seat, i) => {
        const piece = pieceEl(seat);
        const x = g.cx + offsets[i][0];
        const y = g.cy + offsets[i][1] + (g.station ? 3 : 0);
        piece.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
        piece.dataset.at = node;
        piece.classList.toggle("to-move", view.to_move === seat && !view.over);
        piece.classList.toggle("mine", opts.me === seat);
        piece.querySelector("title").textContent = `${ctx.seatWord(seat)} on ${nodeLabel(node)}`;
      });
    }
    animateFromNowOn(el.pieces);
  }

  function spread(n, g) {
    if (n === 1) return [[0, 0]];
    if (g.wide && n <= 4) return Array.from({ length: n }, (_, i) => [(i - (n - 1) / 2) * 15, 0]);
    const d = 7;
    return [[-d, -d], [d, -d], [-d, d], [d, d], [0, 0], [0, -d]].slice(0, n);
  }

  function pieceEl(seat) {
    let p = el.pieces.querySelector(`.piece[data-seat="${seat}"]`);
    if (p) return p;
    const colour = seatColour(seat);
    p = s(
      "g",
      { class: "piece", "data-seat": String(seat), id: `piece-${seat}` },
      s("title", {}, ctx.seatWord(seat)),
      s("circle", { class: "piece-ring", cx: 0, cy: 0, r: 15 }),
      s(
        "g",
        { class: "piece-shape", transform: "scale(1.45)" },
        s("ellipse", { class: "piece-shadow", cx: 0.8, cy: 7.6, rx: 7.4, ry: 2.4 }),
        s("path", { class: "piece-body", d: "M-6.5,7 C-6.5,4 -4,1 -2.6,-0.5 L2.6,-0.5 C4,1 6.5,4 6.5,7 Z", fill: colour }),
        s("circle", { class: "piece-head", cx: 0, cy: -4.2, r: 4.2, fill: colour }),
        s("text", { class: "piece-num", x: 0, y: 5.8, "text-anchor": "middle" }, String(seat + 1)),
      ),
    );
    el.pieces.append(p);
    return p;
  }

  function targetSet() {
    if (mode === "arrest") return ["arrest", legal.arrests];
    if (mode === "ride") return ["ride", legal.rides];
    if (legal.moves.size) return ["move", legal.moves];
    return [null, new Map()];
  }

  function renderTargets() {
    board.light(opts.replay ? [] : targets());
  }

  function targets() {
    const [kind, actions] = targetSet();
    const here = view.detectives?.[opts.me]?.node;
    return [...actions].map(([id, action]) => {
      const node = nodeEl(id);
      const g = geometry(id);
      if (!node || !g) return null;
      const stay = kind === "move" && id === here;
      const words = kind === "move" ? (stay ? `Stay on ${nodeLabel(id)}` : `Move to ${nodeLabel(id)}`) : kind === "ride" ? `Ride to ${nodeLabel(id)}` : `Arrest at ${nodeLabel(id)}`;
      const hint = s("rect", { class: `hint hint-${kind}`, x: g.x + 1, y: g.y + 1, width: g.w - 2, height: g.h - 2, rx: 3, "data-for": id });
      // While a card's detective is being picked the squares stay lit but take no click.
      const pick = kind === "move" ? () => mode === null && ctx.act(action) : action;
      return { node, kind, words, hint, pick, also: stay ? ["target-stay"] : [] };
    });
  }

  function renderMarks() {
    if (!el.marks) return;
    el.marks.replaceChildren();
    // The Tipster's latest word, if no clue has come since (only in this seat's own view).
    const tips = view.tips || [];
    const last = tips[tips.length - 1];
    if (last && last.after_clue === (view.clues || []).length - 1 && !view.over) {
      const g = geometry(String(last.space));
      if (g) el.marks.append(s("g", { class: "tip-mark", transform: `translate(${g.cx} ${g.cy})` }, s("circle", { r: 13 }), s("text", { y: -16, "text-anchor": "middle" }, "TIP")));
    }
    // The notebook aid (a table option): where this seat may deduce the thief is.
    const possible = view.notebook ? view.notebook.possible : null;
    if (possible) {
      const entries = Array.isArray(possible) ? possible.map((c) => [c, 1]) : Object.entries(possible);
      const top = Math.max(...entries.map(([, p]) => +p), 0) || 1;
      for (const [code, p] of entries) {
        const g = geometry(String(code));
        if (g && +p > 0) el.marks.append(s("circle", { class: "possible", cx: g.cx, cy: g.cy, r: 6 + 5 * Math.sqrt(+p / top) }));
      }
    }
    // The thief's route, revealed at the end (and in replays, up to now: the latest thief's).
    const routes = view.reveal?.routes;
    if (routes?.length) drawRoute(routes[routes.length - 1] || []);
  }

  function drawRoute(route) {
    if (!route.length) return;
    const pts = route.map((code) => geometry(String(code))).filter(Boolean);
    const group = s("g", { class: "route" });
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1], b = pts[i];
      const dx = b.cx - a.cx, dy = b.cy - a.cy;
      const len = Math.hypot(dx, dy);
      if (len < 1) continue;
      const trim = Math.min(7, len / 3);
      const ride = len > 90;
      group.append(
        s("line", {
          class: ride ? "route-step ride" : "route-step",
          x1: a.cx + (dx * trim) / len, y1: a.cy + (dy * trim) / len,
          x2: b.cx - (dx * trim) / len, y2: b.cy - (dy * trim) / len,
          "marker-end": "url(#st-arrow)",
        }),
      );
    }
    const end = pts[pts.length - 1];
    group.append(
      s("g", { class: "thief-mark", transform: `translate(${end.cx} ${end.cy})` },
        s("title", {}, `The thief: ${spaceLabel(route[route.length - 1])}`),
        s("circle", { r: 8.5 }),
        s("path", { d: "M-7,-2 L7,-2 L6,2 L-6,2 Z", class: "mask" }),
        s("circle", { cx: -3, cy: 0, r: 1.2, class: "eye" }),
        s("circle", { cx: 3, cy: 0, r: 1.2, class: "eye" }),
      ),
    );
    el.marks.append(group);
  }

  function renderHud() {
    const t = view.thief || {};
    fill(
      el.poster,
      h("div", { class: "poster-head" }, "WANTED"),
      h("div", { class: "poster-name" }, t.poster || "—"),
      h("div", { class: "poster-reward" }, t.reward !== undefined ? `Reward ${money(t.reward)}` : ""),
      h("div", { class: "poster-count" }, t.number ? `Thief ${t.number} of ${t.of}` : ""),
    );
    if (!ledRunning) showDisplay(idleDisplay(), lastClueCaption(), false);
    setDie(el.dice[0], view.dice?.[0]);
    setDie(el.dice[1], view.dice?.[1]);
    el.diceBox.classList.toggle("empty", !view.dice);
    const words = el.diceBox.querySelector(".dice-words");
    words.textContent = view.dice ? `${view.dice[0] + view.dice[1]}${view.allowance !== view.dice[0] + view.dice[1] ? ` + ${view.allowance - view.dice[0] - view.dice[1]} = ${view.allowance}` : ""} squares` : "no roll yet";
    renderMemory();
  }

  /** What the LED shows between sounds: the scanner's display; at the end, the last clue. */
  function idleDisplay() {
    const clues = view.clues || [];
    if (view.over && clues.length) return clues[clues.length - 1].display || "---";
    return view.scanner?.display ?? "---";
  }

  function lastClueCaption() {
    const clues = view.clues || [];
    const last = clues[clues.length - 1];
    return last ? clueWords(last) : "";
  }

  function showDisplay(display, caption, flash) {
    setLed(el.led, display);
    el.ledBox.setAttribute("aria-label", `Scanner display: ${display.trim() || "---"}`);
    el.ledBox.classList.toggle("flash", Boolean(flash));
    if (flash) {
      el.ledBox.style.animation = "none";
      el.ledBox.getBoundingClientRect();
      el.ledBox.style.animation = "";
    }
    fill(el.caption, caption ? [icon("sound", 16), h("span", {}, caption)] : "");
  }

  function renderMemory() {
    const mem = view.scanner?.memory || [];
    const key = mem.join("|");
    if (el.memory.dataset.key === key) return;
    el.memory.dataset.key = key;
    fill(
      el.memory,
      h("span", { class: "memory-label" }, "Memory"),
      Array.from({ length: 10 }, (_, n) => {
        const display = mem[mem.length - 1 - n];
        return h(
          "button",
          {
            type: "button",
            class: "mem-btn",
            disabled: display === undefined,
            title: display === undefined ? `Memory ${n}: empty` : `Memory ${n}: hear the ${n === 0 ? "latest" : `${n + 1}th latest`} clue again`,
            "aria-label": `Memory ${n}`,
            onclick: () => recall(n, display),
          },
          String(n),
        );
      }),
    );
  }

  function recall(n, display) {
    const key = display.trim().replace(/^\d/, "");
    const sound = DISPLAY_SOUND[key] || "bleep";
    moment++;
    enqueue(display, `memory ${n}: ${SOUND_WORDS[sound]} (${display.trim()})`, false, ctx.soundOn() ? [sound] : []);
  }

  /**
   * Show a display with its caption and sounds, after those before it. Everything one
   * update of the game brings (an arrest, then the next thief's first clue) plays in full,
   * in order. A display overtaken by a later update (the game moved on while it waited or
   * played) is shown only briefly and silently, and when bots play faster than the sounds
   * (the fast and instant paces) the oldest waiting updates are skipped: the clue heard is
   * always the clue of the moment, and the LED never lags the game.
   */
  function enqueue(display, caption, flash, sounds) {
    ledWaiting.push({ display, caption, flash, sounds, moment });
    const moments = [...new Set(ledWaiting.map((item) => item.moment))];
    const oldest = moments.length > MOST_WAITING ? moments[moments.length - MOST_WAITING] : -Infinity;
    for (let i = ledWaiting.length - 1; i >= 0; i--) if (ledWaiting[i].moment < oldest) ledWaiting.splice(i, 1);
    if (ledShowing && ledShowing.moment < moment && ledCut) ledCut();
    if (!ledRunning) runLed();
  }

  async function runLed() {
    ledRunning = true;
    while (ledWaiting.length) {
      const item = ledWaiting.shift();
      const overtaken = ledWaiting.some((next) => next.moment > item.moment);
      ledShowing = item;
      showDisplay(item.display, item.caption, item.flash);
      const length = !overtaken && item.sounds.length ? playSequence(item.sounds) : 0;
      const hold = overtaken ? CATCH_UP_MS : Math.max(900, length * 1000 + 250);
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, hold);
        // A later moment cuts this one short, shortly after it comes.
        ledCut = () => setTimeout(() => { clearTimeout(timer); resolve(); }, CATCH_UP_MS);
      });
      ledCut = null;
    }
    ledShowing = null;
    ledRunning = false;
    if (view) showDisplay(idleDisplay(), lastClueCaption(), false);
  }

  // ---- controls ----
  const btn = buttonsFor((a) => ctx.act(a));

  /** The controls' line while another detective plays. */
  function waitWords() {
    const d = view.detectives?.[view.to_move];
    return waitingFor(`${ctx.seatWord(view.to_move)}${d ? ` (${d.license})` : ""}`, ctx.isBot?.(view.to_move));
  }

  function renderControls() {
    if (settledControls(el.ctrl, el.controls, view, opts, ctx.tableId)) return;
    if (othersTurn(el.ctrl, el.controls, opts.canAct, waitWords)) return;
    const rows = [];
    const main = [];
    if (legal.fine) main.push(btn(`Pay the ${money(Math.min(100, view.detectives[opts.me].money))} fine`, legal.fine, { key: "f", cls: "btn-primary btn-big", data: { action: "pay_fine" } }));
    if (legal.clue) main.push(btn("CLUE", legal.clue, { key: "c", cls: "btn-primary btn-big btn-clue", data: { action: "clue" } }));
    if (legal.roll) main.push(btn("Roll the dice", legal.roll, { key: "r", cls: "btn-primary btn-big", data: { action: "roll" } }));
    const here = view.detectives[opts.me].node;
    if (legal.moves.size && mode === null) {
      if (legal.moves.has(here)) main.push(btn("Stay here", legal.moves.get(here), { key: "s", cls: "btn-big", data: { action: "stay" } }));
    }
    if (legal.arrests.size) {
      main.push(btn(mode === "arrest" ? "Cancel arrest" : "ARREST…", () => setMode(mode === "arrest" ? null : "arrest"), { key: "a", cls: `btn-big btn-arrest ${mode === "arrest" ? "active" : ""}`, data: { action: "arrest-mode" } }));
    }
    if (legal.rides.size) {
      main.push(btn(mode === "ride" ? "Cancel ride" : "Ride the subway…", () => setMode(mode === "ride" ? null : "ride"), { key: "u", cls: `btn-big ${mode === "ride" ? "active" : ""}`, data: { action: "ride-mode" } }));
    }
    if (legal.end) main.push(btn("End turn", legal.end, { key: "e", cls: "btn-big", data: { action: "end_turn" } }));
    rows.push(h("div", { class: "ctrl-row" }, main));
    if (legal.moves.size && mode === null) {
      rows.push(h("p", { class: "ctrl-help" }, view.allowance === null || view.allowance === undefined ? "Tap any lit square to go there." : `Tap a lit square to move (up to ${view.allowance}).`));
    }
    if (mode === "arrest") {
      rows.push(
        h("p", { class: "ctrl-help" }, "Send the cops to the space where you think the thief is. A wrong space is a false arrest: you lose your License, and your next turn goes to paying the $100 fine."),
        h(
          "div",
          { class: "ctrl-row picker", role: "group", "aria-label": "Arrest at" },
          [...legal.arrests.entries()].map(([code, action]) => btn(spaceLabel(Number(code)), action, { cls: "btn-space", data: { arrest: code }, title: `Arrest at ${spaceLabel(Number(code))}` })),
        ),
      );
    }
    if (mode === "ride") {
      rows.push(
        h("p", { class: "ctrl-help" }, "Ride the subway to:"),
        h("div", { class: "ctrl-row picker" }, [...legal.rides.entries()].map(([to, action]) => btn(STATIONS[to] || to, action, { cls: "btn-space", data: { ride: to } }))),
      );
    }
    if (mode && mode.card !== undefined) {
      const card = (view.hand || []).find((c) => c.id === mode.card);
      rows.push(
        h("p", { class: "ctrl-help" }, `“${card?.name || "Card"}”: on which detective?`),
        h(
          "div",
          { class: "ctrl-row picker" },
          legal.cards.get(mode.card).map((action) => {
            const d = view.detectives[action.target];
            return btn(action.target === opts.me ? `${ctx.seatWord(action.target)} (you)` : `${ctx.seatWord(action.target)} · ${d.license}`, action, { cls: "btn-space btn-target", data: { target: String(action.target) } });
          }),
          btn("Cancel", () => setMode(null), { cls: "btn-ghost" }),
        ),
      );
    }
    fill(el.ctrl, rows);
  }

  function setMode(m) {
    mode = m;
    renderTargets();
    renderControls();
    renderHand();
    const first = el.ctrl.querySelector(".picker button");
    first?.focus({ preventScroll: true });
  }

  /** A card's Play button; it knows the actions it plays, so the coach can light it (coach.js). */
  function playButton(card, i) {
    const button = h("button", { type: "button", class: "btn btn-small btn-play", dataset: { play: String(card.id) }, onclick: () => playCard(card), title: `Play “${card.name}” (${i + 1})` }, "Play", h("kbd", { class: "key-hint" }, String(i + 1)));
    button.actionKeys = legal.cards.get(card.id).map(actionKey);
    return button;
  }

  function playCard(card) {
    const actions = legal.cards.get(card.id);
    if (!actions) return;
    if (actions.length === 1 && actions[0].target === undefined) ctx.act(actions[0]);
    else setMode({ card: card.id });
  }

  // ---- panels ----
  function renderHand() {
    const hand = view.hand;
    const hands = view.hands; // replays: every hand
    if (!hand && !hands) {
      el.hand.hidden = true;
      fill(el.hand);
      return;
    }
    el.hand.hidden = false;
    if (hands) {
      fill(
        el.hand,
        h("h2", { class: "panel-title", id: "hand-title" }, "Sleuth Cards (all hands)"),
        Object.entries(hands).map(([seat, cards]) =>
          h("div", { class: "hand-row" }, seatDot(+seat, seatColour(+seat), { number: false }), h("span", { class: "hand-who" }, ctx.seatWord(+seat)), h("ul", { class: "cards cards-small" }, cards.map((c) => h("li", { class: "card card-small", dataset: { card: String(c.id) }, title: c.text }, c.name)))),
        ),
      );
      return;
    }
    const tips = view.tips || [];
    fill(
      el.hand,
      h("h2", { class: "panel-title", id: "hand-title" }, icon("lock", 14), " Your Sleuth Cards ", h("span", { class: "private-note" }, "only you see these")),
      h(
        "ul",
        { class: "cards hand", id: "hand" },
        hand.map((card, i) => {
          const playable = legal.cards.has(card.id);
          const picking = mode && mode.card === card.id;
          return h(
            "li",
            { class: `card effect-${card.effect}${playable ? " playable" : ""}${picking ? " picking" : ""}`, dataset: { card: String(card.id) } },
            h("div", { class: "card-name" }, card.name),
            h("div", { class: "card-text" }, card.text),
            playable ? playButton(card, i) : null,
          );
        }),
      ),
      tips.length
        ? h(
            "div",
            { class: "tips", id: "tips" },
            h("h3", {}, "The Tipster told you"),
            h("ul", {}, tips.map((t) => h("li", { class: "tip", dataset: { space: String(t.space) } }, `The thief was at ${spaceLabel(t.space)}`, h("span", { class: "tip-when" }, ` (after clue ${t.after_clue + 1})`)))),
          )
        : null,
    );
  }

  function renderNotebook() {
    const clues = view.clues || [];
    const tips = view.tips || [];
    const items = [];
    clues.forEach((c, i) => {
      const who = c.type === "new_thief" ? "New thief" : c.type === "escape" ? "Escape" : c.by !== null && c.by !== undefined ? ctx.seatWord(c.by) : "";
      items.push(
        h(
          "li",
          { class: `clue clue-${c.type}${c.bleep ? " bleep" : ""}` },
          h("span", { class: "clue-n" }, String(i + 1)),
          h("span", { class: "clue-led" }, (c.display || "---").trim()),
          h("span", { class: "clue-words" }, clueWords(c)),
          h("span", { class: "clue-who" }, who),
        ),
      );
      for (const t of tips.filter((t) => t.after_clue === i)) {
        items.push(h("li", { class: "clue clue-tip" }, h("span", { class: "clue-n" }, ""), h("span", { class: "clue-led" }, String(t.space)), h("span", { class: "clue-words" }, `Tipster: the thief is at ${spaceLabel(t.space)}`), h("span", { class: "clue-who" }, icon("lock", 12))));
      }
    });
    const t = view.thief || {};
    fill(
      el.notebook,
      h("h2", { class: "panel-title", id: "notebook-title" }, "Notebook", h("span", { class: "panel-sub" }, t.number ? ` · thief ${t.number}, ${t.poster}` : "")),
      h("ol", { class: "clues", id: "clues" }, items.reverse()),
    );
  }

  function renderDetectives() {
    const dets = view.detectives || [];
    fill(
      el.dets,
      h("h2", { class: "panel-title", id: "dets-title" }, "Detectives", h("span", { class: "panel-sub" }, view.winners?.length ? "" : ` · first to ${money(winAmount())} wins`)),
      h(
        "ul",
        { class: "dets" },
        dets.map((d) => {
          const who = seatWho(opts.seats, d.seat, ctx);
          return h(
            "li",
            { class: seatRowClass("det", view, opts.me, d.seat), dataset: { seat: String(d.seat) } },
            seatDot(d.seat, seatColour(d.seat)),
            h(
              "span",
              { class: "det-main" },
              h("span", { class: "det-name" }, d.license, youTag(opts.me, d.seat)),
              h("span", { class: "det-sub" }, [ctx.seatWord(d.seat), who].filter(Boolean).join(" · "), d.turns_to_lose ? " · loses next turn" : "", !d.licensed ? " · License lost" : ""),
            ),
            h("span", { class: "det-money", title: "Money" }, money(d.money)),
            h("span", { class: "det-extra" }, `${d.cards} cards`, d.posters?.length ? h("span", { class: "det-posters", title: d.posters.join(", ") }, ` · ${d.posters.length} caught`) : ""),
          );
        }),
      ),
    );
  }

  function winAmount() {
    return view.win_amount || ctx.winAmount?.() || 2500;
  }

  // ---- input ----
  /** A station not lit (no move goes there) is still a ride away for a detective on the subway. */
  function rideUnlit(e) {
    const node = e.target.closest?.("[data-node]");
    if (!node || !svg.contains(node) || mode !== null) return;
    const ride = legal.rides.get(node.dataset.node);
    if (ride) ctx.act(ride);
  }

  /** What the game's own keys do now: keys.js tableKeys asks only on the seat's turn, and does z and Escape. */
  function bindings(k) {
    const here = view.detectives?.[opts.me]?.node;
    const card = /^[1-9]$/.test(k) ? (view.hand || [])[Number(k) - 1] : null;
    const keys = {
      c: legal.clue,
      r: legal.roll,
      e: legal.end,
      f: legal.fine,
      s: mode === null && legal.moves.get(here),
      a: legal.arrests.size && (() => setMode(mode === "arrest" ? null : "arrest")),
      u: legal.rides.size && (() => setMode(mode === "ride" ? null : "ride")),
    };
    return keys[k] ?? (card && legal.cards.has(card.id) && (() => playCard(card)));
  }
  const key = tableKeys({ board, act: ctx.act, canAct: () => opts.canAct, choice: () => mode, setChoice: setMode, bindings });

  // ---- live events: sounds, the LED, the dice ----
  function play(events, { me } = {}) {
    const sound = ctx.soundOn();
    moment++;
    for (const ev of events) {
      const d = ev.data || {};
      if (ev.kind === "clue" || ev.kind === "new_thief") {
        const sounds = sound ? [d.bleep ? "bleep" : d.sound] : [];
        if (ev.kind === "new_thief") {
          enqueue(d.display, `Thief ${d.number}, ${d.poster?.name}: ${clueWords(d)}`, false, sounds);
        } else {
          enqueue(d.display, clueWords(d), Boolean(d.bleep), sounds);
        }
      } else if (ev.kind === "arrest") {
        const tail = { successful: "hee-haw", false: "raspberry", unsuccessful: "laugh" }[d.outcome];
        const words = {
          successful: "sirens, warning shots, then a hee-haw siren: the cops cart him away",
          false: "sirens, then a raspberry: false arrest!",
          unsuccessful: "sirens, warning shots, then NA-na-na-na-NA-na: he escapes",
        }[d.outcome];
        const seq = d.outcome === "false" ? ["sirens", tail] : ["sirens", "warning-shots", tail];
        enqueue(String(d.space), words, false, sound ? seq : []);
      } else if (ev.kind === "tip" && ev.to === me) {
        enqueue(String(d.space), `TIP (only you): the thief is at ${spaceLabel(d.space)}`, false, sound ? ["tip"] : []);
      } else if (ev.kind === "roll") {
        rollDice(el.diceBox, el.dice, () => (view ? view.dice : d.dice));
      } else if (ev.kind === "game_over") {
        if (sound) setTimeout(() => playSound("fanfare"), 200);
      }
    }
  }

  function reset() {
    mode = null;
  }

  return {
    mount,
    render,
    play,
    key,
    keys: () => KEYS,
    reset,
    seatTitle: (v, seat) => {
      const d = v?.detectives?.[seat];
      return d ? `${ctx.seatWord(seat)} (${d.license})` : ctx.seatWord(seat);
    },
  };
}
