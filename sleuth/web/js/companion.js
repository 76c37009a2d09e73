// A companion session on a phone: the shell every game's companion shares.
//
// The game's own module (/static/games/<game>/companion.js) gives its setup fields and
// draws its screens; this shell makes and opens sessions, takes seats (each seat's token
// kept in this browser's localStorage), hides a seat's screen behind a "pass to ..." cover
// when the phone holds several seats, and asks the server again every few seconds so that
// what others did shows up. The server decides what each seat may see (a seat's token).
import { api, ApiError } from "./api.js";
import { $, h, fill, seatColour } from "./dom.js";

const game = location.pathname.split("/").filter(Boolean)[1];
const base = `/api/companions/${game}/sessions`;
const POLL_MS = 2000;

const state = {
  game,
  sid: new URLSearchParams(location.search).get("session"),
  summary: null, // the table's view (no token)
  tokens: {}, // seat -> token, for the seats this phone holds
  shown: null, // the seat whose screen is open, or null (the cover)
  results: {}, // seat -> the answer to its last action (its eyes only)
  mine: null, // the shown seat's summary (its token's view)
  names: {}, // seat -> a name being typed (kept when the page is drawn again)
  drawn: "", // what the page last drew: drawn again only when it changes
  share: null, // the session's link for other phones, as the server names it
  host: null, // the host token, on the phone that made the session: it re-issues seats
  reissued: {}, // seat -> a new link for that seat, shown to the host to pass on
  busy: 0,
};
window.sleuthCompanion = state;

const tokenKey = (sid) => `sleuth-companion:${game}:${sid}`;
function loadTokens() {
  try {
    return JSON.parse(localStorage.getItem(tokenKey(state.sid)) || "{}");
  } catch {
    return {};
  }
}
function saveTokens() {
  localStorage.setItem(tokenKey(state.sid), JSON.stringify(state.tokens));
}
const hostKey = (sid) => `sleuth-companion-host:${game}:${sid}`;

// A re-issued seat's link carries its new token in the fragment (never sent to the server
// in a request line): taken into this phone's storage, then wiped from the address bar.
function claimFromLink() {
  const claim = new URLSearchParams(location.hash.slice(1));
  const seat = claim.get("seat");
  const token = claim.get("token");
  if (seat === null || !token) return;
  state.tokens[Number(seat)] = token;
  saveTokens();
  history.replaceState(null, "", location.pathname + location.search);
}

async function call(method, path, options) {
  state.busy += 1;
  try {
    return await api.request(method, path, options);
  } finally {
    state.busy -= 1;
  }
}

function problem(message) {
  const box = $("#problem");
  box.hidden = !message;
  box.textContent = message || "";
}

const held = () => Object.keys(state.tokens).map(Number).sort((a, b) => a - b);
const nameOf = (seat) => state.summary?.seats[seat]?.name || `Seat ${seat + 1}`;

let module = null;

async function start() {
  document.head.append(h("link", { rel: "stylesheet", href: `/static/games/${game}/companion.css` }));
  module = await import(`/static/games/${game}/companion.js`);
  document.title = `${module.title} · sleuth`;
  $("#title").textContent = module.title;
  if (!state.sid) {
    showSetup();
  } else {
    state.tokens = loadTokens();
    state.host = localStorage.getItem(hostKey(state.sid));
    claimFromLink();
    await refresh();
    await showShare();
    setInterval(() => { if (!state.busy) refresh().catch(() => {}); }, POLL_MS);
  }
  document.body.dataset.ready = "true";
}

// The link (and its QR code) other phones open: on `serve --host 0.0.0.0` it names this
// machine's network address even when this page was opened as localhost.
async function showShare() {
  try {
    state.share = (await call("GET", `${base}/${state.sid}/share`)).url;
  } catch {
    return; // the page's own address stays shown
  }
  const qr = $("#share-qr");
  qr.src = `${base}/${encodeURIComponent(state.sid)}/share?picture=true`;
  qr.hidden = false;
  draw();
}

function showSetup() {
  $("#setup").hidden = false;
  $("#setup-title").textContent = `${module.title}: a new session`;
  $("#setup-about").textContent = module.about;
  const fields = module.setupFields();
  fill($("#setup-fields"), fields.element);
  $("#setup-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const made = await call("POST", base, { body: fields.read() });
      localStorage.setItem(hostKey(made.id), made.host_token);
      location.search = `?session=${encodeURIComponent(made.id)}`;
    } catch (err) {
      problem(err.message);
    }
  });
}

async function refresh() {
  try {
    state.summary = await call("GET", `${base}/${state.sid}`);
  } catch (err) {
    problem(err instanceof ApiError && err.status === 404 ? "There is no such session." : err.message);
    return;
  }
  for (const seat of held()) {
    if (!state.summary.seats[seat]?.taken) delete state.tokens[seat]; // not ours after all
  }
  if (state.shown !== null && !(state.shown in state.tokens)) state.shown = null;
  // An open companion (nothing secret on it: Columbo's lawn) needs no cover on a shared phone.
  if (state.shown === null && (held().length === 1 || (module.open && held().length))) state.shown = held()[0];
  if (state.shown !== null) {
    try {
      state.mine = await call("GET", `${base}/${state.sid}`, { token: state.tokens[state.shown] });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        delete state.tokens[state.shown]; // the seat's token is no longer good here
        saveTokens();
        state.shown = null;
      } else throw err;
    }
  }
  // Drawn again only when something changed: a poll must not undo a half-made choice.
  const key = `${state.summary.version}:${state.shown}:${state.mine?.version}:${held()}`;
  if (key !== state.drawn) draw();
}

function draw() {
  const summary = state.summary;
  state.drawn = `${summary.version}:${state.shown}:${state.mine?.version}:${held()}`;
  problem(null);
  $("#seats").hidden = false;
  const link = state.share || location.href;
  fill($("#share-link"), link);
  $("#share-link").href = link;
  fill($("#seat-list"), summary.seats.map((seat) => seatRow(seat)));
  const mine = held();
  $("#cover").hidden = !(mine.length > 1 && state.shown === null && !module.open);
  fill($("#cover-buttons"), mine.map((seat) => h("button", {
    type: "button", class: "btn btn-huge btn-seat", style: { "--seat": seatColour(seat) },
    dataset: { pass: String(seat) },
    onclick: () => { state.shown = seat; refresh(); },
  }, `Pass to ${nameOf(seat)}: show my screen`)));
  const open = state.shown !== null && state.mine;
  $("#screen").hidden = !open;
  $("#hide").hidden = mine.length < 2 || module.open;
  if (open) {
    $("#screen-name").textContent = `${nameOf(state.shown)}'s screen`;
    if (module.open && mine.length > 1) {
      fill($("#screen-name"), "Acting: ", mine.map((seat) => h("button", {
        type: "button", class: `btn btn-small btn-seat${seat === state.shown ? " btn-primary" : ""}`,
        style: { "--seat": seatColour(seat) }, dataset: { actAs: String(seat) },
        onclick: () => { state.shown = seat; refresh(); },
      }, nameOf(seat))));
    }
    fill($("#game"), module.seatScreen(context(state.shown)));
  } else fill($("#game"));
  $("#table").hidden = false;
  fill($("#table-body"), module.tableScreen({ summary, nameOf, screenOpen: Boolean(open) }));
}

function seatRow(seat) {
  const here = seat.seat in state.tokens;
  const label = seat.taken ? seat.name : `Seat ${seat.seat + 1}: free`;
  const row = h("li", { class: "seat", style: { "--seat": seatColour(seat.seat) }, dataset: { seat: String(seat.seat) } },
    h("span", { class: "seat-dot" }), h("span", { class: "seat-name" }, label),
    here ? h("span", { class: "seat-here" }, "on this phone") : null);
  if (!seat.taken) {
    const input = h("input", {
      type: "text", maxlength: "24", placeholder: "Name", "aria-label": `Name for seat ${seat.seat + 1}`,
      class: "seat-input", value: state.names[seat.seat] || "",
      oninput: () => { state.names[seat.seat] = input.value; },
    });
    row.append(input, h("button", {
      type: "button", class: "btn btn-small", dataset: { take: String(seat.seat) },
      onclick: () => takeSeat(seat.seat, input.value.trim() || `Player ${seat.seat + 1}`),
    }, "Take this seat here"));
  } else if (state.host && !here) {
    // The host's way back for a phone that lost its storage: a new link, the old one void.
    row.append(h("button", {
      type: "button", class: "btn btn-small", dataset: { reissue: String(seat.seat) },
      onclick: () => reissue(seat.seat),
    }, "New link"));
  }
  const link = state.reissued[seat.seat];
  if (link) {
    row.append(h("p", { class: "muted reissued" }, `Give ${seat.name} this link (the old one no longer works): `,
      h("a", { href: link, dataset: { reissuedLink: String(seat.seat) } }, link)));
  }
  return row;
}

async function reissue(seat) {
  try {
    const fresh = await call("POST", `${base}/${state.sid}/seats/${seat}/reissue`, { token: state.host });
    const page = state.share || `${location.origin}${location.pathname}?session=${encodeURIComponent(state.sid)}`;
    state.reissued[seat] = `${page}#seat=${seat}&token=${encodeURIComponent(fresh.token)}`;
    draw();
  } catch (err) {
    problem(err.message);
  }
}

async function takeSeat(seat, name) {
  try {
    const taken = await call("POST", `${base}/${state.sid}/seats`, { body: { seat, name } });
    state.tokens[seat] = taken.token;
    saveTokens();
    state.shown = held().length === 1 ? seat : null;
    await refresh();
  } catch (err) {
    problem(err.message);
    await refresh();
  }
}

function context(seat) {
  return {
    seat,
    summary: state.mine,
    view: state.mine.view,
    result: state.results[seat] || null,
    nameOf,
    redraw: draw,
    act: async (action) => {
      try {
        const answer = await call("POST", `${base}/${state.sid}/actions`, {
          body: { action }, token: state.tokens[seat],
        });
        state.results[seat] = answer.result;
        state.mine = answer.session;
        state.summary = await call("GET", `${base}/${state.sid}`);
        draw();
        return answer.result;
      } catch (err) {
        problem(err.message);
        return null;
      }
    },
  };
}

$("#hide").addEventListener("click", () => {
  delete state.results[state.shown]; // the next holder sees none of it
  state.shown = null;
  state.drawn = "";
  state.mine = null;
  draw();
});

start().catch((err) => problem(err.message));
