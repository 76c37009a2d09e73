// The table page (/t/{id}): connections, seats held by this browser, the hot-seat cover,
// the turn banner and the event log. Everything about the game itself is in its module
// (/static/games/<game>.js), which draws the board, the panels and the controls.
import { $, h, fill, toast, turnWords, seatColour as defaultSeatColour } from "./dom.js";
import { api, seatLabel } from "./api.js";
import { Connection } from "./connection.js";
import { EventLog } from "./log.js";
import { loadGame } from "./games.js";
import { ChatPanel } from "./chat.js";
import { icon } from "./icons.js";
import { CoachPanel, startTutorial } from "./coach.js";
import * as store from "./store.js";

const parts = location.pathname.split("/").filter(Boolean); // ["t", id, ...]
const tableId = decodeURIComponent(parts[1] || "");

const S = {
  summary: null,
  info: null, // the game's description from /api/games
  mod: null,
  table: null,
  conns: new Map(), // seat number -> Connection; "watch" -> the spectator's
  shown: undefined, // the seat whose view is on screen (null: spectator; undefined: none yet)
  cover: null, // the seat the cover screen waits for
  busy: false,
  acting: null, // the answer to the action in flight (a promise that never rejects)
  lastDrawn: null,
  pollTimer: null,
  chat: null, // the chat panel (chat.js)
  coach: null, // a guided first game's coach panel (coach.js)
};

// A game may word its events otherwise on the table (Columbo never names a card bound for the lawn).
const log = new EventLog($("#log"), { seatTitle: (seat) => seatTitle(seat), words: (event) => S.table?.logWords?.(event) ?? null, live: $("#log-live") });

// --- words ----------------------------------------------------------------------------
function seatWord(seat) {
  return seatLabel(S.info?.seat_name || "player", seat);
}

/** The name a player gave (the server's default names, "Detective 2 (...)", say nothing new). */
function playerName(seat) {
  const name = S.summary?.seats?.[seat]?.name;
  if (!name || name.toLowerCase().startsWith(seatWord(seat).toLowerCase())) return null;
  return name;
}

function seatTitle(seat, view = currentView()) {
  let title = view && S.table ? S.table.seatTitle(view, seat) : seatWord(seat);
  const name = playerName(seat);
  if (name) title += ` · ${name}`;
  return title;
}

/** A seat's colour: the game's own if its table object says (Kojak's players are white, black...). */
function seatColour(seat) {
  return S.table?.seatColour?.(seat) || defaultSeatColour(seat);
}

function isBot(seat) {
  return S.summary?.seats?.[seat]?.kind === "bot";
}

function currentView() {
  const conn = shownConn();
  return conn?.view || [...S.conns.values()].find((c) => c.view)?.view || null;
}

function shownConn() {
  if (S.shown === undefined) return null;
  return S.shown === null ? S.conns.get("watch") : S.conns.get(S.shown);
}

function heldCount() {
  return [...S.conns.keys()].filter((k) => k !== "watch").length;
}

// --- start ------------------------------------------------------------------------------
async function main() {
  wireChrome();
  if (!tableId) return missing("No table here.");
  try {
    S.summary = await api.table(tableId);
  } catch (err) {
    return missing(err.status === 404 ? "There is no such table." : err.message);
  }
  try {
    const games = await api.games();
    S.info = games.find((g) => g.name === S.summary.game) || null;
  } catch {
    S.info = null;
  }
  const title = S.info?.title || S.summary.game;
  $("#game-title").textContent = title;
  $("#rules-link").href = `/games/${encodeURIComponent(S.summary.game)}/rules`;
  offerTutorial();
  document.title = `${title} · table ${tableId} · sleuth`;
  showFixed();
  showPace();
  try {
    S.mod = await loadGame(S.summary.game);
  } catch (err) {
    return missing(`This page cannot show ${title} yet.`);
  }
  S.table = S.mod.createTable({
    act,
    seatWord,
    playerName,
    isBot,
    soundOn: () => store.pref("sound", true),
    tableId,
  });
  await S.table.mount({
    board: $("#board-slot"),
    hud: $("#hud-slot"),
    controls: $("#controls-slot"),
    info: $("#info-slot"),
  });
  fillKeys();
  S.coach = new CoachPanel($("#coach-slot"), $("#table-main"), { game: S.summary.game });
  S.chat = new ChatPanel($("#chat-slot"), { send: say, writer: chatWriter, colour: seatColour, error: (m) => toast(m, "error") });
  store.updateTable(tableId, (rec) => {
    rec.game = S.summary.game;
  });

  const wanted = requestedSeat();
  const held = store.heldSeats(tableId);
  const watching = new URLSearchParams(location.search).has("watch");
  if (watching) {
    // Straight to the spectator's view.
  } else if (wanted !== null && !held.some(([seat]) => seat === wanted)) {
    await askJoin(wanted);
  } else if (!held.length && joinable(null).length) {
    await askJoin(null);
  }
  cleanUrl();
  connect();
  showWaiting();
}

/** Every seat is told when the creator fixed what decides the hidden cards, or a move was lost. */
function fixedWords() {
  const words = [...(S.summary?.fixed || [])];
  const damage = S.summary?.damage;
  if (damage) words.push(`Stored move ${damage.action + 1} could not be replayed and was set aside; the game goes on from the move before it.`);
  if (S.summary?.read_only) words.push(`No more moves can be saved here: ${S.summary.read_only}.`);
  return words;
}

function showFixed() {
  const words = fixedWords();
  const notice = $("#fixed-notice");
  notice.hidden = !words.length;
  notice.textContent = words.length ? `Note: ${words.join(" ")}` : "";
}

function missing(message) {
  $("#game-title").textContent = "Table not found";
  fill($("#table-main"), h("div", { class: "missing" }, h("h2", {}, message), h("p", {}, h("a", { class: "btn btn-primary", href: "/" }, "Back to the lobby"))));
}

/** A join link names the seat: /t/ID?join=2, ?seat=2, #join=2 or /t/ID/join/2. */
function requestedSeat() {
  const q = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  let raw = q.get("join") ?? q.get("seat") ?? hash.get("join") ?? hash.get("seat");
  if (raw === null && parts[2] === "join") raw = parts[3] ?? "";
  if (raw === null) return null;
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) ? n : -1; // -1: any free seat
}

/** The seat's invite a join link carries: /t/ID?seat=2#invite=... (read once, then the URL is cleaned). */
const invite = (() => {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
  return hash.get("invite") ?? new URLSearchParams(location.search).get("invite");
})();

function cleanUrl() {
  const clean = `/t/${encodeURIComponent(tableId)}`;
  if (location.pathname + location.search + location.hash !== clean) history.replaceState(null, "", clean);
}

function freeSeats() {
  return (S.summary?.seats || [])
    .map((seat, i) => ({ ...seat, seat: seat.seat ?? i }))
    .filter((seat) => seat.kind === "human" && !seat.claimed);
}

/** The free seats this visitor may take: the link's own with an invite, any if the seats are open. */
function joinable(asked) {
  const free = freeSeats();
  if (invite) return asked === null ? free.slice(0, 1) : free.filter((s) => s.seat === asked);
  return S.summary?.open_seats ? free : [];
}

// --- joining ------------------------------------------------------------------------------
function askJoin(wanted) {
  const dialog = $("#join-dialog");
  const title = S.info?.title || S.summary.game;
  $("#join-title").textContent = `Join ${title}`;
  const asked = wanted !== null && wanted >= 0 ? wanted : null;
  const free = joinable(asked);
  if (!free.length && invite && asked !== null) {
    $("#join-text").textContent = `${seatWord(asked)} is taken already. You can watch.`;
  } else if (!free.length && !invite && freeSeats().length) {
    $("#join-text").textContent = "Seats at this table are by invitation: open the link its creator sent you. You can watch.";
  } else if (!free.length) {
    $("#join-text").textContent = "Every seat at this table is taken. You can watch.";
  } else if (asked !== null && !free.some((s) => s.seat === asked)) {
    $("#join-text").textContent = `${seatWord(asked)} is taken already. Pick a free seat, or just watch.`;
  } else if (asked !== null) {
    $("#join-text").textContent = `You are invited to play as ${seatWord(asked)}.`;
  } else {
    $("#join-text").textContent = "Pick a free seat, or just watch.";
  }
  const fixed = fixedWords();
  $("#join-fixed").hidden = !fixed.length;
  $("#join-fixed").textContent = fixed.join(" ");
  $("#join-name").value = store.pref("name", "");
  return new Promise((resolve) => {
    const seats = $("#join-seats");
    fill(
      seats,
      free.map((seat) =>
        h(
          "button",
          {
            type: "button",
            class: `btn ${seat.seat === asked || (asked === null && free.length === 1) ? "btn-primary" : ""} btn-seat`,
            dataset: { seat: String(seat.seat) },
            style: { "--seat": seatColour(seat.seat) },
            onclick: async (e) => {
              e.preventDefault();
              const name = $("#join-name").value.trim();
              store.setPref("name", name);
              try {
                // With an invite the server knows its seat; the link's seat must agree.
                const where = invite ? { invite, ...(asked !== null ? { seat: seat.seat } : {}) } : { seat: seat.seat };
                const got = await api.join(tableId, { ...where, ...(name ? { name } : {}) });
                store.saveSeat(tableId, got.seat, got.token);
                S.summary = await api.table(tableId).catch(() => S.summary);
                dialog.close("joined");
              } catch (err) {
                toast(err.message, "error");
                S.summary = await api.table(tableId).catch(() => S.summary);
                dialog.close("failed");
                resolve(askJoin(null));
              }
            },
          },
          `Play as ${seatWord(seat.seat)}`,
        ),
      ),
    );
    const done = () => {
      dialog.removeEventListener("close", done);
      resolve();
    };
    dialog.addEventListener("close", done);
    dialog.showModal();
    (seats.querySelector(".btn-primary") || seats.querySelector("button") || $("#join-watch")).focus();
  });
}

// --- connections -------------------------------------------------------------------------
function connect() {
  for (const conn of S.conns.values()) conn.close();
  S.conns.clear();
  S.shown = undefined;
  S.cover = null;
  const held = store.heldSeats(tableId);
  const handlers = {
    onSnapshot: (msg, conn) => {
      if (msg.undone) undone(msg.undone, conn);
      arrived(conn, msg, false);
    },
    onChat: (lines) => S.chat?.add(lines),
    onUpdate: (msg, conn) => arrived(conn, msg, true),
    onStatus: () => showConnStatus(),
    onFatal: (msg, conn) => refused(conn, msg),
    onError: (msg) => toast(msg.message || msg.error, "error"),
    onTable: (summary, conn) => {
      if (summary) S.summary = summary;
      if (summary?.rematch && $("#ending-again") && !$("#ending-again").hidden) {
        $("#ending-again").textContent = "Join the rematch";
      }
      showWaiting();
      showPace();
      if (conn === shownConn() && conn.view) draw(conn, null);
    },
  };
  if (!held.length) {
    const conn = new Connection(tableId, null, handlers);
    conn.heldSeat = null;
    S.conns.set("watch", conn);
    S.shown = null;
  } else {
    for (const [seat, token] of held) {
      const conn = new Connection(tableId, token, handlers);
      conn.heldSeat = seat;
      S.conns.set(seat, conn);
    }
  }
  document.body.classList.toggle("is-spectator", !held.length);
  showSeatChip();
  S.chat?.refresh();
}

function refused(conn, msg) {
  if (conn.heldSeat !== null && conn.heldSeat !== undefined) {
    store.forgetSeat(tableId, conn.heldSeat);
    toast(`The server no longer knows this browser as ${seatWord(conn.heldSeat)} (${msg.message || msg.error}).`, "error");
  } else {
    toast(msg.message || "The server refused the connection.", "error");
  }
  connect();
}

function showConnStatus() {
  const statuses = [...S.conns.values()].map((c) => c.status);
  const status = statuses.includes("refused")
    ? "refused"
    : statuses.every((s) => s === "live")
      ? "live"
      : statuses.includes("reconnecting")
        ? "reconnecting"
        : "connecting";
  const el = $("#conn");
  el.dataset.status = status;
  el.querySelector(".conn-text").textContent = status;
}

function arrived(conn, msg, live) {
  const view = conn.view;
  if (!view) return;
  const held = heldCount();
  if (held) {
    const toMove = view.to_move;
    if (S.shown === undefined && S.cover === null) {
      const first = S.conns.has(toMove) ? toMove : conn.heldSeat;
      if (held > 1 && !view.over) showCover(first);
      else S.shown = first;
    }
    if (held > 1 && !view.over && toMove !== null && toMove !== undefined && S.conns.has(toMove) && toMove !== S.shown && S.cover !== toMove) {
      showCover(toMove);
    }
  }
  if (conn === shownConn()) draw(conn, live ? msg.events || [] : null);
  if (conn.tableStatus && S.summary && conn.tableStatus !== S.summary.status) refreshSummary();
}

/**
 * Where the board starts on the page, as `--board-top`, so a game's stylesheet can size
 * its board to the window's height below it (the whole board in view at 1280x800).
 */
function measureBoardTop() {
  const area = document.getElementById("board-slot");
  if (!area) return;
  // Its place in the page, not where it sticks once the page scrolls (or a scrolled page,
  // the coach bringing a card into view, would shrink the board at the next update).
  const was = area.style.position;
  area.style.position = "static";
  const top = Math.max(70, Math.round(area.getBoundingClientRect().top + window.scrollY));
  area.style.position = was;
  document.documentElement.style.setProperty("--board-top", `${top}px`);
}
window.addEventListener("resize", () => measureBoardTop());

function draw(conn, fresh) {
  requestAnimationFrame(measureBoardTop);
  const view = conn.view;
  const me = conn.heldSeat ?? null;
  const canAct = me !== null && view.to_move === me && !view.over && S.cover === null && conn.tableStatus !== "open";
  document.body.dataset.phase = view.phase ?? ""; // the game's phase, for stylesheets and tests to go by
  S.table.render(view, { me, canAct, seats: S.summary?.seats || [], replay: false, waiting: conn.tableStatus === "open", events: conn.events });
  log.show(conn.events, me === null ? "watch" : `seat-${me}`);
  turnBanner(view, me, canAct, conn.tableStatus);
  showUndo(conn, canAct);
  if (fresh && fresh.length) S.table.play(fresh, { me });
  document.body.classList.toggle("is-my-turn", canAct);
  document.body.dataset.version = String(conn.version);
  document.body.dataset.seat = me === null ? "" : String(me);
  S.coach?.show(conn.coach || null);
  showSeatChip();
  if (view.over) gameOver(view);
}

// --- the hot-seat cover ----------------------------------------------------------------------
function showCover(seat) {
  S.cover = seat;
  const cover = $("#cover");
  const view = S.conns.get(seat)?.view || currentView();
  $("#cover-title").textContent = `Pass to ${seatTitle(seat, view)}`;
  const secret = S.table?.coverWords?.();
  if (secret) $("#cover .cover-sub").textContent = secret;
  cover.style.setProperty("--seat", seatColour(seat));
  cover.hidden = false;
  $("#table-main").inert = true;
  $("#chat-slot").inert = true; // it writes as the seat on screen: not while passing it on
  document.body.classList.add("is-covered");
  $("#cover-btn").focus();
}

function hideCover() {
  if (S.cover === null) return;
  const seat = S.cover;
  S.cover = null;
  S.shown = seat;
  $("#cover").hidden = true;
  $("#table-main").inert = false;
  $("#chat-slot").inert = false;
  document.body.classList.remove("is-covered");
  S.table.reset();
  const conn = S.conns.get(seat);
  if (conn?.view) draw(conn, null);
  const first = document.querySelector("#controls-slot button:not([disabled])");
  first?.focus({ preventScroll: true });
}

// --- what the page says around the game ---------------------------------------------------------
function turnBanner(view, me, canAct, status) {
  const el = $("#turn-banner");
  if (status === "open" && !view.over) {
    const free = freeSeats().length;
    el.dataset.state = "other";
    fill(el, h("span", { class: "turn-dot", style: { background: "#888" } }), h("span", { class: "turn-text" }, h("strong", {}, "Waiting for players"), ` — the game starts when ${free > 1 ? `${free} more join` : free === 1 ? "one more joins" : "everyone is seated"}.`));
    return;
  }
  if (view.over) {
    const winners = (view.winners || []).map((s) => seatTitle(s, view));
    const mine = me !== null && (view.winners || []).includes(me);
    fill(
      el,
      h("span", { class: "turn-dot", style: { background: winners.length ? seatColour(view.winners[0]) : "#888" } }),
      h("span", { class: "turn-text" }, mine ? "You win! " : "Game over: ", winners.length ? `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}.` : "nobody wins."),
      view.ending ? h("button", { type: "button", class: "btn btn-small", id: "ending-btn", onclick: () => { fillEnding(view); showEnding(); } }, "The story") : null,
      h("a", { class: "btn btn-small", href: `/t/${encodeURIComponent(tableId)}/replay` }, "Watch the replay"),
    );
    el.dataset.state = "over";
    return;
  }
  const seat = view.to_move;
  const words = (S.table.turnWords ?? turnWords)(view); // the engine's prompt, unless the game words it
  el.dataset.state = canAct ? "mine" : "other";
  fill(
    el,
    h("span", { class: "turn-dot", style: { background: seatColour(seat) } }),
    canAct
      ? h("span", { class: "turn-text" }, h("strong", {}, "Your turn"), ` — ${words}`)
      : h("span", { class: "turn-text" }, h("strong", {}, seatTitle(seat, view)), isBot(seat) ? " (bot)" : "", ` — ${words}`),
  );
}

function showSeatChip() {
  const chip = $("#seat-chip");
  const seat = S.shown;
  chip.hidden = false;
  if (seat === null || seat === undefined) {
    fill(chip, icon("eye", 16), " Watching");
    chip.style.removeProperty("--seat");
    chip.dataset.kind = "spectator";
    return;
  }
  chip.dataset.kind = "seat";
  chip.style.setProperty("--seat", seatColour(seat));
  const extra = heldCount() > 1 ? ` (hot seat: ${heldCount()} here)` : "";
  // On a phone only the seat is shown ("Detective 1"); "You: " and the name in brackets are
  // read, not shown: the bar also holds the pace, Chat, Sound and Help.
  const [, short, more] = /^(.*?)((?: \(| · ).*)?$/.exec(seatTitle(seat));
  fill(
    chip,
    h("span", { class: "chip-dot", "aria-hidden": "true" }),
    h("span", { class: "chip-more" }, "You: "),
    short,
    h("span", { class: "chip-more" }, `${more ?? ""}${extra}`),
  );
}

async function refreshSummary() {
  try {
    S.summary = await api.table(tableId);
  } catch {
    return;
  }
  showWaiting();
}

function showWaiting() {
  const box = $("#waiting");
  clearTimeout(S.pollTimer);
  if (S.summary?.status !== "open") {
    box.hidden = true;
    return;
  }
  const free = freeSeats();
  if (!free.length) {
    box.hidden = true;
    return;
  }
  const rec = store.tableRecord(tableId);
  box.hidden = false;
  fill(
    box,
    h("strong", {}, `Waiting for ${free.length} more ${free.length > 1 ? "players" : "player"}.`),
    " Send each an invite link:",
    h(
      "ul",
      { class: "invites" },
      free.map((seat) => {
        const url = new URL(rec.invites?.[seat.seat] || `/t/${encodeURIComponent(tableId)}?join=${seat.seat}`, location.origin).href;
        return h(
          "li",
          {},
          h("span", { class: "chip-dot", style: { "--seat": seatColour(seat.seat) } }),
          `${seatWord(seat.seat)}: `,
          h("input", { class: "invite-url", readonly: true, value: url, "aria-label": `Invite link for ${seatWord(seat.seat)}`, onfocus: (e) => e.target.select() }),
          h("button", { type: "button", class: "btn btn-small", onclick: () => copy(url) }, "Copy"),
          rec.owner
            ? h("button", { type: "button", class: "btn btn-small btn-ghost", dataset: { botSeat: String(seat.seat) }, onclick: () => botTakes(seat.seat, rec.owner) }, "Let a bot play")
            : null,
        );
      }),
    ),
  );
  S.pollTimer = setTimeout(refreshSummary, 2500);
}

/** The bots' pace: the table's owner picks it here (the server paces the bots). */
function showPace() {
  const owner = store.tableRecord(tableId)?.owner;
  const box = $("#pace-pick");
  box.hidden = !owner || !S.summary || S.summary.status === "finished";
  if (box.hidden) return;
  const select = $("#pace-select");
  if (document.activeElement !== select) select.value = S.summary.pace || "normal";
  select.onchange = async () => {
    try {
      S.summary = await api.setPace(tableId, select.value, owner);
      toast(`Bots now play at the ${select.value} pace.`);
    } catch (err) {
      toast(err.message, "error");
      select.value = S.summary.pace || "normal";
    }
  };
}

async function botTakes(seat, owner) {
  try {
    S.summary = await api.botSeat(tableId, seat, null, owner);
    showWaiting();
  } catch (err) {
    toast(err.message, "error");
  }
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied.");
  } catch {
    toast("Select the link and copy it.");
  }
}

let overShown = false;
function gameOver(view) {
  if (overShown) return;
  overShown = true;
  document.body.classList.add("is-over");
  if (!view.ending) return;
  fillEnding(view);
  // A moment first, so the last move, its sound and the board are seen before the story.
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  setTimeout(() => showEnding(), reduced ? 0 : ENDING_DELAY_MS);
}

const ENDING_DELAY_MS = 2500;

/** The game-end screen (docs: each game's `story` part): headline, standings, story, figures. */
function fillEnding(view) {
  const ending = view.ending;
  const me = shownConn()?.heldSeat ?? null;
  const won = me !== null && (view.winners || []).includes(me);
  $("#ending-title").textContent = won ? "You win!" : "Game over";
  $("#ending-headline").textContent = ending.headline;
  fill(
    $("#ending-standings tbody"),
    ...ending.standings.map((s) =>
      h(
        "tr",
        { class: s.seat === me ? "is-me" : "" },
        h("td", {}, String(s.place)),
        h("th", { scope: "row" }, h("span", { class: "ending-dot", style: { background: seatColour(s.seat) } }), seatTitle(s.seat, view)),
        h("td", {}, s.result),
      ),
    ),
  );
  fill($("#ending-story"), ...ending.story.map((line) => h("li", {}, line)));
  fill($("#ending-stats"), ...ending.stats.flatMap((s) => [h("dt", {}, s.label), h("dd", {}, s.value)]));
  $("#ending-replay").href = `/t/${encodeURIComponent(tableId)}/replay`;
  const again = $("#ending-again");
  again.hidden = !heldTokens().length;
  again.textContent = S.summary?.rematch ? "Join the rematch" : "Play again";
}

/** The seats this browser plays here, with their tokens (hot seat: several). */
function heldTokens() {
  return store.heldSeats(tableId);
}

/**
 * Play again with the same seats: the server makes the new table once (or has made it for
 * another player) and gives each of this browser's seats its seat there; then go to it.
 */
async function playAgain() {
  const button = $("#ending-again");
  button.disabled = true;
  try {
    let next = null;
    for (const [, token] of heldTokens()) {
      const made = await api.rematch(tableId, token);
      store.saveSeat(made.table, made.seat, made.token);
      store.updateTable(made.table, (rec) => {
        rec.game = S.summary?.game ?? rec.game;
      });
      next = made.url;
    }
    if (next) location.assign(next);
  } catch (err) {
    toast(err.message || "The new table could not be made.", "error");
    button.disabled = false;
  }
}

function showEnding() {
  const dialog = $("#ending-dialog");
  if (dialog.open || !shownConn()?.view?.ending) return;
  if (document.querySelector("dialog[open]")) return; // never over another dialog
  dialog.showModal();
}

// --- acting -------------------------------------------------------------------------------------
async function act(action) {
  const conn = shownConn();
  if (!conn || conn.heldSeat === null || S.cover !== null) return false;
  if (S.acting) {
    // The view an action made usually comes before that action's answer. A click on that
    // new view waits for the answer and is then sent; a second click on the old view (a
    // double click) finds the view moved on and is dropped.
    const seen = conn.version;
    await S.acting;
    if (S.busy || conn.version !== seen) return false;
  }
  if (S.busy) return false; // an undo under way
  S.busy = true;
  document.body.classList.add("is-busy");
  const sending = conn.act(action);
  S.acting = sending.then(
    () => undefined,
    () => undefined,
  );
  try {
    await sending;
    return true;
  } catch (err) {
    // A tutorial's coach refused it (another action than its step): it says why in its panel.
    if (err.error === "off_script" && S.coach?.advice) S.coach.nudge(err.message);
    else toast(err.message || "That did not work.", "error");
    return false;
  } finally {
    S.busy = false;
    S.acting = null;
    document.body.classList.remove("is-busy");
  }
}

// --- chat and undo (docs/server.md) ------------------------------------------------------------
/** The chat writes as the seat on screen (hot seat: whoever the cover let in), or as a spectator. */
function chatConn() {
  return shownConn() || [...S.conns.values()][0] || null;
}

async function say(text) {
  const conn = chatConn();
  if (!conn) throw new Error("Not connected yet; try again in a moment.");
  await conn.say(text);
}

/** null if this browser may write in the chat now, else why not. */
function chatWriter() {
  const conn = chatConn();
  if (conn && conn.heldSeat !== null && conn.heldSeat !== undefined) return null;
  if (S.summary?.spectator_chat) return null;
  return "Spectators read along here; only the players write (the table's creator keeps the chat to the seats).";
}

/** An Undo button beside the turn banner when the server offers this seat an undo. */
function showUndo(conn, canAct) {
  if (!canAct || !conn.undo) return;
  $("#turn-banner").append(
    h("button", { type: "button", class: "btn btn-small undo-btn", id: "undo-btn", title: "Take back your last move: it showed nothing hidden, and your turn goes on", onclick: () => undoLast(conn) }, "Undo move"),
  );
}

async function undoLast(conn) {
  if (S.busy || S.cover !== null) return;
  S.busy = true;
  document.body.classList.add("is-busy");
  try {
    await conn.undoLast();
  } catch (err) {
    toast(err.message || "That could not be taken back.", "error");
  } finally {
    S.busy = false;
    document.body.classList.remove("is-busy");
  }
}

/** Someone took back a move: say so once (every socket of a hot-seat browser hears it). */
function undone(what, conn) {
  S.table?.reset?.();
  if (conn !== chatConn()) return;
  const who = what.seat === null || what.seat === undefined ? "A player" : seatTitle(what.seat);
  toast(`${who} took back a move.`);
  if (document.activeElement?.id === "undo-btn") requestAnimationFrame(() => document.querySelector("#controls-slot button:not([disabled])")?.focus({ preventScroll: true }));
}

// --- a guided first game ------------------------------------------------------------------------
/** "Learn by playing" in the help, for a game that has a tutorial. */
function offerTutorial() {
  const row = $("#learn-row");
  row.hidden = !S.info?.tutorial;
  if (row.hidden) return;
  $("#learn-btn").title = S.info.tutorial.title;
  $("#learn-btn").onclick = async () => {
    $("#learn-btn").disabled = true;
    try {
      await startTutorial(S.summary.game);
    } catch (err) {
      toast(err.message || "The guided game could not be set up.", "error");
      $("#learn-btn").disabled = false;
    }
  };
}

// --- chrome: sound, keys, help ----------------------------------------------------------------
function wireChrome() {
  // On phones the controls sit fixed at the bottom: keep room for them under the page.
  const controls = $("#controls-slot");
  if (controls && "ResizeObserver" in window) {
    new ResizeObserver(() => {
      document.body.style.setProperty("--controls-h", `${controls.offsetHeight}px`);
    }).observe(controls);
  }
  const sound = $("#sound-btn");
  const setSound = (on) => {
    store.setPref("sound", on);
    sound.setAttribute("aria-pressed", String(on));
    fill(sound, icon(on ? "sound" : "mute"));
    sound.title = on ? "Sound on (click to mute)" : "Sound off (click to unmute)";
  };
  setSound(store.pref("sound", true));
  sound.addEventListener("click", () => setSound(!store.pref("sound", true)));
  $("#help-btn").addEventListener("click", () => $("#help-dialog").showModal());
  $("#ending-again").addEventListener("click", () => playAgain());
  $("#cover-btn").addEventListener("click", hideCover);
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (S.cover !== null) {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        hideCover();
      }
      return;
    }
    if (document.querySelector("dialog[open]")) return;
    const tag = e.target?.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (e.key === "?") {
      $("#help-dialog").showModal();
      e.preventDefault();
      return;
    }
    if (S.table?.key(e)) e.preventDefault();
  });
}

function fillKeys() {
  const keys = [...(S.table.keys?.() || []), ["?", "this list"], ["Tab", "move between controls and board squares"]];
  fill($("#keys-list"), keys.map(([k, words]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, words)]));
}

main().catch((err) => {
  console.error(err);
  toast(`Something went wrong: ${err.message}`, "error");
});
