// Manhunt at the table: the city with its cars (driven along the streets), the moves a
// player may make lit on the board, the Computer's three dials spinning, the Clue Scanner
// and its probe (the result shown only to the prober), the Detectives Handbook and Clue
// Sheet with the suspects crossed out, exchanges, calls to Headquarters and accusations.
// Everything is drawn from the seat's `view` (sleuth/games/manhunt/state.py); the replay
// page draws the engine's `reveal()`, the same shape with every side's Handbook.
import { h, s, fill, buttonsFor, restartClass, seatWho } from "/static/js/dom.js";
import { tableBoard, animateFromNowOn } from "/static/js/board.js";
import { tableKeys } from "/static/js/keys.js";
import { mountTable, turnWatch } from "/static/js/page.js";
import { icon } from "/static/js/icons.js";
import { seatDot, seatRowClass, youTag } from "/static/js/seats.js";
import { settledControls, othersTurn, waitingFor } from "/static/js/controls.js";
import { tone as playTone } from "/static/js/tone.js";

export const title = "Manhunt";

// --- colours and words (the same as sleuth/games/manhunt/svg.py and words.py) ---------------------
const COLOURS = ["green", "red", "blue", "yellow", "white", "black"];
const CAR_COLOURS = { green: "#2e9e44", red: "#d62828", blue: "#1d5fd1", yellow: "#f2c12e", white: "#f4f4f0", black: "#26262b" };
const PLACE_COLOURS = { red: "#d32f2f", blue: "#1e63c6", green: "#2e8b3e", yellow: "#e0b000", orange: "#ef7d1a", purple: "#7b3fa0", brown: "#8b5a2b", pink: "#df5c97" };
const DIAL_COLOURS = { numbered: "#ef7d1a", line: "#e0b000", signal: "#d32f2f" };
const PLACES = {
  1: "Scene of Crime 1", 2: "Scene of Crime 2", 3: "Witness 3", 4: "Witness 4",
  5: "Crime Lab 5", 6: "Crime Lab 6", 7: "Stake Out 7", 8: "Stake Out 8",
};
const BADGES = { "hq-n": "north", "hq-w": "west", "hq-e": "east", "hq-s": "south" };
const LETTERS = ["A", "B", "C", "D"];
// People who ask for less motion (and the browser tests) get short spins and drives.
const CALM = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
const SPIN_MS = CALM ? 200 : 1300;
const STEP_MS = CALM ? 30 : 120;

const colourOf = (seat) => COLOURS[seat % COLOURS.length];
const carColour = (seat) => CAR_COLOURS[colourOf(seat)];
const cap = (word) => word[0].toUpperCase() + word.slice(1);

export function spaceWords(id, board) {
  if (id === null || id === undefined) return "off the board";
  if (BADGES[id]) return `the ${BADGES[id]} Badge space`;
  const space = board?.spaces?.find((sp) => sp.id === id);
  if (space?.place) return PLACES[space.place] + (id === "1a" || id === "1b" ? ` (Red ${id})` : "");
  return space?.words || "a roadway space"; // the engine names it (board.roadway_words)
}

function flapText(letter) {
  return LETTERS.map((x) => (letter ? (x === letter ? "[X]" : "[O]") : "[ ]")).join("");
}

const KEYS = [
  ["s", "spin the Computer"],
  ["a", "accuse: pick a suspect (again to cancel)"],
  ["n", "call nobody to Headquarters"],
  ["3 … 8", "ask for that flap"],
  ["z", "zoom the board"],
  ["Esc", "cancel a choice"],
];

// --- sounds (tone.js: Web Audio, made here); Manhunt's pitches glide exponentially ----------------------
const tone = (freq, start, length, options = {}) => playTone(freq, start, length, { ramp: "exponential", ...options });

const SOUNDS = {
  spin: () => {
    for (let i = 0; i < 14; i++) tone(180 + i * 9, i * 0.075, 0.05, { gain: 0.025 });
    tone(880, SPIN_MS / 1000, 0.12, { type: "triangle", gain: 0.06 });
  },
  probe: () => [0, 0.18, 0.36, 0.54].forEach((t) => tone(1200, t, 0.05, { type: "sine", gain: 0.05 })),
  drive: () => tone(90, 0, 0.5, { type: "sawtooth", gain: 0.02, to: 140 }),
  right: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.12, 0.25, { type: "triangle", gain: 0.07 })),
  wrong: () => tone(300, 0, 0.6, { type: "sawtooth", gain: 0.05, to: 90 }),
};

// --- legal actions, grouped for the controls --------------------------------------------------------
function groupLegal(view, me) {
  const g = { any: false, spin: null, noCall: null, end: null, moves: new Map(), places: new Map(), calls: new Map(), confers: new Map(), asks: new Map(), accuses: new Map() };
  if (!view || me === null || me === undefined || view.to_move !== me || !Array.isArray(view.legal)) return g;
  for (const a of view.legal) {
    g.any = true;
    if (a.kind === "spin") g.spin = a;
    else if (a.kind === "no_call") g.noCall = a;
    else if (a.kind === "end") g.end = a;
    else if (a.kind === "move") g.moves.set(String(a.to), a);
    else if (a.kind === "place") g.places.set(String(a.badge), a);
    else if (a.kind === "call") g.calls.set(a.seat, a);
    else if (a.kind === "confer") g.confers.set(a.seat, a);
    else if (a.kind === "ask") g.asks.set(a.flap, a);
    else if (a.kind === "accuse") g.accuses.set(String(a.suspect), a);
  }
  return g;
}

// --- the table --------------------------------------------------------------------------------------
export function createTable(ctx) {
  const el = {};
  let view = null;
  let statics = null; // board, computer, case: they never change
  let opts = { me: null, canAct: false, seats: [], replay: false };
  let legal = groupLegal(null, null);
  let mode = null; // null | "accuse" | {suspect}
  let svg = null;
  const geo = new Map();
  let neighbours = null;
  const driving = new Map(); // seat -> a running drive (cars are not snapped while they drive)
  const angles = { numbered: 0, line: 0, signal: 0 };
  let spinning = 0;
  let scannerUntil = 0; // the Clue Scanner shows a probe or a flap until then (ms)
  let fetching = null;
  const turnMoved = turnWatch();
  const board = tableBoard({
    game: "manhunt",
    picture: { viewBox: "0 0 800 800", cls: "mh-board", label: "Manhunt board" },
    wrapClass: "mh-board-wrap",
    zoomClass: "mh-zoom",
    host: () => el.board,
    here: ownCar,
    hints: () => el.hints,
    act: ctx.act,
  });

  const who = (seat) => `${ctx.seatWord(seat)} (${cap(colourOf(seat))})`;
  // A replay shows everyone's secrets: it names whose they were instead of saying "you".
  const privately = (seat, live, replayed) => (opts.replay ? `${replayed} ${who(seat)}` : live);
  const short = (seat) => cap(colourOf(seat));
  const sideOf = (seat) => view?.sides?.find((sd) => sd.seats.includes(seat));

  // ---- mounting ----
  async function mount(slots) {
    svg = await mountTable(el, slots, { game: "manhunt", board, ctrlClass: "mh-ctrl" });
    el.hints = s("g", { class: "mh-hints" });
    el.cars = s("g", { class: "mh-cars" });
    svg.append(el.hints, el.cars);

    // The Computer and the Clue Scanner
    el.dials = {};
    const dialBox = h("div", { class: "mh-dials" });
    for (const [key, name] of [["numbered", "NUMBERED"], ["line", "ON LINE · OFF LINE"], ["signal", "BROADCAST · RECEIVE"]]) {
      const face = s("svg", { viewBox: "-50 -50 100 100", class: "mh-dial-face", "aria-hidden": "true" });
      const pointer = s("g", { class: "mh-pointer" }, s("path", { d: "M-3.5,6 L0,-36 L3.5,6 Z" }), s("circle", { r: 6 }));
      face.append(s("g", { class: "mh-segments" }), pointer);
      const reading = h("div", { class: "mh-reading" }, "—");
      const box = h("div", { class: `mh-dial dial-${key}`, dataset: { dial: key }, style: { "--dial": DIAL_COLOURS[key] } }, face, h("div", { class: "mh-dial-name" }, name), reading);
      el.dials[key] = { box, face, pointer, reading, drawn: null, at: null };
      dialBox.append(box);
    }
    el.spinWords = h("p", { class: "mh-spin-words", "aria-live": "polite" }, "");
    el.computer = h("section", { class: "mh-computer", id: "computer", "aria-label": "The Computer" }, h("div", { class: "mh-computer-top" }, h("span", {}, "The ", h("b", {}, "Computer")), h("span", { class: "mh-lamp" })), dialBox, el.spinWords);
    el.scanner = h("section", { class: "mh-scanner", id: "clue-scanner", "aria-live": "polite" });
    el.reveal = h("section", { class: "mh-reveal", id: "mh-reveal", hidden: true });
    fill(el.hud, h("div", { class: "mh-hud" }, el.computer, el.scanner, el.reveal));

    // The panels
    el.dets = h("section", { class: "panel mh-dets-panel", id: "mh-detectives", "aria-labelledby": "mh-dets-title" });
    el.book = h("section", { class: "panel mh-book-panel", id: "handbook", "aria-labelledby": "mh-book-title" });
    el.suspects = h("section", { class: "panel mh-suspects-panel", id: "suspects", "aria-labelledby": "mh-sus-title" });
    fill(el.info, el.dets, el.book, el.suspects);
    showScanner(null);
  }

  /** Where this seat's car stands: what a zoomed board keeps in sight when nothing is lit. */
  function ownCar() {
    const car = view?.cars?.[opts.me ?? view?.to_move];
    return (car && geometry(car.space)) || null;
  }

  // ---- the static parts of the view (a view without them: ask the server) ----
  function haveStatics(v) {
    if (v.board && v.computer && v.case) statics = { board: v.board, computer: v.computer, case: v.case };
    if (statics || fetching || !ctx.tableId) return;
    fetching = fetch(`/api/tables/${encodeURIComponent(ctx.tableId)}/view`)
      .then((r) => (r.ok ? r.json() : null))
      .then((data) => {
        const sv = data?.view;
        if (sv?.board) {
          statics = { board: sv.board, computer: sv.computer, case: sv.case };
          if (view) render(view, opts);
        }
      })
      .catch(() => {});
  }

  function links() {
    if (neighbours || !statics) return neighbours;
    neighbours = new Map();
    for (const [a, b] of statics.board.links) {
      if (!neighbours.has(a)) neighbours.set(a, []);
      if (!neighbours.has(b)) neighbours.set(b, []);
      neighbours.get(a).push(b);
      neighbours.get(b).push(a);
    }
    return neighbours;
  }

  // ---- board geometry ----
  function spaceEl(id) {
    return svg?.querySelector(`.space[data-node="${CSS.escape(String(id))}"]`) || null;
  }

  function geometry(id) {
    if (id === null || id === undefined) return null;
    id = String(id);
    if (geo.has(id)) return geo.get(id);
    const node = spaceEl(id);
    if (!node) return null;
    const g = { x: +node.dataset.x, y: +node.dataset.y };
    geo.set(id, g);
    return g;
  }

  // ---- rendering ----
  function render(v, o) {
    view = v;
    opts = { ...opts, ...o };
    haveStatics(v);
    legal = groupLegal(v, opts.canAct ? opts.me : null);
    if (turnMoved(v)) mode = null;
    if (mode && !legal.accuses.size) mode = null;
    renderCars();
    renderTargets();
    if (!spinning) renderDials();
    if (Date.now() >= scannerUntil) showScanner(null);
    renderReveal();
    renderControls();
    renderDetectives();
    renderHandbook();
    renderSuspects();
  }

  function renderCars() {
    if (!svg || !view?.cars) return;
    const bySpace = new Map();
    for (const car of view.cars) {
      if (car.space === null || car.space === undefined) continue;
      if (!bySpace.has(car.space)) bySpace.set(car.space, []);
      bySpace.get(car.space).push(car.seat);
    }
    for (const car of view.cars) {
      const el2 = carEl(car.seat);
      el2.classList.toggle("to-move", view.turn === car.seat && !view.over);
      el2.classList.toggle("mine", opts.me === car.seat);
      el2.classList.toggle("waiting", Boolean(car.waiting));
      el2.classList.toggle("gone", car.space === null || car.space === undefined);
      el2.querySelector("title").textContent = `${who(car.seat)}: ${spaceWords(car.space, statics?.board)}${car.waiting ? ", waiting OFF LINE" : ""}`;
      if (car.space === null || car.space === undefined || driving.has(car.seat)) continue;
      const seats = bySpace.get(car.space);
      const [ox, oy] = spread(seats.length)[seats.indexOf(car.seat)];
      const g = geometry(car.space);
      if (g) place(el2, g.x + ox, g.y + oy);
      el2.dataset.at = car.space;
    }
    animateFromNowOn(el.cars);
  }

  function place(car, x, y) {
    car.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`;
  }

  function spread(n) {
    if (n === 1) return [[0, 0]];
    const d = 11;
    return [[-d, -d], [d, d], [d, -d], [-d, d], [0, 0], [0, -d]].slice(0, n);
  }

  function carEl(seat) {
    let car = el.cars.querySelector(`.mh-car[data-seat="${seat}"]`);
    if (car) return car;
    const colour = carColour(seat);
    const line = colourOf(seat) === "black" ? "#dddddd" : "#111111";
    car = s(
      "g",
      { class: "mh-car", "data-seat": String(seat), id: `car-${seat}` },
      s("title", {}, who(seat)),
      s("circle", { class: "mh-car-ring", r: 24 }),
      s(
        "g",
        { class: "mh-car-body", transform: "scale(1.55)" },
        s("ellipse", { class: "mh-car-shadow", cx: 0.5, cy: 8.5, rx: 14, ry: 2.6 }),
        s("path", { d: "M-13,4 L-13,-1 C-13,-3 -11,-4 -8,-4 L-5,-9.5 L5,-9.5 L9,-4 L11,-4 C13,-4 13.5,-2 13.5,0 L13.5,4 Z", fill: colour, stroke: line, "stroke-width": 1.1 }),
        s("path", { d: "M-3.6,-4.4 L-2,-8.2 L0,-8.2 L0,-4.4 Z M1.4,-4.4 L1.4,-8.2 L4.2,-8.2 L7,-4.4 Z", fill: "#cfe8ff" }),
        s("circle", { cx: -7, cy: 4.5, r: 3.3, fill: "#111" }),
        s("circle", { cx: 7.5, cy: 4.5, r: 3.3, fill: "#111" }),
        s("circle", { cx: -7, cy: 4.5, r: 1.2, fill: "#bbb" }),
        s("circle", { cx: 7.5, cy: 4.5, r: 1.2, fill: "#bbb" }),
      ),
      s("g", { class: "mh-car-wait" }, s("rect", { x: -15, y: -34, width: 30, height: 13, rx: 4 }), s("text", { x: 0, y: -24.5, "text-anchor": "middle" }, "OFF")),
    );
    el.cars.append(car);
    return car;
  }

  function renderTargets() {
    board.light(opts.replay || spinning ? [] : targets());
  }

  function targets() {
    const sets = [["move", legal.moves], ["place", legal.places]];
    return sets.flatMap(([kind, actions]) =>
      [...actions].map(([id, action]) => {
        const node = spaceEl(id);
        const g = geometry(id);
        if (!node || !g) return null;
        const words = `${kind === "move" ? "Move to" : "Start on"} ${spaceWords(id, statics?.board)}`;
        const hint = s("rect", { class: `mh-hint hint-${kind}`, x: g.x - 19, y: g.y - 19, width: 38, height: 38, rx: 8, "data-for": id });
        return { node, kind, words, hint, pick: action };
      }),
    );
  }

  // ---- the Computer ----
  function drawSegments(key) {
    const dial = el.dials[key];
    const faces = statics?.computer?.[key]?.faces;
    if (!faces || dial.drawn === faces.join()) return;
    dial.drawn = faces.join();
    const g = dial.face.querySelector(".mh-segments");
    g.replaceChildren();
    const n = faces.length;
    faces.forEach((face, k) => {
      const a0 = ((k / n) * 360 - 90) * (Math.PI / 180);
      const a1 = (((k + 1) / n) * 360 - 90) * (Math.PI / 180);
      const r = 44;
      const d = `M0,0 L${(r * Math.cos(a0)).toFixed(2)},${(r * Math.sin(a0)).toFixed(2)} A${r},${r} 0 0,1 ${(r * Math.cos(a1)).toFixed(2)},${(r * Math.sin(a1)).toFixed(2)} Z`;
      let cls = "seg";
      let label = String(face);
      if (key === "line") {
        cls += face === "ON LINE" ? " on" : " off";
        label = face === "ON LINE" ? "ON" : "OFF";
      } else if (key === "signal") {
        cls += face === "RECEIVE" ? " rx" : " tx";
        label = face === "RECEIVE" ? "R" : "B";
      } else {
        cls += k % 2 ? " odd" : " even";
      }
      const mid = ((k + 0.5) / n) * 360 - 90;
      const tx = 32 * Math.cos((mid * Math.PI) / 180);
      const ty = 32 * Math.sin((mid * Math.PI) / 180);
      g.append(
        s("path", { d, class: cls }),
        s("text", { x: tx.toFixed(1), y: (ty + 3.4).toFixed(1), "text-anchor": "middle", class: `seg-label${label.length > 1 ? " long" : ""}`, transform: `rotate(${mid + 90} ${tx.toFixed(1)} ${ty.toFixed(1)})` }, label),
      );
    });
  }

  function segmentFor(key, reading) {
    const faces = statics?.computer?.[key]?.faces || [];
    const matches = faces.map((f, k) => (String(f) === String(reading) ? k : -1)).filter((k) => k >= 0);
    if (!matches.length) return null;
    return { k: matches[Math.floor(Math.random() * matches.length)], n: faces.length };
  }

  function readingOf(key, spin) {
    return key === "numbered" ? spin.number : key === "line" ? spin.line : spin.signal;
  }

  function renderDials(spin = view?.spin) {
    for (const key of Object.keys(el.dials)) {
      drawSegments(key);
      const dial = el.dials[key];
      const read = Boolean(spin?.read?.includes(key));
      dial.box.classList.toggle("read", read);
      dial.box.classList.toggle("unread", Boolean(spin) && !read);
      dial.box.classList.remove("spinning");
      if (!spin) {
        dial.reading.textContent = "—";
        delete dial.box.dataset.reading;
        continue;
      }
      const value = readingOf(key, spin);
      dial.reading.textContent = String(value);
      dial.box.dataset.reading = String(value);
      if (dial.at !== String(value)) {
        // The pointer stands on a segment showing the reading (after a reload, or a spin
        // this page did not watch turn).
        const seg = segmentFor(key, value);
        if (seg) setAngle(key, ((seg.k + 0.5) / seg.n) * 360, false);
        dial.at = String(value);
      }
    }
    el.spinWords.textContent = spin ? spinWords(spin) : "Nobody has spun yet.";
  }

  function spinWords(spin) {
    const parts = spin.read.map((key) => (key === "numbered" ? `NUMBERED ${spin.number}` : key === "line" ? spin.line : spin.signal));
    return `${short(spin.seat)}'s spin: ${parts.join(", ") || "nothing to read"}`;
  }

  function setAngle(key, target, animate) {
    const dial = el.dials[key];
    let angle = target;
    if (animate) {
      const base = angles[key] - (angles[key] % 360);
      angle = base + 360 * (3 + Object.keys(angles).indexOf(key)) + target;
    }
    angles[key] = angle;
    const lag = CALM ? 0 : Object.keys(angles).indexOf(key) * 150; // the dials stop one by one
    dial.pointer.style.transition = animate ? `transform ${SPIN_MS + lag}ms cubic-bezier(.15, .85, .25, 1)` : "none";
    dial.pointer.style.transform = `rotate(${angle}deg)`;
  }

  function spinDials(spin) {
    spinning++;
    renderTargets();
    for (const key of Object.keys(el.dials)) {
      drawSegments(key);
      const dial = el.dials[key];
      dial.box.classList.add("spinning");
      dial.box.classList.remove("read", "unread");
      dial.reading.textContent = "…";
      delete dial.box.dataset.reading;
      const seg = segmentFor(key, readingOf(key, spin));
      setAngle(key, seg ? ((seg.k + 0.5) / seg.n) * 360 : Math.random() * 360, true);
      dial.at = String(readingOf(key, spin));
    }
    el.spinWords.textContent = `${short(spin.seat)} turns the lever…`;
    el.computer.classList.add("whirring");
    if (view) renderControls();
    if (ctx.soundOn()) SOUNDS.spin();
    setTimeout(() => {
      spinning--;
      el.computer.classList.remove("whirring");
      if (!spinning) {
        renderDials(spin);
        renderTargets();
        if (view) renderControls();
      }
    }, SPIN_MS + (CALM ? 50 : 320));
  }

  // ---- the Clue Scanner ----
  function showScanner(result) {
    // result: null (idle) | {kind: "probe", row, hole, clue, to} | {kind: "secret", seat, row}
    //         | {kind: "shown", asked, flap, hole, clue, to}
    const rowName = (row) => PLACES[row] || `Row ${row}`;
    const head = h("div", { class: "mh-scanner-top" }, h("span", {}, "Clue ", h("b", {}, "Scanner")), h("span", { class: "mh-card-tab", title: "The Scanner Card: its white tab names the culprit" }, "CARD"));
    if (!result) {
      el.scanner.dataset.state = "idle";
      delete el.scanner.dataset.row;
      delete el.scanner.dataset.hole;
      fill(el.scanner, head, h("p", { class: "mh-scanner-words" }, "Stop on a numbered place and spin ON LINE to probe its row. Only you see what the probe shows."));
      return;
    }
    const holes = (letter, hidden) =>
      h(
        "div",
        { class: "mh-holes" },
        LETTERS.map((x) =>
          h(
            "span",
            { class: `mh-hole${hidden ? " hidden" : x === letter ? " punched" : " dot"}`, dataset: { letter: x } },
            h("span", { class: "mh-hole-letter" }, x),
            h("span", { class: "mh-hole-pin" }),
          ),
        ),
      );
    if (result.kind === "secret") {
      el.scanner.dataset.state = "secret";
      el.scanner.dataset.row = String(result.row);
      delete el.scanner.dataset.hole;
      fill(el.scanner, head, h("div", { class: "mh-scan-row" }, h("span", { class: "mh-row-name" }, `${result.row}. ${rowName(result.row)}`), holes(null, true)), h("p", { class: "mh-scanner-words" }, h("span", {}, icon("lock", 14), ` ${who(result.seat)} probes all four holes in secret.`)));
      return;
    }
    el.scanner.dataset.state = result.kind;
    el.scanner.dataset.row = String(result.row);
    el.scanner.dataset.hole = result.hole || "";
    const words =
      result.kind === "probe"
        ? [h("strong", {}, `Punched at ${result.hole}: ${result.clue}`), h("span", { class: "mh-private" }, icon("lock", 12), privately(result.to, " only you see this", " seen only by"))]
        : result.hole
          ? [h("strong", {}, `${short(result.asked)}'s flap ${result.row}: ${result.hole}, ${result.clue}`), h("span", { class: "mh-private" }, icon("lock", 12), privately(result.to, " shown to you alone", " shown only to"))]
          : [h("strong", {}, `${short(result.asked)}'s flap ${result.row} is blank.`)];
    fill(el.scanner, head, h("div", { class: "mh-scan-row" }, h("span", { class: "mh-row-name" }, `${result.row}. ${rowName(result.row)}`), holes(result.hole, !result.hole)), h("p", { class: "mh-scanner-words" }, words));
    const pins = [...el.scanner.querySelectorAll(".mh-hole")];
    if (result.kind === "probe") {
      el.scanner.classList.add("probing");
      pins.forEach((pin, i) => {
        pin.style.animationDelay = `${i * 180}ms`;
      });
      setTimeout(() => el.scanner.classList.remove("probing"), 900);
    }
  }

  function holdScanner(result, ms) {
    const until = Date.now() + ms;
    scannerUntil = until;
    showScanner(result);
    if (result.kind === "secret") {
      setTimeout(() => {
        if (scannerUntil === until) showScanner(null);
      }, ms);
    }
  }

  // ---- the end ----
  function renderReveal() {
    const reveal = view?.reveal;
    if (!reveal || !view.over) {
      el.reveal.hidden = true;
      return;
    }
    el.reveal.hidden = false;
    const winners = view.winners || [];
    const culprit = reveal.culprit;
    const card = statics?.case?.readout || [];
    fill(
      el.reveal,
      h("div", { class: "mh-reveal-head" }, winners.length ? `${winners.map(short).join(" and ")} solved it!` : "Nobody solved it."),
      h("div", { class: "mh-culprit", dataset: { culprit: culprit.number } }, h("span", { class: "mh-culprit-label" }, "The culprit"), h("span", { class: "mh-culprit-name" }, `${culprit.number} ${culprit.name}`)),
      h(
        "ol",
        { class: "mh-card-rows", "aria-label": `Scanner Card ${reveal.card}` },
        [...String(reveal.holes)].map((letter, i) => h("li", {}, h("span", { class: "mh-row-name" }, PLACES[i + 1]), h("code", {}, flapText(letter)), h("span", {}, card[i] ? card[i].clues[LETTERS.indexOf(letter)] : letter))),
      ),
    );
  }

  // ---- controls ----
  const btn = buttonsFor((a) => ctx.act(a));

  /** The controls' line while another car plays, or while it looks under one of this side's flaps. */
  function waitWords() {
    const ex = view.exchange;
    if (view.phase === "ask" && ex && ex.asked === opts.me) return `BROADCAST: ${short(ex.asker)} may look under one flap of your Handbook…`;
    return waitingFor(who(view.to_move), ctx.isBot?.(view.to_move));
  }

  function renderControls() {
    if (settledControls(el.ctrl, el.controls, view, opts, ctx.tableId)) return;
    const rows = [];
    const ex = view.exchange;
    if (othersTurn(el.ctrl, el.controls, opts.canAct, waitWords)) return;
    const main = [];
    const car = view.cars?.[opts.me];
    if (legal.spin) {
      const label = view.phase === "spin" ? "Spin again" : car?.waiting ? "Spin for ON LINE" : "Spin the Computer";
      main.push(btn(label, legal.spin, { key: "s", cls: "btn-primary btn-big btn-spin", data: { action: "spin" } }));
    }
    if (legal.accuses.size) {
      main.push(btn(mode ? "Cancel" : "Accuse…", () => setMode(mode ? null : "accuse"), { key: "a", cls: `btn-big btn-accuse ${mode ? "active" : ""}`, data: { action: "accuse-mode" } }));
    }
    if (legal.end) {
      main.push(btn("End turn", legal.end, { key: "e", cls: "btn-big btn-ghost", data: { action: "end" } }));
    }
    if (main.length) rows.push(h("div", { class: "ctrl-row" }, main));
    if (view.phase === "solve") rows.push(h("p", { class: "ctrl-help" }, "That was a clue: accuse now if you have solved it, or end your turn."));
    if (view.phase === "place") {
      rows.push(
        h("p", { class: "ctrl-help" }, "Choose your Badge space (the four around Headquarters), or tap a lit one:"),
        h("div", { class: "ctrl-row picker" }, [...legal.places.entries()].map(([badge, action]) => btn(cap(BADGES[badge]), action, { cls: "btn-space", data: { badge } }))),
      );
    }
    if (legal.moves.size) {
      rows.push(h("p", { class: "ctrl-help" }, spinning ? "The dials are turning…" : `Move exactly ${view.number} spaces, never turning back: tap a lit space.`));
    }
    if (legal.confers.size) {
      rows.push(
        h("p", { class: "ctrl-help" }, "Several cars here: whom will you confer with?"),
        h("div", { class: "ctrl-row picker" }, [...legal.confers.entries()].map(([seat, action]) => btn(`Confer with ${short(seat)}`, action, { cls: "btn-space btn-car", data: { confer: String(seat) }, title: `Confer with ${who(seat)}` }))),
      );
    }
    if (legal.calls.size || legal.noCall) {
      rows.push(
        h("p", { class: "ctrl-help" }, "You stopped on a Badge space: call a car back to Headquarters for a conference?"),
        h(
          "div",
          { class: "ctrl-row picker" },
          [...legal.calls.entries()].map(([seat, action]) => btn(`Call ${short(seat)}`, action, { cls: "btn-space btn-car", data: { call: String(seat) }, title: `Call ${who(seat)} to Headquarters` })),
          legal.noCall ? btn("No call", legal.noCall, { key: "n", cls: "btn-ghost", data: { action: "no_call" } }) : null,
        ),
      );
    }
    if (view.phase === "spin") {
      const words = ex ? "You met a car: the red dial decides who asks whom for a flap." : "You stopped on a place to probe: the yellow dial must say ON LINE.";
      rows.push(h("p", { class: "ctrl-help" }, words));
    }
    if (legal.asks.size && ex) {
      const theirs = sideOf(ex.asked)?.rows || [];
      const mine = sideOf(opts.me)?.rows || [];
      rows.push(
        h("p", { class: "ctrl-help" }, h("strong", {}, ex.asker === view.turn ? "RECEIVE" : "BROADCAST"), `: ask ${short(ex.asked)} to open one flap. Lit: rows ${short(ex.asked)} has written and you have not.`),
        h(
          "div",
          { class: "ctrl-row picker flaps" },
          [...legal.asks.entries()].map(([flap, action]) => {
            const useful = theirs.includes(flap) && !mine.includes(flap);
            return btn(`${flap}`, action, { key: String(flap), cls: `btn-space btn-flap${useful ? " useful" : ""}${mine.includes(flap) ? " known" : ""}`, data: { flap: String(flap) }, title: `Flap ${flap}: ${PLACES[flap]}${theirs.includes(flap) ? ` (${short(ex.asked)} has it)` : " (blank?)"}` });
          }),
        ),
      );
    }
    if (mode === "accuse") {
      const book = view.handbook;
      const suspects = statics?.case?.suspects || [];
      const left = book?.remaining ? suspects.filter((sp) => book.remaining.includes(sp.number)) : suspects;
      rows.push(
        h("p", { class: "ctrl-help" }, `Whom do you accuse? ${book?.remaining ? `${left.length} left on your Clue Sheet.` : ""} If you are wrong, you are out of the game.`),
        h("div", { class: "ctrl-row picker suspects-picker" }, left.map((sp) => btn(`${sp.number} ${sp.name}`, () => setMode({ suspect: sp.number }), { cls: "btn-space btn-suspect", data: { suspect: sp.number } }))),
      );
    } else if (mode && mode.suspect) {
      const sp = (statics?.case?.suspects || []).find((x) => x.number === mode.suspect);
      rows.push(
        h("p", { class: "ctrl-help mh-confirm" }, `Write ${mode.suspect} ${sp?.name || ""} on the back of your Clue Sheet and read the card? Wrong, and you are out.`),
        h("div", { class: "ctrl-row" }, btn(`Accuse ${mode.suspect}`, legal.accuses.get(mode.suspect), { cls: "btn-primary btn-big", data: { action: "accuse-confirm" } }), btn("Cancel", () => setMode(null), { cls: "btn-big btn-ghost" })),
      );
    }
    fill(el.ctrl, rows);
  }

  function setMode(m) {
    mode = m;
    renderControls();
    renderSuspects();
    el.ctrl.querySelector(".picker button, .btn-primary")?.focus({ preventScroll: true });
  }

  // ---- panels ----
  function renderDetectives() {
    const cars = view.cars || [];
    fill(
      el.dets,
      h("h2", { class: "panel-title", id: "mh-dets-title" }, "Detectives", h("span", { class: "panel-sub" }, statics?.case ? ` · ${statics.case.name}` : ` · ${cap(view.crime || "")}`)),
      h(
        "ul",
        { class: "mh-dets" },
        cars.map((car) => {
          const side = sideOf(car.seat) || { rows: [], out: false };
          const kind = seatWho(opts.seats, car.seat, ctx);
          return h(
            "li",
            { class: `${seatRowClass("mh-det", view, opts.me, car.seat, view.turn)}${side.out ? " out" : ""}`, dataset: { seat: String(car.seat) } },
            seatDot(car.seat, carColour(car.seat)),
            h(
              "span",
              { class: "mh-det-main" },
              h("span", { class: "mh-det-name" }, `${short(car.seat)} car`, youTag(opts.me, car.seat)),
              h("span", { class: "mh-det-sub" }, [ctx.seatWord(car.seat), kind].filter(Boolean).join(" · "), side.out ? " · out of the game" : ` · ${spaceWords(car.space, statics?.board)}`, car.waiting ? " · OFF LINE" : ""),
            ),
            h(
              "span",
              { class: "mh-rows", title: `Rows written: ${side.rows.join(", ") || "none"}` },
              [1, 2, 3, 4, 5, 6, 7, 8].map((row) => h("span", { class: `mh-row-pip${side.rows.includes(row) ? " on" : ""}`, dataset: { row: String(row) } }, String(row))),
            ),
          );
        }),
      ),
    );
  }

  function handbooks() {
    // A seat's own Handbook, or (replays) every side's.
    if (view.handbook) return [{ seats: sideOf(opts.me)?.seats || [opts.me], book: view.handbook, own: true }];
    if (view.handbooks) return view.handbooks.map((book, side) => ({ seats: view.sides?.[side]?.seats || [side], book, own: false }));
    return [];
  }

  function renderHandbook() {
    const books = handbooks();
    if (!books.length) {
      el.book.hidden = true;
      fill(el.book);
      return;
    }
    el.book.hidden = false;
    const readout = statics?.case?.readout || [];
    const one = (entry) =>
      h(
        "table",
        { class: "mh-sheet" },
        h("tbody", {}, entry.book.rows.map((row) => {
          const known = row.hole !== null && row.hole !== undefined;
          const how = row.learned;
          const from = how?.how === "shown" ? `from ${short(how.by)}` : how ? "probed" : "";
          return h(
            "tr",
            { class: `mh-sheet-row${known ? " known" : ""}`, dataset: { row: String(row.row), ...(known ? { hole: row.hole } : {}) } },
            h("th", { scope: "row" }, h("span", { class: "mh-flap-no", style: { background: placeColour(row.row) } }, String(row.row))),
            h("td", { class: "mh-topic" }, row.topic || readout[row.row - 1]?.topic || "", h("span", { class: "mh-place" }, PLACES[row.row])),
            h("td", { class: "mh-flap" }, LETTERS.map((x) => h("span", { class: `box${known ? (x === row.hole ? " x" : " o") : ""}` }, known ? (x === row.hole ? "X" : "O") : ""))),
            h("td", { class: "mh-clue" }, known ? row.clue : h("span", { class: "mh-options", title: (readout[row.row - 1]?.clues || []).map((c, i) => `${LETTERS[i]} ${c}`).join(" · ") }, "?"), from ? h("span", { class: "mh-how" }, from) : null),
          );
        })),
      );
    const own = books[0].own;
    fill(
      el.book,
      h("h2", { class: "panel-title", id: "mh-book-title" }, own ? [icon("lock", 14), " Your Handbook & Clue Sheet ", h("span", { class: "private-note" }, "only you see this")] : "Handbooks (all revealed)"),
      own && view.sides ? nextWords() : null,
      books.map((entry) => [own ? null : h("h3", { class: "mh-book-who" }, entry.seats.map(short).join(" and ")), one(entry), entry.book.culprit_read ? h("p", { class: "mh-card-read" }, icon("lock", 12), ` The card named ${entry.book.culprit_read}: you are out. Keep it secret.`) : null]),
      readout.length
        ? h("details", { class: "mh-readout" }, h("summary", {}, "The Read Out"), h("ol", {}, readout.map((r) => h("li", {}, h("b", {}, `${r.topic}: `), r.clues.map((c, i) => `${LETTERS[i]} ${c}`).join(" · ")))))
        : null,
    );
  }

  function nextWords() {
    const side = sideOf(opts.me);
    if (!side) return null;
    if (side.out) return h("p", { class: "mh-next out" }, "You accused wrongly and are out of the game.");
    if (side.next_scene) return h("p", { class: "mh-next" }, `Next: ${PLACES[side.next_scene]} — stop on its coloured space by exact count.`);
    return h("p", { class: "mh-next ok" }, "Both Scenes written: visit places, meet cars, call them to HQ — and accuse when one suspect is left.");
  }

  function placeColour(row) {
    const place = statics?.board?.places?.find((p) => p.number === row);
    return place ? PLACE_COLOURS[place.colour] : "#666";
  }

  function crossedSet(book) {
    if (book.suspects) return new Set(book.suspects.filter((sp) => sp.crossed).map((sp) => sp.number));
    if (view.handbook) return new Set(); // the aid is off: the player crosses them out
    const crossed = new Set();
    for (const sp of statics?.case?.suspects || []) {
      for (const row of book.rows) if (row.hole && sp.record[row.row - 1] !== row.hole) crossed.add(sp.number);
    }
    return crossed;
  }

  function renderSuspects() {
    const suspects = statics?.case?.suspects || [];
    const book = view.handbook || (view.handbooks && view.handbooks[0]) || null;
    const crossed = book && view.handbook ? crossedSet(book) : new Set();
    const left = suspects.filter((sp) => !crossed.has(sp.number));
    const culprit = view.over ? view.reveal?.culprit?.number : null;
    const readout = statics?.case?.readout || [];
    fill(
      el.suspects,
      h("h2", { class: "panel-title", id: "mh-sus-title" }, "Suspects", h("span", { class: "panel-sub" }, view.handbook ? ` · ${left.length} of ${suspects.length} left` : "")),
      h(
        "ul",
        { class: `mh-suspects${mode === "accuse" ? " picking" : ""}` },
        suspects.map((sp) => {
          const isCrossed = crossed.has(sp.number);
          const record = readout.map((r, i) => `${r.topic}: ${sp.clues[i]}`).join("\n");
          const pick = mode === "accuse" && legal.accuses.has(sp.number) && !isCrossed;
          return h(
            "li",
            {
              class: `mh-suspect${isCrossed ? " crossed" : ""}${culprit === sp.number ? " culprit" : ""}${pick ? " pickable" : ""}${left.length === 1 && !isCrossed && view.handbook ? " last" : ""}`,
              dataset: { suspect: sp.number },
              title: `${sp.number} ${sp.name}\n${record}`,
              onclick: pick ? () => setMode({ suspect: sp.number }) : null,
            },
            h("span", { class: "mh-sus-no" }, sp.number),
            h("span", { class: "mh-sus-name" }, sp.name),
          );
        }),
      ),
    );
  }

  // ---- input ----
  /** What the game's own keys do now: keys.js tableKeys asks only on the seat's turn, and does z and Escape. */
  function bindings(k) {
    const keys = { s: legal.spin, n: legal.noCall, a: legal.accuses.size && (() => setMode(mode ? null : "accuse")) };
    return keys[k] ?? (/^[3-8]$/.test(k) && legal.asks.get(Number(k)));
  }
  const key = tableKeys({ board, act: ctx.act, canAct: () => opts.canAct, choice: () => mode, setChoice: setMode, bindings });

  // ---- live events: the dials, the cars, the probe, sounds ----
  function play(events, { me } = {}) {
    const sound = ctx.soundOn();
    for (const ev of events) {
      const d = ev.data || {};
      if (ev.kind === "spin") spinDials(d);
      else if (ev.kind === "move") drive(d.seat, d.from, d.to, d.spaces, sound);
      else if (ev.kind === "call") glide(d.called, d.from, d.badge);
      else if (ev.kind === "probe" && !(view?.sides || []).find((sd) => sd.seats.includes(d.seat))?.seats.includes(me)) holdScanner({ kind: "secret", seat: d.seat, row: d.row }, 2600);
      else if (ev.kind === "probe_result" && ev.to === me) {
        holdScanner({ kind: "probe", row: d.row, hole: d.hole, clue: d.clue, to: ev.to }, 4000);
        flashRow(d.row);
        if (sound) SOUNDS.probe();
      } else if (ev.kind === "shown" && ev.to === me) {
        holdScanner({ kind: "shown", asked: d.asked, row: d.flap, hole: d.hole, clue: d.clue, to: ev.to }, 4000);
        if (d.hole) flashRow(d.flap);
      } else if (ev.kind === "verdict" && sound) (d.correct ? SOUNDS.right : SOUNDS.wrong)();
    }
  }

  function flashRow(row) {
    restartClass(el.book.querySelector(`tr[data-row="${row}"]`), "fresh");
  }

  /** The way a car went: `steps` spaces from `from` to `to`, never turning back. */
  function route(from, to, steps) {
    const adj = links();
    if (!adj) return null;
    const dead = new Set();
    const walk = (here, back, left) => {
      if (left === 0) return here === to ? [here] : null;
      const key = `${here}|${back}|${left}`;
      if (dead.has(key)) return null;
      for (const next of adj.get(here) || []) {
        if (next === back) continue;
        const rest = walk(next, here, left - 1);
        if (rest) return [here, ...rest];
      }
      dead.add(key);
      return null;
    };
    return walk(from, null, steps);
  }

  function drive(seat, from, to, steps, sound) {
    const path = route(from, to, steps) || [from, to];
    const car = carEl(seat);
    const token = {};
    driving.set(seat, token);
    car.classList.add("driving");
    if (sound) SOUNDS.drive();
    let i = 0;
    const g0 = geometry(path[0]);
    if (g0) {
      car.style.transition = "none";
      place(car, g0.x, g0.y);
      car.getBoundingClientRect();
    }
    const step = () => {
      if (driving.get(seat) !== token) return;
      i += 1;
      if (i >= path.length) {
        driving.delete(seat);
        car.classList.remove("driving");
        car.style.transition = "";
        renderCars();
        return;
      }
      const g = geometry(path[i]);
      if (g) {
        car.style.transition = `transform ${STEP_MS}ms linear`;
        place(car, g.x, g.y);
      }
      setTimeout(step, STEP_MS);
    };
    setTimeout(step, 30);
  }

  function glide(seat, from, to) {
    const car = carEl(seat);
    const g0 = geometry(from);
    if (!g0) return;
    const token = {};
    driving.set(seat, token);
    car.style.transition = "none";
    place(car, g0.x, g0.y);
    car.getBoundingClientRect();
    setTimeout(() => {
      if (driving.get(seat) !== token) return;
      driving.delete(seat);
      car.style.transition = "transform .9s cubic-bezier(.3, .7, .3, 1)";
      renderCars();
      setTimeout(() => (car.style.transition = ""), 950);
    }, 60);
  }

  function reset() {
    mode = null;
    scannerUntil = 0;
    showScanner(null);
  }

  return {
    mount,
    render,
    play,
    key,
    keys: () => KEYS,
    reset,
    seatColour: (seat) => carColour(seat),
    coverWords: () => "Everyone else, look away: the next screen shows this detective's Handbook, Clue Sheet and probes.",
    seatTitle: (v, seat) => `${ctx.seatWord(seat)} (${cap(colourOf(seat))})`,
  };
}
