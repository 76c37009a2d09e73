// The Kojak Detective Game at the table: the board with its turning turntables, the
// informers out front, the Badges on the roofs, Headquarters with every Kojak, the cars;
// the dice and Action Card, the Contact Cards in hand, the Detective Notebook and the
// controls. Everything is drawn from the seat's `view` (sleuth/games/kojak/state.py);
// the replay page draws the engine's `reveal()`, the same shape with every notebook.
import { h, s, fill, buttonsFor, restartClass, seatWho } from "/static/js/dom.js";
import { tableBoard, animateFromNowOn } from "/static/js/board.js";
import { tableKeys } from "/static/js/keys.js";
import { mountTable, turnWatch } from "/static/js/page.js";
import { icon } from "/static/js/icons.js";
import { seatDot, seatRowClass, youTag } from "/static/js/seats.js";
import { settledControls, othersTurn, waitingFor } from "/static/js/controls.js";
import { dieEl, setDie, rollDice } from "/static/js/dice.js";
import { tone } from "/static/js/tone.js";

export const title = "Kojak Detective Game";

// --- names and colours (the same as sleuth/games/kojak/svg.py and words.py) ----------------------
const BUILDINGS = ["movie", "restaurant", "hotel", "bus"];
const NAMES = { movie: "Movie House", restaurant: "Restaurant", hotel: "Hotel", bus: "Bus Station" };
const BUILDING_COLOUR = { movie: "red", restaurant: "blue", hotel: "yellow", bus: "green" };
const PAINT = { red: "#d23a2f", blue: "#2f6fd6", yellow: "#efc21a", green: "#2e9e4f" };
const COLOURS = ["white", "black", "orange", "purple"];
const SEAT_FILL = { white: "#f4f2ea", black: "#26282e", orange: "#f08a24", purple: "#8b4fc4" };
const SEAT_LINE = { white: "#1b1b1b", black: "#f4f2ea", orange: "#2b1600", purple: "#f6efff" };
const SYMBOL = { car: ["kj-car", -13, -8, 26, 16], kcar: ["kj-kojak-car", -13, -8, 26, 16], pawn: ["kj-pawn", -10, -14, 20, 24], badge: ["kj-badge", -8, -8, 16, 14] };
const PLACES = { "lot-hq-west": "the west Headquarters lot", "lot-hq-east": "the east Headquarters lot", "lot-lieutenant": "the Lieutenant's lot" };
const HQ_WORDS = { start: "Start", radio: "the Radio Room", command: "the Command Room", y3: "the Computer Room" };

const colourOf = (seat) => COLOURS[seat % COLOURS.length];
export const seatFill = (seat) => SEAT_FILL[colourOf(seat)];
const the = (b) => `the ${NAMES[b] || b}`;

export function placeWords(id) {
  if (!id) return "nowhere";
  if (PLACES[id]) return PLACES[id];
  if (id.startsWith("lot-")) return `${the(id.slice(4))}'s lot`;
  if (HQ_WORDS[id]) return HQ_WORDS[id];
  if (/^h\d$/.test(id)) return `track space ${id.slice(1)}`;
  if (/^y\d$/.test(id)) return "the Computer Room path";
  // Path spaces carry the engine's own words (words.place), so the page says what the log says.
  const named = document.querySelector(`.kj-board [data-node="${CSS.escape(String(id))}"][data-name]`)?.dataset.name;
  return named ? named[0].toLowerCase() + named.slice(1) : id;
}

const KEYS = [
  ["r", "roll the dice"],
  ["d", "draw an Action Card (advanced)"],
  ["t", "take the informer out front"],
  ["a", "make the arrest (asks first)"],
  ["s", "stay in the room"],
  ["l", "Kojak leaves Headquarters"],
  ["c", "switch car (when both can drive)"],
  ["1 2", "turn the chosen turntable 1 or 2 spaces"],
  ["e", "end the turn"],
  ["z", "zoom the board"],
  ["Esc", "cancel a choice"],
];

// --- a few synthesised sounds (tone.js: Web Audio, no files) -----------------------------------------
const SOUNDS = {
  click: (n = 1) => { for (let i = 0; i < n * 4; i++) tone(900, i * 0.11, 0.03, { gain: 0.03 }); },
  dice: () => { for (let i = 0; i < 6; i++) tone(180 + Math.random() * 200, i * 0.05, 0.04, { type: "triangle", gain: 0.06 }); },
  car: () => tone(110, 0, 0.5, { type: "sawtooth", gain: 0.025, to: 160 }),
  clue: () => { tone(660, 0, 0.12, { type: "sine", gain: 0.08 }); tone(990, 0.12, 0.2, { type: "sine", gain: 0.08 }); },
  siren: () => { for (let i = 0; i < 3; i++) { tone(700, i * 0.5, 0.25, { type: "sawtooth", gain: 0.03, to: 1000 }); tone(1000, i * 0.5 + 0.25, 0.25, { type: "sawtooth", gain: 0.03, to: 700 }); } },
  win: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.14, 0.3, { type: "triangle", gain: 0.07 })),
  wrong: () => { tone(300, 0, 0.3, { type: "sawtooth", gain: 0.05, to: 150 }); },
};

// --- legal actions, grouped for the controls and the board ------------------------------------------
function groupLegal(view, me) {
  const g = { any: false, park: new Map(), badge: new Map(), jump: new Map(), walk: new Map(), turn: new Map(), drive: { detective: new Map(), kojak: new Map() }, roll: null, draw: null, stay: null, leave: null, take: null, arrest: null, end: null };
  if (!view || me === null || me === undefined || view.to_move !== me || !Array.isArray(view.legal)) return g;
  for (const a of view.legal) {
    g.any = true;
    switch (a.kind) {
      case "park": g.park.set(a.lot, a); break;
      case "badge": g.badge.set(a.building, a); break;
      case "jump": g.jump.set(a.room, a); break;
      case "walk": g.walk.set(a.to, a); break;
      case "drive": g.drive[a.car].set(a.to, a); break;
      case "turn":
        if (!g.turn.has(a.building)) g.turn.set(a.building, new Map());
        g.turn.get(a.building).set(a.spaces, a);
        break;
      case "roll": g.roll = a; break;
      case "draw": g.draw = a; break;
      case "stay": g.stay = a; break;
      case "leave_hq": g.leave = a; break;
      case "take": g.take = a; break;
      case "arrest": g.arrest = a; break;
      case "end_turn": g.end = a; break;
      default: break;
    }
  }
  return g;
}

/** The building whose lot holds a car, if it is a building's lot. */
const lotBuilding = (place) => (place && place.startsWith("lot-") && NAMES[place.slice(4)] ? place.slice(4) : null);

// --- the table ---------------------------------------------------------------------------------------
export function createTable(ctx) {
  const el = {};
  let view = null;
  let opts = { me: null, canAct: false, seats: [], replay: false };
  let legal = groupLegal(null, null);
  let car = "detective"; // which car the board's lit spaces are for
  let pick = null; // a building chosen for turning
  let mode = null; // null | "arrest"
  let svg = null;
  const angles = {}; // building -> the disc's shown angle (keeps growing: tables only turn clockwise)
  const anim = new Map(); // piece element -> animation token
  const turnMoved = turnWatch((v) => `${v.turn}/${v.phase}/${(v.pieces?.[v.turn]?.turns) ?? ""}`);
  const board = tableBoard({
    game: "kojak",
    picture: { viewBox: "0 0 804 804", cls: "kj-board", label: "Kojak board" },
    wrapClass: "kj-board-wrap",
    host: () => el.board,
    here: ownPiece,
    hints: () => el.hints,
    act: ctx.act,
    miss: otherCar,
  });

  // ---- mounting ----
  async function mount(slots) {
    svg = await mountTable(el, slots, { game: "kojak", board });
    el.hints = s("g", { class: "kj-hints" });
    el.marks = s("g", { class: "kj-marks" });
    el.badges = s("g", { class: "kj-badges" });
    el.pieces = s("g", { class: "kj-pieces" });
    el.fx = s("g", { class: "kj-fx" });
    svg.append(el.hints, el.marks, el.badges, el.pieces, el.fx);

    // The HUD: the case file, the dice and the Action Card, the piles
    el.caseFile = h("div", { class: "kj-case", id: "case-file" });
    el.dice = [dieEl(), dieEl()];
    el.diceWords = h("span", { class: "dice-words" });
    el.diceBox = h("div", { class: "dice kj-dice", id: "dice" }, el.dice, el.diceWords);
    el.actionCard = h("div", { class: "kj-action-card", id: "action-card", hidden: true });
    el.piles = h("div", { class: "kj-piles", id: "piles", hidden: true });
    fill(el.hud, el.caseFile, h("div", { class: "kj-hud-side" }, el.diceBox, el.actionCard, el.piles));

    el.notebook = h("section", { class: "panel kj-notebook", id: "notebook", "aria-labelledby": "notebook-title" });
    el.hand = h("section", { class: "panel kj-hand", id: "hand-panel", "aria-labelledby": "hand-title" });
    el.players = h("section", { class: "panel kj-players", id: "players", "aria-labelledby": "players-title" });
    fill(el.info, el.notebook, el.hand, el.players);
  }

  /** Where this seat's piece in play stands: what a zoomed board keeps in sight when nothing is lit. */
  function ownPiece() {
    if (!view) return null;
    const p = view.pieces?.[opts.me ?? view.to_move];
    const at = view.phase === "hq" || view.phase === "turn" ? p?.kojak || p?.cars?.detective : p?.cars?.[car] || p?.cars?.detective;
    return point(at || "start");
  }

  // ---- board geometry (read from the picture's data attributes) ----
  const nodeCache = new Map();
  function nodeEl(id) {
    if (!nodeCache.has(id)) nodeCache.set(id, svg?.querySelector(`[data-node="${CSS.escape(String(id))}"]:not(.kj-piece)`) || null);
    return nodeCache.get(id);
  }
  function point(id) {
    const n = nodeEl(id);
    return n ? { x: +n.dataset.x, y: +n.dataset.y } : null;
  }
  function table(b) {
    return svg?.querySelector(`.turntable[data-building="${b}"]`) || null;
  }
  function buildingEl(b) {
    return svg?.querySelector(`.building[data-building="${b}"]`) || null;
  }

  // ---- rendering ----
  function render(v, o) {
    view = v;
    opts = { ...opts, ...o };
    legal = groupLegal(v, opts.canAct ? opts.me : null);
    if (turnMoved(v)) {
      mode = null;
      pick = null;
      car = "detective";
    }
    if (!legal.drive[car].size && legal.drive[car === "detective" ? "kojak" : "detective"].size) car = car === "detective" ? "kojak" : "detective";
    if (legal.turn.size === 1) pick = [...legal.turn.keys()][0];
    if (pick && !legal.turn.has(pick)) pick = null;
    if (mode === "arrest" && !legal.arrest) mode = null;
    renderTurntables();
    renderPieces();
    renderBadges();
    renderTargets();
    renderMarks();
    renderHud();
    renderControls();
    renderNotebook();
    renderHand();
    renderPlayers();
    animateFromNowOn(svg);
  }

  function renderTurntables() {
    for (const b of BUILDINGS) {
      const t = view.turntables?.[b];
      const g = table(b);
      if (!t || !g) continue;
      const disc = g.querySelector(".disc");
      const slots = Number(g.dataset.slots) || t.slots || 8;
      const step = 360 / slots;
      const target = Number(g.dataset.frontAngle) + t.front * step;
      let shown = angles[b];
      if (shown === undefined) {
        shown = target;
        disc.style.transition = "none";
      } else {
        const delta = (((target - shown) % 360) + 360) % 360; // turntables turn only clockwise
        shown += delta;
        disc.style.transition = "";
        disc.style.setProperty("--turn-ms", `${Math.max(350, Math.round((delta / step) * 420))}ms`);
      }
      angles[b] = shown;
      disc.style.transform = `rotate(${shown}deg)`;
      disc.dataset.front = String(t.front);
      g.dataset.outFront = String(Boolean(t.out_front));
      g.querySelectorAll(".slot").forEach((slot) => {
        const k = Number(slot.dataset.slot);
        const seen = t.seen?.[k];
        slot.dataset.state = seen === null || seen === undefined ? "unknown" : seen ? "informer" : "empty";
        slot.toggleAttribute("data-front", k === t.front);
      });
      const words = `${NAMES[b]}: ${t.out_front ? "an informer is out front" : "nobody out front"}; ${t.informers} informer${t.informers === 1 ? "" : "s"} left`;
      const tip = buildingEl(b)?.querySelector("title");
      if (tip) tip.textContent = words;
      if (disc.style.transition === "none") requestAnimationFrame(() => (disc.style.transition = ""));
    }
  }

  function pieceList() {
    // [key, kind, seat, place]
    const out = [];
    for (const p of view.pieces || []) {
      if (p.cars?.detective) out.push([`car-${p.seat}`, "car", p.seat, p.cars.detective]);
      if (p.cars?.kojak) out.push([`kcar-${p.seat}`, "kcar", p.seat, p.cars.kojak]);
      if (p.kojak) out.push([`pawn-${p.seat}`, "pawn", p.seat, p.kojak]);
    }
    return out;
  }

  function renderPieces() {
    if (!svg) return;
    const list = pieceList();
    const byPlace = new Map();
    for (const item of list) {
      if (!byPlace.has(item[3])) byPlace.set(item[3], []);
      byPlace.get(item[3]).push(item);
    }
    const live = new Set();
    for (const [place, items] of byPlace) {
      const g = point(place);
      if (!g) continue;
      const offsets = spread(items.length);
      items.forEach(([key, kind, seat], i) => {
        live.add(key);
        const piece = pieceEl(key, kind, seat);
        const x = g.x + offsets[i][0];
        const y = g.y + offsets[i][1];
        piece.dataset.x = x.toFixed(1);
        piece.dataset.y = y.toFixed(1);
        piece.dataset.node = place;
        piece.classList.remove("gone");
        if (!anim.has(piece)) piece.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
        piece.classList.toggle("to-move", view.to_move === seat && !view.over);
        piece.classList.toggle("mine", opts.me === seat);
        const selected = opts.canAct && view.phase === "drive" && opts.me === seat && ((kind === "car" && car === "detective") || (kind === "kcar" && car === "kojak"));
        piece.classList.toggle("selected", selected);
        const what = kind === "car" ? "Detective's car" : kind === "kcar" ? "Kojak's car" : "Kojak";
        piece.querySelector("title").textContent = `${playerWords(seat)}: ${what} on ${placeWords(place)}`;
      });
    }
    el.pieces.querySelectorAll(".kj-piece").forEach((p) => {
      if (!live.has(p.dataset.key)) p.classList.add("gone");
    });
  }

  function spread(n) {
    if (n === 1) return [[0, 0]];
    const d = 10;
    if (n <= 4) return [[-d, -d], [d, -d], [-d, d], [d, d]].slice(0, n);
    return Array.from({ length: n }, (_, i) => [13 * Math.cos((i * 2 * Math.PI) / n), 13 * Math.sin((i * 2 * Math.PI) / n)]);
  }

  function useOf(kind, seat) {
    const [id, x, y, w, hh] = SYMBOL[kind];
    const colour = colourOf(seat);
    return s("use", { href: `#${id}`, x, y, width: w, height: hh, color: SEAT_FILL[colour], stroke: SEAT_LINE[colour] });
  }

  function pieceEl(key, kind, seat) {
    let p = el.pieces.querySelector(`.kj-piece[data-key="${key}"]`);
    if (p) return p;
    p = s("g", { class: `kj-piece kj-${kind}`, "data-key": key, "data-seat": String(seat), "data-kind": kind, id: `kj-${key}` }, s("title", {}, ""), s("circle", { class: "piece-ring", r: 17 }), s("g", { class: "piece-shape" }, useOf(kind, seat)));
    el.pieces.append(p);
    return p;
  }

  function renderBadges() {
    if (!svg) return;
    for (const p of view.pieces || []) {
      let badge = el.badges.querySelector(`.kj-badge[data-seat="${p.seat}"]`);
      if (!badge) {
        badge = s("g", { class: "kj-badge gone", "data-seat": String(p.seat), id: `kj-badge-${p.seat}` }, s("title", {}, ""), s("g", { class: "piece-shape" }, useOf("badge", p.seat)));
        el.badges.append(badge);
      }
      if (!p.badge) {
        badge.classList.add("gone");
        continue;
      }
      const t = table(p.badge);
      if (!t) continue;
      const d = 9.5;
      const [ox, oy] = [[-d, -d], [d, -d], [-d, d], [d, d]][(p.seat) % 4];
      const x = +t.dataset.cx + ox, y = +t.dataset.cy + oy;
      badge.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
      badge.dataset.building = p.badge;
      badge.classList.remove("gone");
      badge.classList.toggle("mine", opts.me === p.seat);
      badge.querySelector("title").textContent = `${playerWords(p.seat)}'s Badge on ${the(p.badge)}`;
    }
  }

  // A lit target (board.js) on a space or on a building; `choose` is its action, or what to do.
  function onNode(id, kind, words, choose) {
    const node = nodeEl(id);
    const g = point(id);
    if (!node || !g) return null;
    const big = node.classList.contains("room") || node.classList.contains("lot");
    return { node, kind, words, pick: choose, hint: s("circle", { class: `hint hint-${kind}`, cx: g.x, cy: g.y, r: big ? 25 : 20, "data-for": id }) };
  }

  function onBuilding(b, kind, words, choose) {
    const node = buildingEl(b);
    const t = table(b);
    if (!node || !t) return null;
    const hint = s("circle", { class: `hint hint-building hint-${kind}`, cx: +t.dataset.cx, cy: +t.dataset.cy, r: +t.dataset.r + 9, "data-for": b });
    return { node, kind, words, pick: choose, hint, also: pick === b && kind === "turn" ? ["picked"] : [] };
  }

  function renderTargets() {
    board.light(opts.replay || !opts.canAct || mode === "arrest" ? [] : targets());
  }

  function targets() {
    const clue = legal.take ? clueBuilding() : null;
    return [
      ...[...legal.park].map(([lot, a]) => onNode(lot, "park", `Park the Detective's car in ${placeWords(lot)}`, a)),
      ...[...legal.drive[car]].map(([to, a]) => onNode(to, "drive", `Drive ${car === "kojak" ? "Kojak's car" : "the Detective's car"} to ${placeWords(to)}`, a)),
      ...[...legal.walk].map(([to, a]) => onNode(to, "walk", `Move Kojak to ${placeWords(to)}`, a)),
      ...[...legal.jump].map(([room, a]) => onNode(room, "jump", `Kojak jumps into ${placeWords(room)}`, a)),
      ...[...legal.badge].map(([b, a]) => onBuilding(b, "badge", `Put the Badge on ${the(b)}`, a)),
      ...[...legal.turn.keys()].map((b) => onBuilding(b, "turn", `Turn ${the(b)}'s turntable`, () => pickTable(b))),
      clue ? onBuilding(clue, "take", `Take the informer at ${the(clue)}`, legal.take) : null,
    ];
  }

  function clueBuilding() {
    const me = view.pieces?.[opts.me];
    return lotBuilding(me?.cars?.detective);
  }

  function renderMarks() {
    el.marks.replaceChildren();
    const reveal = view.reveal;
    svg?.classList.toggle("revealed", Boolean(reveal));
    const hideout = reveal?.hideout || view.solution?.hideout || null;
    if (hideout) {
      const t = table(hideout);
      const label = svg.querySelector(`.building-name[data-building="${hideout}"]`);
      if (t) {
        const x = +t.dataset.cx, y = +t.dataset.cy, r = +t.dataset.r;
        const words = `${(reveal?.criminal || view.solution?.criminal || "").toUpperCase()} HID HERE`;
        const lx = label ? +label.getAttribute("x") - x : 0;
        const ly = label ? +label.getAttribute("y") - 4 - y : -r - 24;
        const w = words.length * 6.2 + 14;
        el.marks.append(
          s("g", { class: "hideout-mark", transform: `translate(${x} ${y})` },
            s("title", {}, `${reveal?.criminal || view.solution?.criminal} was hiding in ${the(hideout)}`),
            s("circle", { r: r + 14 }),
            s("rect", { x: lx - w / 2, y: ly - 10, width: w, height: 20, rx: 4 }),
            s("text", { x: lx, y: ly + 4, "text-anchor": "middle" }, words)),
        );
      }
    }
    // Wrong arrests: a cross over the building everyone now knows is not the hide-out.
    for (const p of view.pieces || []) {
      if (!p.accused) continue;
      const t = table(p.accused);
      if (!t) continue;
      el.marks.append(s("g", { class: "wrong-mark", transform: `translate(${t.dataset.cx} ${t.dataset.cy})` }, s("title", {}, `${playerWords(p.seat)} arrested here wrongly`), s("path", { d: "M-20,-20 L20,20 M20,-20 L-20,20" })));
    }
  }

  function renderHud() {
    const c = view.case || {};
    fill(
      el.caseFile,
      h("div", { class: "kj-case-head" }, h("span", { class: "kj-case-kicker" }, "Case file"), h("span", { class: "kj-case-game" }, c.game ? `Game ${c.game}` : "")),
      h("div", { class: "kj-case-title" }, c.title || "—"),
      h("div", { class: "kj-case-wanted" }, h("span", {}, "Wanted: "), h("b", {}, c.criminal || "?")),
      h("div", { class: "kj-case-sub" }, `${view.version === "advanced" ? "Advanced game" : "Fast game"} · informer set ${c.informer_set || "?"}`),
    );
    const dice = view.dice || [];
    el.dice[1].hidden = dice.length === 1;
    setDie(el.dice[0], dice[0]);
    setDie(el.dice[1], dice[1]);
    el.diceBox.classList.toggle("empty", !dice.length);
    el.diceWords.textContent = dice.length ? `${dice.reduce((a, b) => a + b, 0)} spaces` : "no roll yet";
    const advanced = view.version === "advanced";
    el.actionCard.hidden = !advanced;
    el.piles.hidden = !advanced || !view.piles;
    if (advanced) {
      const card = view.action_card;
      fill(el.actionCard, h("span", { class: "kj-ac-label" }, "Action"), h("span", { class: "kj-ac-value" }, card ? String(card) : "–"));
      el.actionCard.classList.toggle("empty", !card);
      el.actionCard.setAttribute("aria-label", card ? `Action Card: ${card}` : "No Action Card drawn this turn");
    }
    if (advanced && view.piles) {
      fill(
        el.piles,
        h("span", { class: "kj-pile kj-pile-action", title: "Action Cards left in the pile" }, h("b", {}, String(view.piles.action ?? "?")), " action"),
        h("span", { class: "kj-pile kj-pile-contact", title: "Contact Cards left in the pile" }, h("b", {}, String(view.piles.contact ?? "?")), " contact"),
      );
    }
  }

  // ---- controls ----
  const btn = buttonsFor((a) => ctx.act(a));

  /** The controls' line while another player plays, or for a player out of the game. */
  function waitWords() {
    if (view.pieces?.[opts.me]?.out) return "You are out: you made a wrong arrest. Keep the solution to yourself!";
    return waitingFor(playerWords(view.to_move), ctx.isBot?.(view.to_move));
  }

  function renderControls() {
    if (settledControls(el.ctrl, el.controls, view, opts, ctx.tableId)) return;
    if (othersTurn(el.ctrl, el.controls, opts.canAct, waitWords)) return;
    const rows = [];
    const me = view.pieces[opts.me];
    if (mode === "arrest" && legal.arrest) {
      const where = lotBuilding(me.cars.detective);
      const nb = view.notebook || {};
      const sure = (nb.suspects || []).length === 1;
      rows.push(
        h("p", { class: "ctrl-help kj-arrest-q" }, h("b", {}, `Arrest ${view.case?.criminal || "the criminal"} at ${the(where)}?`), sure ? " Your notebook says this is the place." : ` You still suspect ${(nb.suspects || []).map((b) => NAMES[b]).join(", ") || "nobody"}. If you are wrong you are out of the game.`),
        h("div", { class: "ctrl-row" }, btn(`Make the arrest at ${the(where)}`, legal.arrest, { cls: "btn-primary btn-big btn-arrest-go", data: { action: "arrest-confirm" } }), btn("Not yet", () => setMode(null), { cls: "btn-big btn-ghost", data: { action: "arrest-cancel" } })),
      );
      fill(el.ctrl, rows);
      return;
    }
    const main = [];
    if (legal.take) {
      const b = clueBuilding();
      main.push(btn(`Take the ${BUILDING_COLOUR[b] || ""} informer`, legal.take, { key: "t", cls: "btn-primary btn-big btn-take", data: { action: "take" }, title: `Take the informer out front at ${the(b)} (t)` }));
    }
    if (legal.arrest) main.push(btn("Make the arrest…", () => setMode("arrest"), { key: "a", cls: "btn-big btn-arrest", data: { action: "arrest" } }));
    if (legal.roll) main.push(btn("Roll the dice", legal.roll, { key: "r", cls: `${legal.take || legal.arrest ? "" : "btn-primary"} btn-big`, data: { action: "roll" } }));
    if (legal.draw) main.push(btn("Draw an Action Card", legal.draw, { key: "d", cls: "btn-big btn-draw", data: { action: "draw" } }));
    for (const [room, a] of legal.jump) main.push(btn(`Kojak to the ${room === "radio" ? "Radio" : "Command"} Room`, a, { cls: "btn-big", data: { jump: room } }));
    if (legal.stay) main.push(btn(`Stay in ${placeWords(me.kojak)}`, legal.stay, { key: "s", cls: "btn-big", data: { action: "stay" } }));
    if (legal.leave) main.push(btn("Kojak leaves HQ", legal.leave, { key: "l", cls: "btn-big btn-leave", data: { action: "leave_hq" }, title: "Kojak takes his car, for the arrest (he cannot come back)" }));
    if (legal.end) main.push(btn("End turn", legal.end, { key: "e", cls: "btn-big", data: { action: "end_turn" } }));
    if (main.length) rows.push(h("div", { class: "ctrl-row" }, main));

    if (legal.park.size) {
      rows.push(h("p", { class: "ctrl-help" }, "Park your Detective's car in a Headquarters lot (or tap one on the board):"));
      rows.push(h("div", { class: "ctrl-row picker" }, [...legal.park].map(([lot, a]) => btn(lot.endsWith("west") ? "West lot" : "East lot", a, { cls: "btn-big", data: { park: lot } }))));
    }
    if (legal.badge.size) {
      rows.push(h("p", { class: "ctrl-help" }, view.phase === "setup" ? "Put your Badge on the roof of your first destination:" : "Radio Room: move your Badge to another roof (or end the turn):"));
      rows.push(h("div", { class: "ctrl-row picker" }, [...legal.badge].map(([b, a]) => btn(NAMES[b], a, { cls: `btn-building b-${b}`, data: { badge: b } }))));
    }
    if (legal.turn.size) {
      rows.push(h("p", { class: "ctrl-help" }, legal.turn.size > 1 ? "Command Room: turn any turntable clockwise (tap a building to choose):" : "Command Room: turn the turntable under your Badge clockwise:"));
      rows.push(
        h("div", { class: "kj-turn-grid" },
          [...legal.turn].map(([b, by]) =>
            h("div", { class: `kj-turn-row${pick === b ? " picked" : ""}`, dataset: { building: b } },
              h("span", { class: "kj-turn-name" }, h("span", { class: "swatch", style: { background: PAINT[BUILDING_COLOUR[b]] } }), NAMES[b], h("span", { class: "kj-turn-state" }, view.turntables[b].out_front ? " · informer out" : "")),
              [1, 2].map((n) => (by.has(n) ? btn(`↻ ${n}`, by.get(n), { cls: "btn-turn", data: { turn: `${b}:${n}` }, title: `Turn ${the(b)}'s turntable ${n} space${n > 1 ? "s" : ""}${pick === b ? ` (${n})` : ""}` }) : null)),
            ),
          ),
        ),
      );
    }
    const drives = legal.drive.detective.size + legal.drive.kojak.size;
    if (drives) {
      const total = (view.dice || []).reduce((a, b) => a + b, 0);
      if (legal.drive.detective.size && legal.drive.kojak.size) {
        rows.push(h("div", { class: "ctrl-row kj-cars", role: "group", "aria-label": "Which car" },
          btn("Detective's car", () => setCar("detective"), { cls: `btn-car${car === "detective" ? " active" : ""}`, data: { car: "detective" } }),
          btn("Kojak's car", () => setCar("kojak"), { key: "c", cls: `btn-car${car === "kojak" ? " active" : ""}`, data: { car: "kojak" } })));
      }
      rows.push(h("p", { class: "ctrl-help" }, `Drive ${car === "kojak" ? "Kojak's car" : "your Detective's car"} ${total} spaces: tap a lit space. A parking lot on the way may be entered early.`));
      const lots = [...legal.drive[car]].filter(([to]) => to.startsWith("lot-"));
      if (lots.length) rows.push(h("div", { class: "ctrl-row picker" }, lots.map(([to, a]) => btn(`Into ${placeWords(to)}`, a, { cls: "btn-lot", data: { drive: to } }))));
    }
    if (legal.walk.size) {
      rows.push(h("p", { class: "ctrl-help" }, `Move Kojak ${view.action_card} along the arrows: tap a lit space.`));
      rows.push(h("div", { class: "ctrl-row picker" }, [...legal.walk].map(([to, a]) => btn(placeWords(to).replace(/^the /, "").replace(/^\w/, (c) => c.toUpperCase()), a, { cls: "btn-walk", data: { walk: to } }))));
    }
    fill(el.ctrl, rows);
  }

  function setMode(m) {
    mode = m;
    renderTargets();
    renderControls();
    el.ctrl.querySelector(".btn-primary, .btn")?.focus({ preventScroll: true });
  }

  function setCar(c) {
    if (!legal.drive[c].size) return;
    car = c;
    renderPieces();
    renderTargets();
    renderControls();
  }

  // ---- panels ----
  function renderNotebook() {
    const c = view.case || {};
    const nb = view.notebook;
    const books = view.notebooks; // replays: everyone's
    const reveal = view.reveal;
    const got = new Map((nb?.clues || []).map((clue) => [clue.code, clue]));
    const circled = new Set(nb?.circled || []);
    const struck = new Set((view.pieces || []).map((p) => p.accused).filter(Boolean));
    const suspects = nb?.suspects || BUILDINGS.filter((b) => !struck.has(b));
    const hideout = reveal?.hideout || view.solution?.hideout || null;
    const codes = reveal?.codes || null;
    const head = h("h2", { class: "panel-title", id: "notebook-title" }, nb ? [icon("lock", 14), " Detective Notebook"] : "Clue sheet", nb ? h("span", { class: "private-note" }, "only you see your clues") : null, books ? h("span", { class: "panel-sub" }, " · what the informers said") : null);
    const statements = c.statements || [];
    const sheet = h(
      "ol",
      { class: "kj-statements", id: "statements" },
      statements.map((st) => {
        const mine = got.get(st.code);
        const found = codes && Object.entries(codes).filter(([, code]) => code === st.code).map(([b]) => b);
        return h(
          "li",
          { class: `kj-statement${mine ? " got" : ""}${found?.length ? " coded" : ""}`, dataset: { code: st.code, clears: st.clears } },
          h("span", { class: "kj-code", style: mine ? { "--ink": PAINT[mine.colour] } : {} }, st.code),
          h("span", { class: "kj-says" }, `“${st.text}”`),
          // Label a statement with what it tells: the building it clears (the informer's own
          // building is only where it was heard, kept in the tooltip and on the card tab).
          mine ? h("span", { class: "kj-clears", title: `Heard from the ${mine.colour} informer at ${the(mine.building)}` }, h("span", { class: "swatch", style: { background: PAINT[BUILDING_COLOUR[st.clears]] } }), `not the ${NAMES[st.clears]}`) : null,
          !mine && found?.length ? h("span", { class: "kj-clears muted", title: `The code of the informers at ${found.map((b) => the(b)).join(", ")}` }, `not the ${NAMES[st.clears]}`) : null,
        );
      }),
    );
    const row = h(
      "div",
      { class: "kj-buildings", id: "suspects", role: "list", "aria-label": "Buildings, as on the clue sheet: crossed-out ones are ruled out" },
      (c.row || BUILDINGS).map((b) => {
        const state = hideout === b ? "hideout" : circled.has(b) ? "circled" : struck.has(b) ? "struck" : suspects.includes(b) ? "suspect" : "cleared";
        const words = { hideout: "the hide-out", circled: "ruled out by your clue", struck: "ruled out by a wrong arrest", suspect: "still a suspect", cleared: "ruled out" }[state];
        const out = state === "circled" || state === "struck" || state === "cleared";
        return h("span", { class: `kj-bld kj-bld-${state}${out ? " kj-bld-out" : ""}`, role: "listitem", dataset: { building: b, state }, title: `${NAMES[b]}: ${words}`, "aria-label": `${NAMES[b]}: ${words}` }, out ? h("span", { class: "kj-x", "aria-hidden": "true" }, "✕") : h("span", { class: "swatch", style: { background: PAINT[BUILDING_COLOUR[b]] } }), NAMES[b]);
      }),
    );
    const parts = [head];
    if (c.criminal) parts.push(h("p", { class: "kj-sheet-title" }, h("b", {}, `Game ${c.game}: ${c.title || ""}`), c.games ? h("span", { class: "kj-pad" }, ` (sheet for games ${c.games.join(", ")})`) : null, h("br"), `Where is ${c.criminal} hiding?`));
    if (nb) {
      const left = suspects.filter((b) => !circled.has(b));
      const verdict = hideout
        ? `${c.criminal} was hiding in ${the(hideout)}.`
        : left.length === 1
          ? `${c.criminal} must be hiding in ${the(left[0])}!`
          : `${nb.clues.length} informer card${nb.clues.length === 1 ? "" : "s"} · ${left.length} buildings left`;
      parts.push(h("p", { class: `kj-verdict${left.length === 1 || hideout ? " sure" : ""}`, id: "verdict" }, verdict));
      parts.push(
        h("div", { class: "kj-hung", "aria-label": "Informer cards on your notebook" },
          BUILDINGS.map((b) => {
            const clue = (nb.clues || []).find((x) => x.building === b);
            return h("span", { class: `kj-card-tab${clue ? " got" : ""}`, dataset: { building: b }, style: { "--c": PAINT[BUILDING_COLOUR[b]] }, title: clue ? `${NAMES[b]}: code ${clue.code}` : `${NAMES[b]}: no card yet` }, clue ? clue.code : "");
          })),
      );
    }
    if (view.solution && !reveal) parts.push(h("p", { class: "kj-secret" }, icon("lock", 13), ` The Solution Book: ${view.solution.criminal} hides in ${the(view.solution.hideout)}. Keep it secret!`));
    parts.push(row, sheet);
    if (books) {
      parts.push(
        h("div", { class: "kj-books" },
          Object.entries(books).map(([seat, book]) =>
            h("div", { class: "kj-book", dataset: { seat } }, seatDot(+seat, seatFill(+seat), { number: false }), h("span", {}, playerWords(+seat)), h("span", { class: "kj-book-clues" }, (book.clues || []).map((clue) => h("span", { class: "kj-card-tab got", style: { "--c": PAINT[clue.colour] }, title: clue.statement }, clue.code)))),
          )),
      );
    }
    fill(el.notebook, parts);
  }

  function renderHand() {
    const hand = view.contacts; // own, advanced only
    const hands = view.hands; // replays
    if (!hand && !hands) {
      el.hand.hidden = true;
      fill(el.hand);
      return;
    }
    el.hand.hidden = false;
    const card = (kind, i) =>
      h("li", { class: `kj-contact c-${kind}`, dataset: { card: kind, index: String(i) }, title: kind === "any" ? "Works at any building" : `Works at ${the(kind)}` }, h("span", { class: "kj-contact-top" }, "Contact"), h("span", { class: "kj-contact-name" }, kind === "any" ? "Any building" : NAMES[kind] || kind), kind !== "any" ? h("span", { class: "swatch", style: { background: PAINT[BUILDING_COLOUR[kind]] } }) : h("span", { class: "swatch any" }));
    if (hands) {
      fill(
        el.hand,
        h("h2", { class: "panel-title", id: "hand-title" }, "Contact Cards (all hands)"),
        Object.entries(hands).map(([seat, cards]) => h("div", { class: "hand-row" }, seatDot(+seat, seatFill(+seat), { number: false }), h("span", { class: "hand-who" }, playerWords(+seat)), h("ul", { class: "kj-contacts small" }, cards.map(card)))),
      );
      return;
    }
    fill(
      el.hand,
      h("h2", { class: "panel-title", id: "hand-title" }, icon("lock", 14), " Your Contact Cards ", h("span", { class: "private-note" }, "only you see these")),
      hand.length ? h("ul", { class: "kj-contacts", id: "hand" }, hand.map(card)) : h("p", { class: "muted kj-empty" }, "None. Send Kojak down the yellow path to the Computer Room for two."),
    );
  }

  function renderPlayers() {
    const advanced = view.version === "advanced";
    fill(
      el.players,
      h("h2", { class: "panel-title", id: "players-title" }, "Players"),
      h(
        "ul",
        { class: "kj-plist" },
        (view.pieces || []).map((p) => {
          const who = seatWho(opts.seats, p.seat, ctx);
          const where = p.kojak ? `Kojak in ${placeWords(p.kojak).replace(/^the /, "")}` : "Kojak has left HQ";
          return h(
            "li",
            { class: `${seatRowClass("kj-player", view, opts.me, p.seat)}${p.out ? " out" : ""}`, dataset: { seat: String(p.seat) } },
            seatDot(p.seat, seatFill(p.seat), { color: SEAT_LINE[p.colour] }),
            h("span", { class: "kj-pmain" },
              h("span", { class: "kj-pname" }, `${ctx.seatWord(p.seat)} · ${p.colour}`, youTag(opts.me, p.seat), p.out ? h("span", { class: "kj-out" }, "out") : null, view.winners?.includes(p.seat) ? h("span", { class: "kj-won" }, "winner") : null),
              h("span", { class: "kj-psub" }, [who, where, p.badge ? `Badge on ${NAMES[p.badge]}` : "no Badge yet", advanced ? `${p.contacts} contact${p.contacts === 1 ? "" : "s"}` : "", p.accused ? `arrested at ${NAMES[p.accused]}: wrong` : ""].filter(Boolean).join(" · "))),
            h("span", { class: "kj-ptabs", title: `${p.informers.length} informer card${p.informers.length === 1 ? "" : "s"}` }, BUILDINGS.map((b) => h("span", { class: `kj-card-tab mini${p.informers.includes(b) ? " got" : ""}`, style: { "--c": PAINT[BUILDING_COLOUR[b]] } }))),
          );
        }),
      ),
    );
  }

  function playerWords(seat) {
    if (seat === null || seat === undefined) return "";
    return `${ctx.seatWord(seat)} (${colourOf(seat)})`;
  }

  // ---- input ----
  function pickTable(b) {
    pick = b;
    renderTargets();
    renderControls();
    el.ctrl.querySelector(`.kj-turn-row.picked button`)?.focus({ preventScroll: true });
  }

  /** The other car's spaces are not lit, but a tap on one drives that car there. */
  function otherCar(e) {
    const node = e.target.closest?.("[data-node]");
    if (!opts.canAct || !node || !svg.contains(node) || node.classList.contains("kj-piece")) return;
    const drive = legal.drive[car === "detective" ? "kojak" : "detective"].get(node.dataset.node);
    if (drive) ctx.act(drive);
  }

  /** What the game's own keys do now: keys.js tableKeys asks only on the seat's turn, and does z and Escape. */
  function bindings(k) {
    const keys = {
      r: legal.roll,
      d: legal.draw,
      t: legal.take,
      s: legal.stay,
      l: legal.leave,
      e: legal.end,
      a: legal.arrest && (() => setMode(mode === "arrest" ? null : "arrest")),
      c: legal.drive.detective.size && legal.drive.kojak.size && (() => setCar(car === "detective" ? "kojak" : "detective")),
    };
    return keys[k] ?? ((k === "1" || k === "2") && pick && legal.turn.get(pick)?.get(Number(k)));
  }
  const key = tableKeys({ board, act: ctx.act, canAct: () => opts.canAct, choice: () => mode, setChoice: setMode, bindings });

  // ---- live events: movement along routes, the informer taken, the dice, sounds ----
  function play(events, { me } = {}) {
    const sound = ctx.soundOn();
    let delay = 0;
    for (const ev of events) {
      const d = ev.data || {};
      switch (ev.kind) {
        case "roll":
          rollDice(el.diceBox, el.dice, () => view?.dice || d.dice);
          if (sound) SOUNDS.dice();
          break;
        case "drive": {
          const piece = el.pieces.querySelector(`.kj-piece[data-key="${d.car === "kojak" ? "kcar" : "car"}-${d.seat}"]`);
          if (piece) moveAlong(piece, [d.from, ...(d.route || [])], delay);
          if (sound) SOUNDS.car();
          break;
        }
        case "walk": {
          const piece = el.pieces.querySelector(`.kj-piece[data-key="pawn-${d.seat}"]`);
          if (piece) moveAlong(piece, [d.from, ...(d.route || [])], delay);
          break;
        }
        case "turned": {
          const b = buildingEl(d.building);
          restartClass(b, "turning");
          setTimeout(() => b?.classList.remove("turning"), 450 * d.spaces + 400);
          if (sound) SOUNDS.click(d.spaces);
          break;
        }
        case "informer_taken":
          informerLeaves(d.building, d.colour, d.seat === me);
          if (sound) SOUNDS.clue();
          break;
        case "badge": {
          restartClass(el.badges.querySelector(`.kj-badge[data-seat="${d.seat}"]`), "landed");
          break;
        }
        case "left_hq":
        case "arrest":
          if (sound) SOUNDS.siren();
          break;
        case "out":
          if (sound) setTimeout(() => SOUNDS.wrong(), 1500);
          break;
        case "game_over":
          if (sound && d.winners?.length) setTimeout(() => SOUNDS.win(), 1500);
          break;
        default:
          break;
      }
    }
  }

  /** Move a piece space by space along `places`, then to where render() wants it. */
  function moveAlong(piece, places, delay = 0) {
    const pts = places.map(point).filter(Boolean);
    if (pts.length < 2 || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const token = {};
    anim.set(piece, token);
    piece.classList.add("moving");
    piece.style.transition = "none";
    piece.style.transform = `translate(${pts[0].x}px, ${pts[0].y}px)`;
    piece.getBoundingClientRect();
    piece.style.transition = "";
    const step = Math.max(70, Math.min(150, 1100 / pts.length));
    pts.slice(1).forEach((p, i) => {
      setTimeout(() => {
        if (anim.get(piece) !== token) return;
        piece.style.transform = `translate(${p.x}px, ${p.y}px)`;
      }, delay + (i + 1) * step);
    });
    setTimeout(() => {
      if (anim.get(piece) !== token) return;
      anim.delete(piece);
      piece.classList.remove("moving");
      piece.style.transform = `translate(${piece.dataset.x}px, ${piece.dataset.y}px)`;
    }, delay + pts.length * step + 60);
  }

  function informerLeaves(building, colour, mine) {
    const t = table(building);
    if (!t) return;
    const angle = (Number(t.dataset.frontAngle) * Math.PI) / 180;
    const r = Number(t.dataset.r) * 0.71;
    const x = +t.dataset.cx + Math.cos(angle) * r;
    const y = +t.dataset.cy + Math.sin(angle) * r;
    const card = s("g", { class: `taken-card${mine ? " mine" : ""}`, transform: `translate(${x} ${y})` }, s("g", { class: "taken-inner" }, s("rect", { x: -11, y: -15, width: 22, height: 30, rx: 3, fill: PAINT[colour] || "#999" }), s("text", { y: 4, "text-anchor": "middle" }, "?")));
    el.fx.append(card);
    setTimeout(() => card.remove(), 1600);
  }

  function reset() {
    mode = null;
    pick = null;
    car = "detective";
  }

  return {
    mount,
    render,
    play,
    key,
    keys: () => KEYS,
    reset,
    seatTitle: (v, seat) => `${ctx.seatWord(seat)} (${colourOf(seat)})`,
    seatColour: (seat) => seatFill(seat),
    coverWords: () => "Everyone else, look away: the next screen shows the Detective Notebook's clues and the Contact Cards.",
  };
}
