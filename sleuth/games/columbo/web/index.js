// The Columbo Detective Game at the table: the house with the detectives walking its
// hallways, the room piles, the lawn (a field of card backs: each discard is shown to
// everyone once, turning over, and from then on only its back), the dice, your Evidence
// Cards, every detective's laid-down sets, challenges, the end phase and the rewards.
// Everything is drawn from the seat's `view` (sleuth/games/columbo/state.py); the replay
// page draws the engine's `reveal()`, the same shape with every hand and lawn card.
//
// Secrecy: the page never keeps a face-down card's face. A discard's face arrives once, in
// its event, and is on screen only while it is being shown; the event log here words every
// card by what is public (see `logWords`), so nothing on the page remembers for the player.
import { h, s, fill, buttonsFor, actionKey, turnWords, restartClass, seatWho } from "/static/js/dom.js";
import { tableBoard } from "/static/js/board.js";
import { tableKeys } from "/static/js/keys.js";
import { mountTable, turnWatch } from "/static/js/page.js";
import { icon } from "/static/js/icons.js";
import { seatDot, seatRowClass, youTag } from "/static/js/seats.js";
import { settledControls, othersTurn, waitingFor } from "/static/js/controls.js";
import { dieEl, setDie, rollDice } from "/static/js/dice.js";
import { tone as playTone } from "/static/js/tone.js";
import { cardFace, cardBack, kindTitle, sortCards } from "./art.js";

export const title = "Columbo Detective Game";

// --- words -------------------------------------------------------------------------------------
const SET_SIZE = 4;
const COLUMBO_PARTS = 6;
const PIECE_COLOURS = ["#c8102e", "#1d5fd1", "#2a9d3a", "#f2b705"]; // sleuth/games/columbo/svg.py
export const seatColour = (seat) => PIECE_COLOURS[seat % PIECE_COLOURS.length];

const roomWords = (room) => (room === 0 ? "the Living Room" : `Room ${room}`);

export function placeWords(id) {
  if (!id) return "nowhere";
  if (id === "living-room") return "the Living Room";
  const m = /^room-(\d)$/.exec(id);
  if (m) return `Room ${m[1]}`;
  return "the hallway";
}

/** A kind as players say it: "a Rope card", "a Motive card", "the Mystery card". */
export function kindWords(kind) {
  if (kind === "mystery") return "the “It's A Mystery To Me” card";
  if (kind === "no-clue") return "a “No Clue” card";
  const title = kindTitle(kind);
  return `${/^[AEIOU]/.test(title) ? "an" : "a"} ${title} card`;
}

function namingWords(kind) {
  if (kind === "motive" || kind === "mystery" || kind === "no-clue") return `This is ${kindWords(kind)}.`;
  return kind === "columbo" ? "This is a part of Columbo." : `This is a part of the ${kindTitle(kind)}.`;
}

function money(amount) {
  const n = Number(amount) || 0;
  return `${n < 0 ? "−" : ""}$${Math.abs(n).toLocaleString("en-US")}`;
}

const KEYS = [
  ["r", "throw the dice"],
  ["t", "take the top card"],
  ["c", "challenge a detective (demand a card)"],
  ["p", "ask for nothing in return"],
  ["e", "end the turn / stop searching"],
  ["z", "zoom the board (phones)"],
  ["Esc", "cancel a choice"],
];

const PICK_WORDS = { discard: "Discard", exchange: "Give back", lay: "Lay down", give: "Give" };

// --- sounds (tone.js: Web Audio, no files); Columbo's are softer, triangle waves ----------------------
const tone = (freq, at, length, options = {}) => playTone(freq, at, length, { type: "triangle", ...options });
const SOUNDS = {
  dice: () => { for (let i = 0; i < 7; i++) tone(160 + Math.random() * 260, i * 0.05, 0.04, { type: "square", gain: 0.035 }); },
  step: () => tone(520, 0, 0.03, { type: "sine", gain: 0.02 }),
  leap: () => tone(300, 0, 0.35, { type: "sine", gain: 0.05, to: 900 }),
  flip: () => { tone(1400, 0, 0.03, { type: "square", gain: 0.02 }); tone(900, 0.05, 0.04, { type: "square", gain: 0.02 }); },
  card: () => tone(700, 0, 0.06, { type: "triangle", gain: 0.04, to: 400 }),
  demand: () => { tone(392, 0, 0.14); tone(523, 0.14, 0.22); },
  noclue: () => { tone(300, 0, 0.25, { type: "sawtooth", gain: 0.03, to: 180 }); },
  right: () => { tone(660, 0, 0.1, { type: "sine", gain: 0.06 }); tone(990, 0.1, 0.2, { type: "sine", gain: 0.06 }); },
  wrong: () => tone(260, 0, 0.3, { type: "sawtooth", gain: 0.035, to: 140 }),
  set: () => [523, 659, 784].forEach((f, i) => tone(f, i * 0.09, 0.18, { gain: 0.05 })),
  win: () => [523, 659, 784, 1047, 784, 1047].forEach((f, i) => tone(f, i * 0.13, 0.3, { gain: 0.06 })),
};

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reduced = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

// --- legal actions, grouped for the controls, the board, the lawn and the hand ------------------------
function groupLegal(view, canAct) {
  const g = { any: false, roll: null, draw: null, end: null, pass: null, moves: new Map(), jumps: new Map(), demands: [], names: [], pick: null, cards: new Map(), targets: [], places: new Set() };
  if (!view || !canAct || !Array.isArray(view.legal)) return g;
  for (const a of view.legal) {
    g.any = true;
    switch (a.kind) {
      case "roll": g.roll = a; break;
      case "draw": g.draw = a; break;
      case "end_turn": g.end = a; break;
      case "pass": g.pass = a; break;
      case "move": g.moves.set(String(a.to), a); break;
      case "jump": g.jumps.set(String(a.to), a); break;
      case "demand": g.demands.push(a); break;
      case "name": g.names.push(a); break;
      default:
        if (a.card !== undefined) {
          g.pick = a.kind;
          g.cards.set(a.card, a);
        }
    }
  }
  g.targets = [...new Set(g.demands.map((a) => a.target))];
  g.places = new Set(g.names.map((a) => a.place));
  return g;
}

// --- the table --------------------------------------------------------------------------------------
export function createTable(ctx) {
  const el = {};
  let view = null;
  let opts = { me: null, canAct: false, seats: [], replay: false };
  let legal = groupLegal(null, false);
  let mode = null; // null | {type: "demand", target} | {type: "name", place}
  let svg = null;
  let final = null; // the game_over event's data, once seen
  const geo = new Map();
  const graph = new Map(); // node id -> neighbouring node ids
  const walking = new Map(); // seat -> the promise of its piece's moves
  const showing = new Map(); // lawn place -> {card, by, how, verdict, closing}
  const lawnChain = new Map(); // lawn place -> the promise of its reveals
  const pieceSeen = new Set();
  const turnMoved = turnWatch((v) => `${v.number}/${v.to_move}/${v.phase}`);
  const board = tableBoard({
    game: "columbo",
    picture: { viewBox: "0 0 616 504", cls: "co-board", label: "The house: rooms, hallways and the detectives" },
    wrapClass: "co-board-wrap",
    zoomClass: "co-zoom",
    host: () => el.stage,
    here: ownPiece,
    hints: () => el.hints,
    act: ctx.act,
  });

  // ---- mounting ----
  async function mount(slots) {
    await mountTable(el, slots, { game: "columbo", ctrlClass: "co-ctrl" }); // the board goes in a stage with the lawn
    el.lawnCount = h("span", { class: "co-lawn-count" });
    el.field = h("div", { class: "co-lawn-field", id: "lawn-field", role: "group", "aria-label": "Cards on the lawn" });
    el.field.addEventListener("click", lawnClick);
    el.lawn = h(
      "section",
      { class: "co-lawn", id: "lawn", "aria-labelledby": "lawn-title" },
      h("div", { class: "co-lawn-head" }, h("h2", { class: "co-lawn-title", id: "lawn-title" }, "The lawn"), el.lawnCount),
      el.field,
    );
    el.stage = h("div", { class: "co-stage" }, h("div", { class: "co-board-box" }, board.wrap, board.zoom), el.lawn);
    el.hand = h("section", { class: "panel co-hand-panel", id: "hand-panel", "aria-labelledby": "hand-title" });
    fill(el.board, el.stage, el.hand);

    svg = await board.load();
    prepareBoard();

    el.dice = [0, 1].map(() => dieEl({ tag: "span", cls: "co-die", pip: "co-pip" }));
    el.diceWords = h("span", { class: "co-dice-words", id: "dice-words" });
    el.diceBox = h("div", { class: "co-dice", id: "dice" }, h("div", { class: "co-dice-pair" }, el.dice), el.diceWords);
    el.case = h("div", { class: "co-case", id: "case" });
    fill(el.hud, h("div", { class: "co-hud" }, el.diceBox, el.case));

    el.end = h("section", { class: "panel co-end", id: "verdict", hidden: true, "aria-live": "polite" });
    el.dets = h("section", { class: "panel co-dets-panel", id: "detectives", "aria-labelledby": "dets-title" });
    fill(el.info, el.end, el.dets);
    el.showcase = h("div", { class: "co-showcase", "aria-hidden": "true" });
    document.body.append(el.showcase);
  }

  /** Crop the picture to the house (the page draws the lawn), learn its squares, add layers. */
  function prepareBoard() {
    svg.querySelectorAll("[data-place]").forEach((n) => n.remove());
    let right = 0;
    let bottom = 0;
    const cells = new Map();
    for (const node of svg.querySelectorAll("g[data-node]")) {
      const g = geometry(node.dataset.node);
      if (!g) continue;
      right = Math.max(right, g.x + g.w);
      bottom = Math.max(bottom, g.y + g.h);
      const m = /^h(\d+)-(\d+)$/.exec(node.dataset.node);
      if (m) cells.set(`${Number(m[1])},${Number(m[2])}`, node.dataset.node);
      graph.set(node.dataset.node, new Set());
    }
    if (right && bottom) svg.setAttribute("viewBox", `0 0 ${right + 12} ${bottom + 12}`);
    const link = (a, b) => {
      graph.get(a)?.add(b);
      graph.get(b)?.add(a);
    };
    for (const [key, id] of cells) {
      const [x, y] = key.split(",").map(Number);
      for (const [dx, dy] of [[1, 0], [0, 1]]) {
        const other = cells.get(`${x + dx},${y + dy}`);
        if (other) link(id, other);
      }
      const title = svg.querySelector(`g[data-node="${id}"] > title`)?.textContent || "";
      const door = /DOOR TO (\d)/i.exec(title);
      if (door) link(id, `room-${door[1]}`);
      else if (/living room/i.test(title)) link(id, "living-room");
    }
    el.closed = s("g", { class: "co-closed" });
    el.piles = s("g", { class: "co-piles" });
    el.hints = s("g", { class: "co-hints" });
    el.pieces = s("g", { class: "co-pieces" });
    svg.append(el.closed, el.piles, el.hints, el.pieces);
  }

  /** Where this seat's piece stands: what a zoomed board keeps in sight when nothing is lit. */
  function ownPiece() {
    const me = view?.detectives?.[opts.me ?? view?.to_move];
    const g = me && geometry(me.at);
    return g ? { x: g.cx, y: g.cy } : null;
  }

  // ---- board geometry ----
  function nodeEl(id) {
    return svg?.querySelector(`g[data-node="${CSS.escape(String(id))}"]`) || null;
  }

  function geometry(id) {
    id = String(id);
    if (geo.has(id)) return geo.get(id);
    const node = nodeEl(id);
    const rect = node?.querySelector("rect");
    if (!rect) return null;
    const x = +rect.getAttribute("x"), y = +rect.getAttribute("y");
    const w = +rect.getAttribute("width"), hh = +rect.getAttribute("height");
    const g = { x, y, w, h: hh, cx: x + w / 2, cy: y + hh / 2, room: id.startsWith("room-") || id === "living-room" };
    geo.set(id, g);
    return g;
  }

  /** Where a seat's piece stands on a node: each seat has its own spot in a room. */
  function spot(seat, id, v = view) {
    const g = geometry(id);
    if (!g) return { x: 0, y: 0, small: false };
    if (g.room) return { x: g.x + 20 + seat * 21, y: g.y + 19, small: false };
    const here = (v?.detectives || []).filter((d) => d.at === id).map((d) => d.seat);
    if (!here.includes(seat)) here.push(seat);
    here.sort((a, b) => a - b);
    if (here.length === 1) return { x: g.cx, y: g.cy, small: false };
    const d = 6.5;
    const [ox, oy] = [[-d, -d], [d, -d], [-d, d], [d, d]][here.indexOf(seat) % 4];
    return { x: g.cx + ox, y: g.cy + oy, small: true };
  }

  /** The squares a piece walks through (fewest; rooms are never passed through). */
  function path(from, to) {
    const prev = new Map([[from, null]]);
    const queue = [from];
    while (queue.length) {
      const here = queue.shift();
      if (here === to) break;
      if (here !== from && !/^h/.test(here)) continue;
      for (const next of graph.get(here) || []) {
        if (!prev.has(next)) {
          prev.set(next, here);
          queue.push(next);
        }
      }
    }
    if (!prev.has(to)) return [from, to];
    const out = [];
    for (let n = to; n !== null; n = prev.get(n)) out.unshift(n);
    return out;
  }

  // ---- rendering ----
  function render(v, o) {
    view = v;
    opts = { ...opts, ...o };
    legal = groupLegal(v, opts.canAct && !opts.replay);
    if (turnMoved(v)) mode = null;
    if (v.phase === "counter" && legal.targets.length) mode = { type: "demand", target: legal.targets[0], fixed: true };
    if (mode?.type === "name" && !legal.places.has(mode.place)) mode = null;
    if (mode?.type === "demand" && !legal.demands.length) mode = null;
    if (v.final) final = v.final;
    if (Array.isArray(o?.events)) {
      const over = [...o.events].reverse().find((e) => e.kind === "game_over");
      if (over) final = over.data;
    }
    renderPieces();
    renderRooms();
    renderTargets();
    renderLawn();
    renderHud();
    renderControls();
    renderHand();
    renderDetectives();
    renderEnd();
    bringIntoView();
  }

  /** On phones, bring the board or the lawn into view when it is where the choice is made. */
  let broughtFor = null;
  function bringIntoView() {
    if (!opts.canAct || opts.replay || window.innerWidth >= 900) return;
    const where = legal.moves.size || legal.jumps.size ? board.wrap : legal.places.size && !legal.pick ? el.lawn : null;
    const key = `${view.number}/${view.phase}/${where === el.lawn ? "lawn" : "board"}`;
    if (!where || broughtFor === key) return;
    broughtFor = key;
    const box = where.getBoundingClientRect();
    const bottom = window.innerHeight - (el.controls.offsetHeight || 0);
    if (box.top < 56 || box.bottom > bottom) where.scrollIntoView({ block: "center", behavior: reduced() ? "auto" : "smooth" });
  }

  // ---- pieces ----
  function pieceEl(seat) {
    let p = el.pieces?.querySelector(`.co-piece[data-seat="${seat}"]`);
    if (p) return p;
    p = s(
      "g",
      { class: "co-piece", "data-seat": String(seat), id: `co-piece-${seat}` },
      s("title", {}, ctx.seatWord(seat)),
      s(
        "g",
        { class: "co-piece-body" },
        s("circle", { class: "co-piece-ring", r: 13 }),
        s("ellipse", { class: "co-piece-shadow", cx: 1.2, cy: 2.2, rx: 9, ry: 8 }),
        s("circle", { class: "co-piece-disc", r: 9, fill: seatColour(seat) }),
        s("path", { class: "co-piece-hat", d: "M-5.5 -1.2h11l-1.8-2.2-.6-3.4c-.2-1-1.2-1.4-2.2-1L0-7.2l-.9-.6c-1-.4-2 0-2.2 1l-.6 3.4z" }),
        s("text", { class: "co-piece-num", x: 0, y: 6.6, "text-anchor": "middle" }, String(seat + 1)),
      ),
    );
    el.pieces.append(p);
    return p;
  }

  function setPiece(p, pt, ms = 0, ease = "linear") {
    p.style.transition = ms ? `transform ${ms}ms ${ease}` : "none";
    p.style.transform = `translate(${pt.x.toFixed(1)}px, ${pt.y.toFixed(1)}px) scale(${pt.small ? 0.72 : 1})`;
  }

  function renderPieces() {
    if (!el.pieces || !view?.detectives) return;
    for (const d of view.detectives) {
      const p = pieceEl(d.seat);
      p.classList.toggle("to-move", view.to_move === d.seat && !view.over);
      p.classList.toggle("mine", opts.me === d.seat);
      p.classList.toggle("winner", Boolean(view.winners?.includes(d.seat)));
      p.querySelector("title").textContent = `${ctx.seatWord(d.seat)} in ${placeWords(d.at)}`;
      p.dataset.at = d.at;
      if (walking.has(d.seat)) continue;
      setPiece(p, spot(d.seat, d.at), pieceSeen.has(d.seat) ? 180 : 0, "ease-out");
      pieceSeen.add(d.seat);
    }
  }

  const behind = new Map(); // seat -> moves queued and not yet walked
  function moveAlong(seat, from, to, jump) {
    const before = walking.get(seat) || Promise.resolve();
    behind.set(seat, (behind.get(seat) || 0) + 1);
    const run = before
      .then(() => walk(seat, from, to, jump))
      .catch(() => {})
      .finally(() => behind.set(seat, behind.get(seat) - 1));
    walking.set(seat, run);
    run.then(() => {
      if (walking.get(seat) === run) {
        walking.delete(seat);
        renderPieces();
      }
    });
    return run;
  }

  async function walk(seat, from, to, jump) {
    const p = pieceEl(seat);
    const fast = reduced() || behind.get(seat) > 1; // catching up with a fast table
    setPiece(p, spot(seat, from));
    p.getBoundingClientRect();
    p.classList.add("moving");
    if (jump) {
      if (ctx.soundOn()) SOUNDS.leap();
      p.classList.add("leap");
      setPiece(p, spot(seat, to), fast ? 250 : 760, "cubic-bezier(.45,.05,.35,1)");
      await wait(fast ? 260 : 780);
      p.classList.remove("leap");
    } else {
      const stepMs = fast ? 35 : 105;
      for (const node of path(from, to).slice(1)) {
        setPiece(p, spot(seat, node), stepMs);
        if (ctx.soundOn()) SOUNDS.step();
        await wait(stepMs + 10);
      }
    }
    p.classList.remove("moving");
  }

  // ---- rooms: piles and closed rooms ----
  function renderRooms() {
    if (!el.piles) return;
    el.piles.replaceChildren();
    el.closed.replaceChildren();
    for (const r of view.rooms || []) {
      const g = geometry(`room-${r.room}`);
      if (!g) continue;
      if (!r.in_play) {
        el.closed.append(
          s("g", { class: "co-closed-room", "data-room": String(r.room) },
            s("rect", { x: g.x + 2, y: g.y + 2, width: g.w - 4, height: g.h - 4, rx: 3 }),
            s("text", { x: g.cx, y: g.y + g.h - 14, "text-anchor": "middle" }, "not in play")),
        );
        continue;
      }
      const n = r.cards;
      const x = g.x + g.w - 42;
      const y = g.y + g.h - 52;
      const pile = s("g", { class: `co-pile${n ? "" : " empty"}`, "data-room": String(r.room), "data-cards": String(n) }, s("title", {}, `Room ${r.room}: ${n} card${n === 1 ? "" : "s"} face down`));
      if (!n) pile.append(s("rect", { class: "co-pile-empty", x, y, width: 26, height: 36, rx: 3 }));
      for (let i = 0; i < Math.min(n, 4); i++) {
        pile.append(s("rect", { class: "co-pile-card", x: x + i * 1.6, y: y - i * 2.2, width: 26, height: 36, rx: 3 }));
      }
      const top = Math.min(n, 4) - 1;
      if (n) pile.append(s("path", { class: "co-pile-mark", d: `M${x + top * 1.6 + 13} ${y - top * 2.2 + 12}m-5 0a5 5 0 1 0 10 0a5 5 0 1 0-10 0M${x + top * 1.6 + 16.5} ${y - top * 2.2 + 15.5}l4.5 5` }));
      pile.append(
        s("circle", { class: "co-pile-badge", cx: x + 30, cy: y + 1 - top * 2.2, r: 9 }),
        s("text", { class: "co-pile-num", x: x + 30, y: y + 5 - top * 2.2, "text-anchor": "middle" }, String(n)),
      );
      el.piles.append(pile);
    }
  }

  // ---- legal moves on the board ----
  function renderTargets() {
    board.light(opts.replay || mode ? [] : targets());
  }

  function targets() {
    const target = (id, kind, action) => {
      const node = nodeEl(id);
      const g = geometry(id);
      if (!node || !g) return null;
      const where = placeWords(id) === "the hallway" ? (node.querySelector("title")?.textContent || "this square").replace(/^The /, "the ") : placeWords(id);
      const inset = g.room ? 3 : 1.5;
      const hint = s("rect", { class: `co-hint hint-${kind}${g.room ? " hint-room" : ""}`, x: g.x + inset, y: g.y + inset, width: g.w - 2 * inset, height: g.h - 2 * inset, rx: g.room ? 5 : 3, "data-for": id });
      return { node, kind, words: kind === "jump" ? `Go straight to ${where}` : `Move to ${where}`, hint, pick: action };
    };
    return [...[...legal.moves].map(([id, a]) => target(id, "move", a)), ...[...legal.jumps].map(([id, a]) => target(id, "jump", a))];
  }

  // ---- the lawn ----
  function placeEl(p) {
    let node = el.field.querySelector(`.co-lplace[data-place="${p}"]`);
    if (node) return node;
    const tilt = (((p * 37) % 11) - 5) * 1.1;
    const dx = (((p * 53) % 7) - 3) * 1.2;
    const dy = (((p * 29) % 5) - 2) * 1.4;
    node = h(
      "button",
      { type: "button", class: "co-lplace", dataset: { place: String(p) }, style: { "--tilt": `${tilt}deg`, "--dx": `${dx}px`, "--dy": `${dy}px` } },
      h("span", { class: "co-flip" }, h("span", { class: "co-side co-side-back" }, cardBack()), h("span", { class: "co-side co-side-front" })),
      h("span", { class: "co-lnum", "aria-hidden": "true" }, String(p + 1)),
      h("span", { class: "co-lnote", "aria-hidden": "true" }),
    );
    el.field.append(node);
    return node;
  }

  function renderLawn() {
    const lawn = view.lawn || [];
    while (el.field.children.length > lawn.length) el.field.lastElementChild.remove();
    for (let p = 0; p < lawn.length; p++) paintPlace(p);
    const down = lawn.filter((x) => x !== null).length;
    el.lawnCount.textContent = down ? `${down} card${down === 1 ? "" : "s"} face down` : "nothing yet";
    el.lawn.classList.toggle("naming", legal.places.size > 0);
    el.field.classList.toggle("empty", !lawn.length);
  }

  function paintPlace(p) {
    const node = placeEl(p);
    const lawn = view.lawn || [];
    const face = view.lawn_faces?.[p] || null; // replays only: everything revealed
    const show = showing.get(p);
    const front = node.querySelector(".co-side-front");
    const note = node.querySelector(".co-lnote");
    let state;
    if (show) {
      state = show.closing ? "closing" : "shown";
      if (front.dataset.card !== String(show.card.id)) {
        fill(front, cardFace(show.card));
        front.dataset.card = String(show.card.id);
      }
      node.style.setProperty("--by", seatColour(show.by));
      note.textContent = show.verdict || "";
      note.dataset.verdict = show.verdict || "";
    } else {
      state = lawn[p] === null || lawn[p] === undefined ? "empty" : face ? "open" : "down";
      note.textContent = "";
      note.dataset.verdict = "";
      if (face) {
        if (front.dataset.card !== String(face.id)) {
          fill(front, cardFace(face));
          front.dataset.card = String(face.id);
        }
      } else if (front.firstChild) {
        front.replaceChildren(); // the face leaves the page with the reveal
        delete front.dataset.card;
      }
    }
    node.dataset.state = state;
    const pickable = legal.places.has(p) && !show;
    node.disabled = !pickable;
    node.classList.toggle("pickable", pickable);
    node.classList.toggle("pointed", mode?.type === "name" && mode.place === p);
    const words = state === "empty" ? "empty" : state === "shown" || state === "closing" ? `being shown: ${show.card.name}` : face ? face.name : "a card, face down";
    node.setAttribute("aria-label", `Lawn place ${p + 1}: ${words}${pickable ? " (tap to name it)" : ""}`);
  }

  function lawnClick(e) {
    const node = e.target.closest?.(".co-lplace");
    if (!node || node.disabled) return;
    const p = Number(node.dataset.place);
    if (!legal.places.has(p)) return;
    setMode(mode?.type === "name" && mode.place === p ? null : { type: "name", place: p });
  }

  /** Show a card at a lawn place to everyone for a moment; queued per place. */
  let queued = 0;
  function reveal(p, card, { by, how = "shown", verdict = "", leaves = false, after = null } = {}) {
    const before = lawnChain.get(p) || Promise.resolve();
    queued++;
    const run = before
      .then(async () => {
        if (after) await after;
        const fast = reduced() || queued > 2; // catching up: the table moves on faster than that
        showing.set(p, { card, by, how, verdict });
        const node = placeEl(p);
        node.classList.remove("arrive", "taken");
        if (how === "shown") {
          node.classList.add("arrive");
          showcase(card, by === opts.me ? "You show" : `${ctx.seatWord(by)} shows`, by);
        } else {
          showcase(card, `Turned over: ${verdict}`, by);
        }
        if (ctx.soundOn()) SOUNDS.flip();
        if (how === "shown") {
          node.classList.add("instant"); // it lands face up: shown, not turned over
          paintPlace(p);
          node.getBoundingClientRect();
          node.classList.remove("instant");
        } else paintPlace(p);
        await wait(fast ? 700 : how === "shown" ? 1900 : 1600);
        if (leaves) {
          node.classList.add("taken");
          await wait(fast ? 250 : 420);
          showing.delete(p);
          node.classList.remove("taken", "arrive");
          paintPlace(p);
          return;
        }
        showing.set(p, { card, by, how, verdict: "", closing: true });
        paintPlace(p);
        if (ctx.soundOn()) SOUNDS.flip();
        await wait(fast ? 300 : 560);
        showing.delete(p);
        node.classList.remove("arrive");
        paintPlace(p);
      })
      .catch(() => showing.delete(p))
      .finally(() => queued--);
    lawnChain.set(p, run);
    run.then(() => {
      if (lawnChain.get(p) === run) lawnChain.delete(p);
    });
  }

  /** A card laid face down unseen: it just lands. */
  function lands(p) {
    const node = placeEl(p);
    restartClass(node, "arrive");
    setTimeout(() => node.classList.remove("arrive"), 700);
  }

  /** On phones the lawn may be off screen: the card shown is held up over the page too. */
  let showTimer = null;
  function showcase(card, words, by, whole = false) {
    clearTimeout(showTimer);
    fill(el.showcase, h("span", { class: "co-showcase-words" }, words), cardFace(card, { whole }));
    el.showcase.style.setProperty("--by", seatColour(by));
    el.showcase.classList.add("on");
    showTimer = setTimeout(() => {
      el.showcase.classList.remove("on");
      showTimer = setTimeout(() => el.showcase.replaceChildren(), 400);
    }, reduced() ? 400 : 1700);
  }

  // ---- the HUD: dice and the case ----
  function renderHud() {
    setDie(el.dice[0], view.dice?.[0]);
    setDie(el.dice[1], view.dice?.[1]);
    el.diceBox.classList.toggle("empty", !view.dice);
    el.diceBox.classList.toggle("special", Boolean(view.special));
    let words = "No throw yet";
    if (view.dice) {
      const [a, b] = view.dice;
      words = `${a} + ${b} = ${view.total}`;
      if (view.endgame) words += view.total % 2 || a === b ? (view.special ? " · search or demand" : " · odd: search") : " · even: turn lost";
      else if (view.special) words += a === b ? " · doubles!" : view.total === 7 ? " · seven!" : " · eleven!";
    }
    fill(el.diceWords, words);
    const inRooms = (view.rooms || []).reduce((n, r) => n + (r.in_play ? r.cards : 0), 0);
    const down = (view.lawn || []).filter((x) => x !== null).length;
    const removed = [...new Set((view.removed || []).filter((c) => c.group === "figure" || c.group === "weapon").map((c) => kindTitle(c.kind)))];
    const gone = (view.removed || []).filter((c) => c.group !== "figure" && c.group !== "weapon").length;
    fill(
      el.case,
      h("div", { class: "co-case-row" },
        view.advanced ? h("span", { class: "co-tag co-tag-hard", title: "Special Rule 3: lawn cards stay face down; rewards decide" }, "More difficult game") : null,
        view.endgame ? h("span", { class: "co-tag co-tag-end", title: "No cards remain in the rooms" }, "Rooms empty: end phase") : null,
        h("span", { class: "co-stat", title: "Cards still in the numbered rooms" }, h("b", {}, String(inRooms)), " in rooms"),
        h("span", { class: "co-stat", title: "Cards face down on the lawn" }, h("b", {}, String(down)), " on the lawn"),
        h("span", { class: "co-stat", title: "No Clue cards put out of the game" }, h("b", {}, String((view.aside || []).length)), " No Clue aside"),
      ),
      h("div", { class: "co-case-pack" }, `Pack of ${view.pack || "?"}`, removed.length ? ` · out: ${removed.join(", ")}${gone ? ` and ${gone} more` : ""}` : ""),
    );
  }

  // ---- controls ----
  const btn = buttonsFor((a) => ctx.act(a));

  function situation() {
    const ch = view.challenge;
    const rows = [];
    if (ch) {
      const words = ch.shown ? `“By the way, here is ${kindWords(ch.kind)} and I accuse you of withholding another one.”` : `“I accuse you of withholding ${kindWords(ch.kind)}.”`;
      rows.push(
        h("div", { class: "co-situation", id: "challenge", dataset: { kind: ch.kind } },
          ch.shown ? cardFace(ch.shown, { size: "mini" }) : null,
          h("p", {}, h("b", { style: { color: seatColour(ch.by) } }, whoName(ch.by)), ch.counter ? " in return, to " : " to ", h("b", { style: { color: seatColour(ch.target) } }, whoName(ch.target)), ": ", words)),
      );
    }
    const sr = view.search;
    if (sr && (sr.turned || sr.found)) {
      rows.push(
        h("div", { class: "co-situation", id: "search" },
          sr.turned ? cardFace(sr.turned, { size: "mini" }) : null,
          h("p", {}, sr.turned ? `Place ${sr.place + 1} was ${kindWords(sr.turned.kind)}: wrong. ${whoName(view.turn)} takes it and lays a card in its place.` : `${whoName(view.turn)} ${view.turn === opts.me ? "have" : "has"} found ${sr.found} card${sr.found === 1 ? "" : "s"} on the lawn this turn.`)),
      );
    }
    return rows;
  }

  function whoName(seat) {
    return seat === opts.me ? "You" : ctx.seatWord(seat);
  }

  /** The controls' line while another detective plays: who, and what he has to do. */
  function waitWords() {
    if (view.to_move === null || view.to_move === undefined) return "";
    return waitingFor(ctx.seatWord(view.to_move), ctx.isBot?.(view.to_move), turnWords(view));
  }

  function renderControls() {
    el.controls.classList.add("co-controls");
    if (settledControls(el.ctrl, el.controls, view, opts, ctx.tableId)) return;
    if (othersTurn(el.ctrl, el.controls, opts.canAct, waitWords, situation)) return;
    const rows = [...situation()];
    const main = [];
    const phase = view.phase;
    if (legal.roll) main.push(btn("Throw the dice", legal.roll, { key: "r", cls: "btn-primary btn-big", data: { action: "roll" } }));
    if (legal.draw) main.push(btn(phase === "move" ? "Stay: take another card" : "Take the top card", legal.draw, { key: "t", cls: "btn-primary btn-big", data: { action: "draw" } }));
    if (legal.demands.length && phase !== "counter") {
      const on = mode?.type === "demand";
      main.push(btn(on ? "Cancel the challenge" : "Challenge…", () => setMode(on ? null : { type: "demand", target: legal.targets.length === 1 ? legal.targets[0] : null }), { key: "c", cls: `btn-big${on ? " active" : ""}`, data: { action: "challenge" } }));
    }
    if (mode?.type === "name") main.push(btn("Cancel", () => setMode(null), { cls: "btn-ghost", data: { action: "cancel" } }));
    if (legal.pass) main.push(btn("Ask for nothing", legal.pass, { key: "p", cls: "btn-big", data: { action: "pass" } }));
    if (legal.end) main.push(btn(phase === "search" ? "Stop searching" : "End turn", legal.end, { key: "e", cls: "btn-big", data: { action: "end_turn" } }));
    if (main.length) rows.push(h("div", { class: "ctrl-row" }, main));

    const help = (text) => rows.push(h("p", { class: "ctrl-help" }, text));
    if (mode?.type === "demand") {
      rows.push(...demandPicker());
    } else if (mode?.type === "name") {
      rows.push(...namePicker());
    } else {
      if (legal.moves.size || legal.jumps.size) {
        help(legal.moves.size ? `Move ${view.total}: tap a lit square or room on the board.` : "Tap a room on the board.");
        if (legal.jumps.size) {
          rows.push(
            h("p", { class: "ctrl-help co-special" }, view.total === 7 ? "Seven" : view.total === 11 ? "Eleven" : "Doubles", "! Or go straight to any room:"),
            h("div", { class: "ctrl-row picker co-jumps" }, [...legal.jumps.entries()].map(([to, a]) => btn(to === "living-room" ? "Living Room" : `Room ${to.slice(5)}`, a, { cls: "btn-space", data: { jump: to } }))),
          );
        }
      }
      if (legal.places.size) help(phase === "search" ? "Right! Tap another card back on the lawn to name it, or stop." : "Search the lawn: tap a card back, then show a card of the kind you name.");
      if (legal.pick) rows.push(h("p", { class: "ctrl-help co-pick-help" }, pickHelp()), cardPicker((c) => legal.cards.get(c.id) && { label: pickLabel(c), action: legal.cards.get(c.id) }));
      if (view.endgame && phase === "move" && !legal.moves.size && !legal.jumps.size && !legal.places.size && !legal.demands.length) help("Nothing to do with this throw.");
    }
    fill(el.ctrl, rows);
  }

  function pickLabel(card) {
    if (legal.pick === "give" && card.kind === "no-clue") return "Give No Clue";
    return PICK_WORDS[legal.pick] || legal.pick;
  }

  function pickHelp() {
    const ch = view.challenge;
    switch (legal.pick) {
      case "discard":
        return view.drawn ? `You took ${kindWords(view.drawn.kind)}. You held seven: discard one (it is shown to all, then lies face down on the lawn).` : "You held seven: choose the card to discard onto the lawn.";
      case "exchange":
        return `You received a card holding seven: give ${ctx.seatWord(ch?.target ?? view.turn)} a card back in exchange.`;
      case "lay":
        return "Wrong! You take that card: choose the card to lay face down in its place.";
      case "give": {
        const noClue = (view.hand || []).some((c) => c.kind === "no-clue");
        return `${ctx.seatWord(ch?.by)} accuses you of withholding ${kindWords(ch?.kind)}: give one${noClue ? ", or a No Clue card instead (it goes out of the game)" : ""}.`;
      }
      default:
        return "Choose a card.";
    }
  }

  /** On phones the hand is below the fold: the cards to choose from are in the controls too. */
  function cardPicker(pickFor) {
    const cards = sortCards(view.hand || []).map((c) => [c, pickFor(c)]).filter(([, p]) => p);
    return h(
      "div",
      { class: "co-ctrl-cards", role: "group", "aria-label": "Cards you can choose" },
      cards.map(([c, p]) => {
        const button = h("button", { type: "button", class: "co-mini-pick", dataset: { pick: String(c.id) }, title: `${p.label}: ${c.name}`, onclick: () => ctx.act(p.action) }, cardFace(c, { size: "small" }), h("span", {}, p.label));
        button.actionKey = actionKey(p.action); // a tutorial's coach finds its suggestion by it
        return button;
      }),
    );
  }

  function demandPicker() {
    const rows = [];
    if (mode.target === null) {
      rows.push(
        h("p", { class: "ctrl-help" }, "Whom do you challenge?"),
        h("div", { class: "ctrl-row picker" }, legal.targets.map((t) => btn(ctx.seatWord(t), () => setMode({ type: "demand", target: t }), { cls: "btn-space btn-target", data: { target: String(t) } }))),
      );
      return rows;
    }
    const t = mode.target;
    const evidence = legal.demands.filter((a) => a.target === t && a.evidence);
    rows.push(
      h("p", { class: "ctrl-help" }, mode.fixed ? `You have none of it. In return, demand from ${ctx.seatWord(t)}: ` : `Challenge ${ctx.seatWord(t)}: `, "show a card from your hand to ask for another of its kind, or ask without showing:"),
      h("div", { class: "ctrl-row picker" }, evidence.map((a) => btn(a.evidence === "motive" ? "A Motive card" : "The Mystery card", a, { cls: "btn-space", data: { evidence: a.evidence } }))),
      cardPicker((c) => {
        const a = legal.demands.find((x) => x.target === t && x.show === c.id);
        return a && { label: "Show", action: a };
      }),
    );
    return rows;
  }

  function namePicker() {
    const p = mode.place;
    const evidence = legal.names.filter((a) => a.place === p && a.evidence);
    return [
      h("p", { class: "ctrl-help" }, `You point at place ${p + 1}: what is it? Show a card of the kind you name (any card, to take it on purpose), or say:`),
      h("div", { class: "ctrl-row picker" }, evidence.map((a) => btn(a.evidence === "motive" ? "“A Motive”" : "“The Mystery card”", a, { cls: "btn-space", data: { evidence: a.evidence } }))),
      cardPicker((c) => {
        const a = legal.names.find((x) => x.place === p && x.show === c.id);
        return a && { label: "Show", action: a };
      }),
    ];
  }

  function setMode(m) {
    mode = m;
    renderTargets();
    renderLawn();
    renderControls();
    renderHand();
    el.ctrl.querySelector(".picker button, .co-ctrl-cards button")?.focus({ preventScroll: true });
  }

  // ---- your hand ----
  function handPick(card) {
    if (!opts.canAct) return null;
    if (legal.pick && legal.cards.has(card.id)) return { label: pickLabel(card), action: legal.cards.get(card.id) };
    if (mode?.type === "demand" && mode.target !== null) {
      const a = legal.demands.find((x) => x.target === mode.target && x.show === card.id);
      return a ? { label: "Show", action: a } : null;
    }
    if (mode?.type === "name") {
      const a = legal.names.find((x) => x.place === mode.place && x.show === card.id);
      return a ? { label: "Show", action: a } : null;
    }
    return null;
  }

  function progress(hand, table) {
    const counts = new Map();
    for (const c of hand) counts.set(c.kind, (counts.get(c.kind) || 0) + 1);
    const chips = [];
    for (const set of table) chips.push(h("span", { class: "co-prog done" }, `${kindTitle(set[0].kind)} laid down`));
    for (const [kind, n] of counts) {
      const g = hand.find((c) => c.kind === kind).group;
      if (g === "figure" || g === "weapon") chips.push(h("span", { class: `co-prog${n >= SET_SIZE ? " done" : ""}` }, `${kindTitle(kind)} ${n}/${SET_SIZE}`));
    }
    const columbo = counts.get("columbo") || 0;
    if (columbo) chips.push(h("span", { class: "co-prog" }, `Columbo ${columbo}/${COLUMBO_PARTS}${counts.get("mystery") ? " + Mystery" : ""}`));
    else if (counts.get("mystery")) chips.push(h("span", { class: "co-prog" }, "Mystery card"));
    if (counts.get("motive")) chips.push(h("span", { class: "co-prog done" }, `Motive${counts.get("motive") > 1 ? ` ×${counts.get("motive")}` : ""}`));
    if (counts.get("no-clue")) chips.push(h("span", { class: "co-prog shield" }, `No Clue ×${counts.get("no-clue")}`));
    return chips;
  }

  function renderHand() {
    const hands = view.hands; // replays: every hand
    if (hands) {
      el.hand.hidden = false;
      fill(
        el.hand,
        h("h2", { class: "panel-title", id: "hand-title" }, "Evidence Cards (all hands)"),
        Object.entries(hands).map(([seat, cards]) =>
          h("div", { class: "co-hand-row" },
            seatDot(+seat, seatColour(+seat), { cls: "co-dot" }),
            h("div", { class: "co-cards co-cards-small" }, sortCards(cards).map((c) => h("span", { class: "co-slot", dataset: { card: String(c.id) } }, cardFace(c, { size: "small" }))))),
        ),
      );
      return;
    }
    const hand = view.hand;
    if (!hand) {
      el.hand.hidden = true;
      fill(el.hand);
      return;
    }
    el.hand.hidden = false;
    const mine = view.detectives?.[opts.me]?.table || [];
    const drawn = view.drawn?.id;
    fill(
      el.hand,
      h("div", { class: "co-hand-head" },
        h("h2", { class: "panel-title", id: "hand-title" }, icon("lock", 14), " Your Evidence Cards ", h("span", { class: "private-note panel-sub" }, `${hand.length} · only you see these`)),
        h("div", { class: "co-progress" }, progress(hand, mine))),
      h(
        "div",
        { class: "co-cards co-hand", id: "hand" },
        sortCards(hand).map((card) => {
          const pick = handPick(card);
          const cls = `co-slot${pick ? " pickable" : ""}${card.id === drawn ? " drawn" : ""}${view.challenge?.shown?.id === card.id && view.challenge.by === opts.me ? " shown" : ""}`;
          const slot = h(
            pick ? "button" : "div",
            { class: cls, type: pick ? "button" : null, dataset: { card: String(card.id) }, title: pick ? `${pick.label}: ${card.name}` : card.name, onclick: pick ? () => ctx.act(pick.action) : null },
            cardFace(card),
            card.id === drawn ? h("span", { class: "co-ribbon" }, "new") : null,
            pick ? h("span", { class: "co-pick-label" }, pick.label) : null,
          );
          if (pick) slot.actionKey = actionKey(pick.action); // a tutorial's coach lights the card itself
          return slot;
        }),
      ),
    );
  }

  // ---- the detectives and their laid-down sets ----
  function renderDetectives() {
    const dets = view.detectives || [];
    fill(
      el.dets,
      h("h2", { class: "panel-title", id: "dets-title" }, "Detectives"),
      h(
        "ul",
        { class: "co-dets" },
        dets.map((d) => {
          const who = seatWho(opts.seats, d.seat, ctx);
          return h(
            "li",
            { class: seatRowClass("co-det", view, opts.me, d.seat), dataset: { seat: String(d.seat) } },
            seatDot(d.seat, seatColour(d.seat), { cls: "co-dot" }),
            h("span", { class: "co-det-main" },
              h("span", { class: "co-det-name" }, ctx.seatWord(d.seat), youTag(opts.me, d.seat)),
              h("span", { class: "co-det-sub" }, [who, `in ${placeWords(d.at)}`].filter(Boolean).join(" · "))),
            h("span", { class: "co-det-hand", title: `${d.cards} card${d.cards === 1 ? "" : "s"} in hand`, "aria-label": `${d.cards} cards in hand` },
              h("span", { class: "co-fan" }, Array.from({ length: Math.min(d.cards, 9) }, (_, i) => h("span", { class: "co-fan-card", style: { "--i": String(i), "--n": String(Math.min(d.cards, 9)) } }))),
              h("b", {}, String(d.cards))),
            d.table?.length
              ? h("span", { class: "co-det-table" }, d.table.map((set) => h("span", { class: "co-set", dataset: { kind: set[0].kind }, title: `${kindTitle(set[0].kind)}: complete, laid down face up` }, cardFace(set[0], { whole: true, size: "mini" }), h("span", { class: "co-set-name" }, kindTitle(set[0].kind)))))
              : null,
          );
        }),
      ),
    );
  }

  // ---- the end: who solved it, the rewards ----
  function renderEnd() {
    if (!view.over) {
      el.end.hidden = true;
      fill(el.end);
      return;
    }
    el.end.hidden = false;
    const winners = view.winners || [];
    const reason = view.reason || final?.reason;
    const by = final?.by ?? (winners.length === 1 ? winners[0] : null);
    const what = { solved: "solves the mystery", columbo: "finds Columbo" }[reason];
    const rows = [h("h2", { class: "panel-title" }, "The case is closed")];
    if (reason === "cold") rows.push(h("p", { class: "co-verdict" }, "The case goes cold: the turns are up."));
    else if (what && by !== null && by !== undefined) rows.push(h("p", { class: "co-verdict" }, h("b", { style: { color: seatColour(by) } }, whoName(by)), ` ${by === opts.me ? what.replace(/s /, " ").replace("finds", "find") : what}!`));
    if (final?.cards?.length) rows.push(h("div", { class: "co-cards co-cards-small co-winning" }, sortCards(final.cards).map((c) => h("span", { class: "co-slot" }, cardFace(c, { size: "small" })))));
    const rewards = view.rewards;
    if (rewards?.length) {
      const cols = [["figures", "Figures"], ["weapons", "Weapons"], ["columbo", "Columbo"], ["mystery", "Mystery"], ["bonus", "Ending"], ["total", "Reward"]];
      rows.push(
        h("div", { class: "co-rewards-box" }, h("table", { class: "co-rewards", id: "rewards" },
          h("caption", {}, "Rewards (the more difficult game)"),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, h("span", { class: "co-visually-hidden" }, "Detective")), cols.map(([, w]) => h("th", { scope: "col" }, w)))),
          h("tbody", {}, rewards.map((r, seat) =>
            h("tr", { class: winners.includes(seat) ? "winner" : "", dataset: { seat: String(seat) } },
              h("th", { scope: "row", title: ctx.seatWord(seat) }, seatDot(seat, seatColour(seat), { cls: "co-dot" }), h("span", { class: "co-rw-name" }, ` ${ctx.seatWord(seat)}`)),
              cols.map(([k]) => h("td", { class: `${k}${r[k] < 0 ? " neg" : ""}` }, r[k] || k === "total" ? money(r[k]) : "—"))))),
        )),
        h("p", { class: "co-note" }, "A complete figure or weapon $500 each, a complete Columbo $1,000, the ending $1,000; each part of an incomplete Columbo and the Mystery card −$200."),
      );
    }
    fill(el.end, rows);
    if (!endShown && !opts.replay && window.innerWidth < 900) el.end.scrollIntoView({ block: "start", behavior: reduced() ? "auto" : "smooth" });
    endShown = true;
  }
  let endShown = false;

  // ---- keys ----
  /** What the game's own keys do now: keys.js tableKeys asks only on the seat's turn, and does z and Escape. */
  function bindings(k) {
    const challenge = legal.demands.length && view.phase !== "counter";
    const keys = {
      r: legal.roll,
      t: legal.draw,
      e: legal.end,
      p: legal.pass,
      c: challenge && (() => setMode(mode?.type === "demand" ? null : { type: "demand", target: legal.targets.length === 1 ? legal.targets[0] : null })),
    };
    return keys[k];
  }
  // A counter-demand is no choice Escape may drop: it must be made.
  const key = tableKeys({ board, act: ctx.act, canAct: () => opts.canAct, choice: () => (mode?.fixed ? null : mode), setChoice: setMode, bindings });

  // ---- live events: pieces walking, cards shown and turned, dice, sounds ----
  function play(events) {
    const sound = ctx.soundOn();
    for (const ev of events) {
      const d = ev.data || {};
      switch (ev.kind) {
        case "roll":
          rollDice(el.diceBox, el.dice, () => view?.dice, 65);
          if (sound) SOUNDS.dice();
          break;
        case "move":
          moveAlong(d.seat, d.from, d.to, d.jump);
          break;
        case "draw":
          if (sound) SOUNDS.card();
          pulsePile(d.room);
          break;
        case "discard":
        case "swapped":
          if (ev.kind === "swapped" && !d.laid) break;
          if (d.card) reveal(d.place, d.card, { by: d.seat, how: "shown", after: walking.get(d.seat) });
          else lands(d.place);
          break;
        case "name":
          if (d.shown) showcase(d.shown, `${whoName(d.seat)}: “${namingWords(d.kind)}”`, d.seat);
          break;
        case "turned":
          reveal(d.place, d.card, { by: d.seat, how: "turned", verdict: d.right ? "right!" : "wrong!", leaves: true });
          if (sound) setTimeout(() => (d.right ? SOUNDS.right() : SOUNDS.wrong()), 250);
          break;
        case "demand":
          if (sound) SOUNDS.demand();
          break;
        case "no_clue":
          if (sound) SOUNDS.noclue();
          showcase(d.card, `${whoName(d.from)}: “No Clue!”`, d.from);
          break;
        case "laid_down":
          if (sound) SOUNDS.set();
          if (d.cards?.length) showcase(d.cards[0], `${whoName(d.seat)} ${d.seat === opts.me ? "lay" : "lays"} down a complete ${kindTitle(d.kind)}`, d.seat, true);
          break;
        case "game_over":
          final = d;
          if (sound) setTimeout(() => SOUNDS.win(), 300);
          renderEnd();
          break;
        default:
          break;
      }
    }
  }

  function pulsePile(room) {
    restartClass(el.piles?.querySelector(`.co-pile[data-room="${room}"]`), "taking");
  }

  // ---- the event log, in words that never name a card on its way to the lawn ----
  function logWords(ev) {
    const d = ev.data || {};
    const who = (seat) => ctx.seatWord(seat);
    switch (ev.kind) {
      case "hand":
        return `You are dealt ${d.cards ? d.cards.length : "your"} Evidence Cards: they are in your hand.`;
      case "drew":
        return `You take the top card in ${roomWords(d.room)}: it is in your hand.`;
      case "discard":
        return d.card ? `${who(d.seat)} discards a card, shows it to all and lays it face down on the lawn at place ${d.place + 1}.` : null;
      case "your_discard":
        return `You laid a card face down at place ${d.place + 1}.`;
      case "swapped":
        if (!d.laid) return null;
        return d.card ? `${who(d.seat)} picks it up and lays a card in its place: shown to all, then face down.` : `${who(d.seat)} picks it up and lays a card face down in its place.`;
      case "name": // said aloud once (shown over the table): after a wrong naming the card shown lies there
        return `${who(d.seat)} points at place ${d.place + 1} and names it.`;
      case "turned":
        return `Turned over, place ${d.place + 1} is ${kindWords(d.card.kind)}: ${d.right ? "right" : "wrong"}!`;
      case "given":
        return `${kindWords(d.card.kind).replace(/^a/, "A").replace(/^the /, "The ")} passes from ${ev.to === d.from ? "you" : who(d.from)} to ${ev.to === d.to ? "you" : who(d.to)}: it is in ${ev.to === d.to ? "your" : "their"} hand.`;
      case "exchanged":
        return ev.to === d.to ? `In return, ${who(d.from)} gives you a card: it is in your hand.` : `In return, you give ${who(d.to)} a card.`;
      default:
        return null;
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
    logWords,
    seatTitle: (v, seat) => ctx.seatWord(seat),
    seatColour,
    coverWords: () => "Everyone else, look away: the next screen shows a detective's Evidence Cards.",
  };
}
