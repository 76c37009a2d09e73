// The lobby (/): pick a game and its options, seat people and bots, create the table,
// hand out invite links, and list the tables that are open or running.
import { $, h, fill, toast, seatColour } from "./dom.js";
import { api, seatLabel } from "./api.js";
import * as store from "./store.js";
import { startTutorial } from "./coach.js";

const L = { games: [], game: null, seats: [] };

function botLevels(game) {
  const levels = game.bot_levels || game.bots || game.levels || [];
  return levels.length ? levels : ["random"];
}

// The level a new bot seat gets (the server's default, the middle one), and one line on how a level plays.
function defaultLevel(game, levels) {
  return levels.includes(game.default_bot_level) ? game.default_bot_level : levels[levels.length - 1];
}

function levelLine(game, level) {
  return (game.bot_level_lines || {})[level] || "plays on the server";
}

function words(name) {
  const text = name.replace(/_/g, " ");
  return text[0].toUpperCase() + text.slice(1);
}

// --- the new-table form -----------------------------------------------------------------------
function pickGame(name) {
  L.game = L.games.find((g) => g.name === name) || L.games[0];
  const count = $("#seat-count");
  const previous = Number(count.value) || 0;
  fill(count, Array.from({ length: L.game.max_players - L.game.min_players + 1 }, (_, i) => {
    const n = L.game.min_players + i;
    return h("option", { value: String(n) }, `${n} ${L.game.seat_name || "player"}s`);
  }));
  const wanted = Math.min(L.game.max_players, Math.max(L.game.min_players, previous || Math.min(3, L.game.max_players)));
  count.value = String(wanted);
  renderSeats();
  renderOptions();
}

function renderSeats() {
  const n = Number($("#seat-count").value);
  while (L.seats.length < n) L.seats.push({ kind: L.seats.length === 0 ? "here" : "bot", level: null, name: "" });
  const levels = botLevels(L.game);
  const myName = store.pref("name", "");
  fill(
    $("#seats"),
    L.seats.slice(0, n).map((seat, i) => {
      const kind = h(
        "select",
        { name: `seat-kind-${i}`, "aria-label": `${seatLabel(L.game.seat_name, i)}: who plays`, onchange: (e) => { seat.kind = e.target.value; renderSeats(); } },
        h("option", { value: "here", selected: seat.kind === "here" }, "Human, here"),
        h("option", { value: "invite", selected: seat.kind === "invite" }, "Human, by link"),
        h("option", { value: "bot", selected: seat.kind === "bot" }, "Bot"),
      );
      if (!levels.includes(seat.level)) seat.level = defaultLevel(L.game, levels); // also after a change of game
      const level = h(
        "select",
        { class: "level", name: `seat-level-${i}`, "aria-label": `${seatLabel(L.game.seat_name, i)}: bot level`, disabled: seat.kind !== "bot", onchange: (e) => { seat.level = e.target.value; renderSeats(); } },
        levels.map((lv) => h("option", { value: lv, title: levelLine(L.game, lv), selected: seat.level === lv }, `${words(lv)} bot`)),
      );
      const name = h("input", {
        class: "name",
        name: `seat-name-${i}`,
        maxlength: "40",
        placeholder: seat.kind === "bot" ? "(bot)" : seat.kind === "here" ? myName || "Name (optional)" : "Name (optional)",
        value: seat.name,
        disabled: seat.kind === "bot",
        "aria-label": `${seatLabel(L.game.seat_name, i)}: name`,
        oninput: (e) => { seat.name = e.target.value; },
      });
      return h("li", { class: "seat-row", dataset: { seat: String(i) } }, h("span", { class: "seat-dot", style: { background: seatColour(i) } }, String(i + 1)), kind, seat.kind === "bot" ? level : name, seat.kind === "bot" ? h("span", { class: "muted seat-note level-line" }, levelLine(L.game, seat.level)) : h("span", { class: "muted seat-note" }, seat.kind === "here" ? "plays here" : "gets a link"));
    }),
  );
}

function renderOptions() {
  const box = $("#options");
  fill(
    box,
    (L.game.options || []).map((opt) => {
      const id = `opt-${opt.name}`;
      if (opt.choices) {
        return h("label", { class: "field" }, h("span", {}, words(opt.name)), h("select", { class: "text", id, name: id, dataset: { opt: opt.name, type: opt.type } }, opt.choices.map((c) => h("option", { value: String(c), selected: c === opt.default }, String(c)))), h("span", { class: "opt-help" }, opt.help));
      }
      if (opt.type === "bool") {
        return h("label", { class: "opt-check" }, h("input", { type: "checkbox", id, name: id, checked: Boolean(opt.default), dataset: { opt: opt.name, type: "bool" } }), h("span", {}, h("b", {}, words(opt.name)), h("br"), h("span", { class: "opt-help" }, opt.help)));
      }
      const numeric = opt.type === "int" || opt.type === "float";
      return h(
        "label",
        { class: "field" },
        h("span", {}, words(opt.name)),
        h("input", { class: "text", id, name: id, type: numeric ? "number" : "text", step: opt.type === "float" ? "any" : opt.type === "int" ? "1" : null, value: String(opt.default ?? ""), dataset: { opt: opt.name, type: opt.type } }),
        h("span", { class: "opt-help" }, opt.help),
      );
    }),
  );
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options [data-opt]")) {
    const { opt, type } = input.dataset;
    const spec = L.game.options.find((o) => o.name === opt);
    let value;
    if (type === "bool") value = input.checked;
    else if (type === "int") value = Number.parseInt(input.value, 10);
    else if (type === "float") value = Number.parseFloat(input.value);
    else value = input.value;
    if ((type === "int" || type === "float") && !Number.isFinite(value)) throw new Error(`${words(opt)} must be a number`);
    if (spec && value === spec.default) continue; // send only what differs from the defaults
    options[opt] = value;
  }
  return options;
}

async function create(e) {
  e.preventDefault();
  const button = $("#create");
  const n = Number($("#seat-count").value);
  const seats = L.seats.slice(0, n);
  let options;
  try {
    options = readOptions();
  } catch (err) {
    toast(err.message, "error");
    return;
  }
  const body = {
    game: L.game.name,
    players: n,
    options,
    seats: seats.map((seat) => (seat.kind === "bot" ? { kind: "bot", level: seat.level } : { kind: "human", ...(seat.name.trim() ? { name: seat.name.trim() } : {}) })),
  };
  const seed = $("#seed").value.trim();
  if (seed) body.seed = Number.parseInt(seed, 10);
  const timer = $("#turn-seconds").value.trim();
  if (timer) body.turn_seconds = Number.parseInt(timer, 10);
  if ($("#open-seats")?.checked) body.open_seats = true;
  if ($("#allow-undo")) body.undo = $("#allow-undo").checked;
  if ($("#spectator-chat")?.checked) body.spectator_chat = true;
  body.pace = $("#pace").value;
  button.disabled = true;
  try {
    const made = await api.create(body);
    store.updateTable(made.id, (rec) => {
      rec.owner = made.owner_token || null;
      rec.game = L.game.name;
      for (const seat of made.seats || []) if (seat.join_url) rec.invites[seat.seat] = seat.join_url;
    });
    // Claim the seats played on this device now, with their invites: their tokens stay in this browser.
    for (let i = 0; i < seats.length; i++) {
      if (seats[i].kind !== "here") continue;
      const name = seats[i].name.trim() || (i === seats.findIndex((s) => s.kind === "here") ? store.pref("name", "") : "");
      const invite = made.seats?.[i]?.invite;
      const got = await api.join(made.id, { seat: i, ...(invite ? { invite } : {}), ...(name ? { name } : {}) });
      store.saveSeat(made.id, got.seat, got.token);
    }
    const invites = seats.map((s, i) => [s, i]).filter(([s]) => s.kind === "invite");
    if (!invites.length) {
      location.assign(`/t/${encodeURIComponent(made.id)}`);
      return;
    }
    showCreated(made, invites.map(([, i]) => i));
  } catch (err) {
    toast(err.message, "error");
  } finally {
    button.disabled = false;
  }
}

function showCreated(made, inviteSeats) {
  const rec = store.tableRecord(made.id);
  const box = $("#created");
  const table = `/t/${encodeURIComponent(made.id)}`;
  box.hidden = false;
  $("#create-form").hidden = true;
  fill(
    box,
    h("h3", {}, "Table ready. Send each invite link to its player:"),
    h(
      "ul",
      { class: "invites" },
      inviteSeats.map((seat) => {
        const url = new URL(rec.invites[seat] || `${table}?join=${seat}`, location.origin).href;
        return h(
          "li",
          { dataset: { seat: String(seat) } },
          h("span", { class: "chip-dot", style: { "--seat": seatColour(seat) } }),
          `${seatLabel(L.game.seat_name, seat)}: `,
          h("input", { class: "invite-url", readonly: true, value: url, onfocus: (e) => e.target.select(), "aria-label": `Invite link for ${seatLabel(L.game.seat_name, seat)}` }),
          h("button", { type: "button", class: "btn btn-small", onclick: () => copy(url) }, "Copy"),
        );
      }),
    ),
    h("div", { class: "create-row" }, h("button", { type: "button", class: "btn", onclick: () => { box.hidden = true; $("#create-form").hidden = false; } }, "Another table"), " ", h("a", { class: "btn btn-primary btn-big", href: table, id: "go-table" }, Object.keys(rec.seats).length ? "Go to the table" : "Watch the table")),
  );
  renderMine();
  renderOpen();
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied.");
  } catch {
    toast("Select the link and copy it.");
  }
}

// --- table lists ---------------------------------------------------------------------------------
function titleOf(game) {
  return L.games.find((g) => g.name === game)?.title || game;
}

function seatDots(seats = []) {
  return seats.map((seat, i) =>
    h("span", {
      class: `dot ${seat.kind === "bot" ? "bot" : seat.claimed ? "" : "free"}`,
      style: { background: seatColour(i), "--seat": seatColour(i) },
      title: `${i + 1}: ${seat.kind === "bot" ? "bot" : seat.claimed ? seat.name || "taken" : "free"}`,
    }),
  );
}

function when(created) {
  if (!created) return "";
  const t = typeof created === "number" ? new Date(created < 1e12 ? created * 1000 : created) : new Date(created);
  if (Number.isNaN(t.getTime())) return "";
  const mins = Math.round((Date.now() - t.getTime()) / 60000);
  return mins < 1 ? "just now" : mins < 60 ? `${mins} min ago` : t.toLocaleString();
}

async function renderOpen() {
  const list = $("#open-tables");
  let tables;
  try {
    tables = await api.tables();
  } catch (err) {
    fill(list, h("li", { class: "muted" }, `Cannot list tables: ${err.message}`));
    return;
  }
  if (!tables.length) {
    fill(list, h("li", { class: "muted" }, "No tables yet. Create one!"));
    return;
  }
  fill(
    list,
    tables.map((t) => {
      const free = (t.seats || []).map((s, i) => ({ ...s, seat: s.seat ?? i })).filter((s) => s.kind === "human" && !s.claimed);
      const mine = Object.keys(store.tableRecord(t.id).seats).length > 0;
      const url = `/t/${encodeURIComponent(t.id)}`;
      return h(
        "li",
        { class: "table-item", dataset: { table: t.id } },
        h("div", {}, h("div", { class: "t-title" }, titleOf(t.game), " ", h("span", { class: "muted" }, `#${t.id}`)), h("div", { class: "t-sub" }, h("span", { class: `status status-${t.status}` }, t.status), seatDots(t.seats), when(t.created))),
        h(
          "div",
          { class: "t-actions" },
          mine ? h("a", { class: "btn btn-small btn-primary", href: url }, "Resume") : null,
          // Invite-only tables are joined by their links, never from this list.
          !mine && free.length && t.open_seats ? h("a", { class: "btn btn-small btn-primary", href: `${url}?join=${free[0].seat}` }, "Join") : null,
          h("a", { class: "btn btn-small", href: `${url}?watch=1` }, "Watch"),
        ),
      );
    }),
  );
}

function renderMine() {
  const mine = store.myTables().slice(0, 8);
  $("#mine-panel").hidden = !mine.length;
  fill(
    $("#my-tables"),
    mine.map((t) =>
      h(
        "li",
        { class: "table-item", dataset: { table: t.id } },
        h("div", {}, h("div", { class: "t-title" }, titleOf(t.game || ""), " ", h("span", { class: "muted" }, `#${t.id}`)), h("div", { class: "t-sub" }, Object.keys(t.seats).length ? `your seats: ${Object.keys(t.seats).map((s) => Number(s) + 1).join(", ")}` : "you created it")),
        h(
          "div",
          { class: "t-actions" },
          h("a", { class: "btn btn-small btn-primary", href: `/t/${encodeURIComponent(t.id)}` }, "Open"),
          h("a", { class: "btn btn-small", href: `/t/${encodeURIComponent(t.id)}/replay` }, "Replay"),
          h("button", { type: "button", class: "btn btn-small btn-ghost", title: "Forget this table in this browser", onclick: () => { store.forgetTable(t.id); renderMine(); } }, "Forget"),
        ),
      ),
    ),
  );
}

/** The creator's choice: seats by invitation (the default), or free to anyone. */
function openSeatsBox() {
  const box = h(
    "label",
    { class: "opt-check open-seats" },
    h("input", { type: "checkbox", id: "open-seats", name: "open_seats" }),
    h("span", {}, h("b", {}, "Anyone may take a free seat"), h("br"), h("span", { class: "opt-help" }, "Otherwise each seat is taken only through its own invite link.")),
  );
  $("#seats").after(box);
}

/** Taking back a move within a turn (on by default with one person at the table, and bots)
 * and spectators in the chat (off by default): docs/server.md, "Undo" and "Table chat". */
function tableChoicesBox() {
  const undo = h("input", { type: "checkbox", id: "allow-undo", name: "undo", onchange: () => { undo.dataset.touched = "1"; } });
  const box = h(
    "div",
    { class: "table-choices" },
    h("label", { class: "opt-check" }, undo, h("span", {}, h("b", {}, "Players may take back a move"), h("br"), h("span", { class: "opt-help" }, "Within their own turn, and only a move that drew no chance and showed nothing hidden."))),
    h("label", { class: "opt-check" }, h("input", { type: "checkbox", id: "spectator-chat", name: "spectator_chat" }), h("span", {}, h("b", {}, "Spectators may chat"), h("br"), h("span", { class: "opt-help" }, "Otherwise only the players write in the table's chat; everyone reads it."))),
  );
  $("#open-seats")?.closest("label")?.after(box);
  // Until the creator chooses, undo follows the seats: on when at most one person plays.
  const follow = () => {
    if (undo.dataset.touched || !L.seats) return;
    const n = Number($("#seat-count").value);
    undo.checked = L.seats.slice(0, n).filter((seat) => seat.kind !== "bot").length <= 1;
  };
  $("#create-form").addEventListener("change", follow);
  return follow;
}

async function main() {
  openSeatsBox();
  const followSeats = tableChoicesBox();
  $("#create-form").addEventListener("submit", create);
  $("#seat-count").addEventListener("change", renderSeats);
  $("#refresh").addEventListener("click", renderOpen);
  try {
    L.games = await api.games();
  } catch (err) {
    fill($("#game-select"), h("p", { class: "muted" }, `Cannot load the games: ${err.message}`));
    return;
  }
  // A game can be played here once it has a page module (/static/games/<name>.js).
  const playable = await Promise.all(
    L.games.map((g) => fetch(`/static/games/${encodeURIComponent(g.name)}/index.js`, { method: "HEAD" }).then((r) => r.ok, () => false)),
  );
  L.games.forEach((g, i) => { g.playable = playable[i]; });
  L.games.sort((a, b) => Number(b.playable) - Number(a.playable));
  const first = L.games.find((g) => g.playable) || L.games[0];
  fill(
    $("#game-select"),
    h("legend", { class: "sr-only" }, "Game"),
    L.games.map((g) =>
      h(
        "label",
        { class: `game-card${g.playable ? "" : " soon"}${g.playable && g.tutorial ? " has-learn" : ""}`, title: g.playable ? g.title : `${g.title}: not in the browser yet (play it in the terminal)` },
        h("input", { type: "radio", name: "game", value: g.name, checked: g === first, disabled: !g.playable, onchange: () => pickGame(g.name) }),
        h("span", { class: "inner" }, h("b", {}, g.title), h("span", {}, g.playable ? `${g.min_players}–${g.max_players} ${g.seat_name || "player"}s` : "coming to the browser soon")),
        h("a", { class: "how-to", href: `/games/${encodeURIComponent(g.name)}/rules`, target: "_blank", rel: "noopener" }, "How to play"),
        g.playable && g.tutorial ? h("button", { type: "button", class: "learn", title: g.tutorial.title, dataset: { learn: g.name }, onclick: (e) => learn(e, g) }, "Learn by playing") : null,
      ),
    ),
  );
  pickGame(first?.name);
  followSeats();
  renderTools();
  renderMine();
  renderOpen();
  setInterval(() => {
    if (!document.hidden) renderOpen();
  }, 5000);
}

/** A guided first game of `g`: its table is set up, this browser takes the learner's seat. */
async function learn(e, g) {
  e.preventDefault();
  const button = e.currentTarget;
  button.disabled = true;
  try {
    await startTutorial(g.name);
  } catch (err) {
    toast(err.message || "The guided game could not be set up.", "error");
    button.disabled = false;
  }
}

// Pages a game serves besides its tables (Stop Thief's Crime Scanner), from its manifest.
function renderTools() {
  const pages = L.games.flatMap((g) => (g.pages || []).map((p) => ({ ...p, game: g.title })));
  $("#tools-panel").hidden = !pages.length;
  fill($("#tools"), pages.map((p) => h("li", {}, h("a", { href: p.url, class: "tool-link" }, p.title), h("span", { class: "muted" }, ` (${p.game})`))));
}

followSavedGames(); // needs no game data: ready before a file can be chosen
main();

// A finished game from a file, opened in the replay viewer: a terminal save (JSON with its
// record) or a bare record, or one game of a tournament's results (CSV, read by the server).
function followSavedGames() {
  const file = $("#saved-file");
  const isCsv = () => /\.csv$/i.test(file.files[0]?.name || "");
  file.addEventListener("change", () => {
    $("#saved-number-box").hidden = !isCsv();
    $("#saved-error").hidden = true;
  });
  $("#saved-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const error = $("#saved-error");
    error.hidden = true;
    const chosen = file.files[0];
    if (!chosen) return;
    try {
      const text = await chosen.text();
      let body;
      if (isCsv()) {
        body = { results: text, number: Number($("#saved-number").value || 0) };
      } else {
        let data;
        try {
          data = JSON.parse(text);
        } catch {
          throw new Error("This file is not JSON: choose a save from the terminal or a tournament's .csv.");
        }
        body = { record: data && typeof data === "object" && "record" in data ? data.record : data };
      }
      const made = await api.bringIn(body);
      location.href = made.url;
    } catch (err) {
      error.textContent = err.message;
      error.hidden = false;
    }
  });
}
