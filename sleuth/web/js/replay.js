// The replay page (/t/{id}/replay): a finished table stepped through action by action, with
// everything revealed (hands, tips, the thief's true route), as the engine itself shows it.
import { $, h, fill, toast, seatColour } from "./dom.js";
import { api, seatLabel } from "./api.js";
import { EventLog } from "./log.js";
import { loadGame } from "./games.js";
import { icon } from "./icons.js";
import * as store from "./store.js";

const parts = location.pathname.split("/").filter(Boolean);
const tableId = decodeURIComponent(parts[1] || "");
// `step` is the number of actions taken (0: the game as set up, `of`: the end). Each step's
// view is the engine's own `reveal()` of the game then, asked of the server, so no copy of
// a game's rules lives here; `events` (all of them, each with its step) feed the log.
const R = { events: [], ends: [], of: 0, step: 0, table: null, mod: null, info: null, summary: null, timer: null, options: {} };
const log = new EventLog($("#log"), { seatTitle: (seat) => seatLabel(R.info?.seat_name, seat) });

function seatWord(seat) {
  return seatLabel(R.info?.seat_name || "player", seat);
}

async function main() {
  wireSound();
  let data;
  try {
    [R.summary, data] = await Promise.all([api.table(tableId).catch(() => null), api.replay(tableId)]);
  } catch (err) {
    const back = `/t/${encodeURIComponent(tableId)}`;
    fill(
      $("#table-main"),
      h("div", { class: "missing" }, h("h2", {}, err.status === 404 ? "There is no such table." : "The replay opens when the game is over."), h("p", { class: "muted" }, err.message), h("p", {}, h("a", { class: "btn btn-primary", href: back }, "Back to the table"), " ", h("a", { class: "btn", href: "/" }, "Lobby"))),
    );
    return;
  }
  R.events = data.events || [];
  const record = data.record || {};
  R.of = (record.actions || []).length;
  R.ends = stepEnds(R.events, R.of);
  const game = record.game || R.summary?.game || "";
  R.options = record.options || {};
  try {
    R.info = (await api.games()).find((g) => g.name === game) || null;
  } catch {
    R.info = null;
  }
  const title = R.info?.title || game;
  $("#game-title").textContent = `${title} · replay of table ${tableId}`;
  document.title = `Replay · ${title} · sleuth`;
  R.mod = await loadGame(game);
  R.table = R.mod.createTable({
    act: async () => false,
    seatWord,
    playerName: (seat) => R.summary?.seats?.[seat]?.name || null,
    isBot: (seat) => R.summary?.seats?.[seat]?.kind === "bot",
    soundOn: () => store.pref("replaySound", false),
    winAmount: () => R.options.win_amount,
    tableId,
  });
  await R.table.mount({ board: $("#board-slot"), hud: $("#hud-slot"), controls: $("#rp-game-controls"), info: $("#info-slot") });
  wireControls();
  $("#rp-slider").max = String(R.of);
  go(R.of);
}

/** For each step, how many events had happened by its end (the events come in step order). */
function stepEnds(events, of) {
  const ends = new Array(of + 1).fill(0);
  events.forEach((e, i) => {
    if (e.step >= 0 && e.step <= of) ends[e.step] = i + 1;
  });
  for (let step = 1; step <= of; step++) ends[step] = Math.max(ends[step], ends[step - 1]);
  return ends;
}

// ---- asking the server for steps: the one shown first, then its neighbours ----
const IN_FLIGHT = 2; // requests at once
const NEAR = 3; // a queued step farther than this from the one shown is no longer wanted
const KEEP = 120; // answers kept
const answers = new Map(); // step -> Promise of {step, of, revealed, events}
const queue = [];
let inFlight = 0;

function answer(step) {
  let promise = answers.get(step);
  if (!promise) {
    promise = new Promise((resolve, reject) => queue.push({ step, resolve, reject }));
    promise.catch(() => {}); // a prefetch nobody waits for may fail quietly
    answers.set(step, promise);
    pump();
  }
  return promise;
}

function pump() {
  queue.sort((a, b) => Math.abs(a.step - R.step) - Math.abs(b.step - R.step));
  while (inFlight < IN_FLIGHT && queue.length) {
    const job = queue.shift();
    if (Math.abs(job.step - R.step) > NEAR) {
      answers.delete(job.step); // the slider moved on: ask again if it comes back
      job.reject(new Error("stale"));
      continue;
    }
    inFlight += 1;
    api
      .replayStep(tableId, job.step)
      .then(job.resolve, (err) => {
        answers.delete(job.step);
        job.reject(err);
      })
      .finally(() => {
        inFlight -= 1;
        pump();
      });
  }
  if (answers.size > KEEP) {
    for (const step of [...answers.keys()]) if (Math.abs(step - R.step) > KEEP / 2) answers.delete(step);
  }
}

function go(step, live = false) {
  step = Math.max(0, Math.min(R.of, step));
  const forward = step === R.step + 1;
  R.step = step;
  $("#rp-slider").value = String(step);
  show(step, live && forward);
  const ahead = R.timer === null ? [step + 1] : [step + 1, step + 2, step + 3];
  for (const n of [...ahead, step - 1]) if (n >= 0 && n <= R.of) answer(n);
}

async function show(step, animate) {
  let data;
  try {
    data = await answer(step);
  } catch (err) {
    if (R.step === step && err.message !== "stale") toast(`This step could not be loaded: ${err.message}`, "error");
    return;
  }
  if (R.step !== step) return; // the reader has moved on meanwhile
  draw(step, data, animate);
}

function draw(step, data, animate) {
  const view = structuredClone(data.revealed); // a module may change the view it is given
  const events = data.events || [];
  document.body.dataset.phase = view.phase ?? ""; // the game's phase, for stylesheets and tests to go by
  R.table.render(view, { me: null, canAct: false, seats: R.summary?.seats || [], replay: true });
  if (animate) for (const ev of events) R.table.play([ev], { me: ev.to });
  log.show(R.events.slice(0, R.ends[step]), "replay");
  const what = step === 0 ? "set-up" : (events[0]?.kind || "").replace(/_/g, " ");
  $("#rp-where").textContent = `Step ${step} of ${R.of}${what ? ` · ${what}` : ""}`;
  const banner = $("#turn-banner");
  const seat = view.to_move ?? view.turn;
  fill(
    banner,
    h("span", { class: "turn-dot", style: { background: seat === null || seat === undefined ? "#888" : R.table.seatColour?.(seat) || seatColour(seat) } }),
    h("span", { class: "turn-text" }, (events[0]?.text || "").replace(/^─+\s*|\s*─+$/g, "")),
  );
  banner.dataset.state = view.over ? "over" : "other";
  document.body.dataset.step = String(step);
}

function turnStarts() {
  return [...new Set(R.events.filter((e) => e.kind === "turn").map((e) => e.step))].sort((a, b) => a - b);
}

function wireControls() {
  const set = (id, name) => fill($(id), icon(name, 22));
  set("#rp-first", "first");
  set("#rp-prev", "prev");
  set("#rp-next", "next");
  set("#rp-last", "last");
  set("#rp-prevturn", "prev");
  set("#rp-nextturn", "next");
  $("#rp-prevturn").classList.add("double");
  $("#rp-nextturn").classList.add("double");
  fill($("#rp-prevturn"), icon("prev", 16), icon("prev", 16));
  fill($("#rp-nextturn"), icon("next", 16), icon("next", 16));
  setPlaying(false);
  $("#rp-first").onclick = () => go(0);
  $("#rp-last").onclick = () => go(R.of);
  $("#rp-prev").onclick = () => go(R.step - 1);
  $("#rp-next").onclick = () => go(R.step + 1, true);
  $("#rp-prevturn").onclick = () => go([...turnStarts()].reverse().find((i) => i < R.step) ?? 0);
  $("#rp-nextturn").onclick = () => go(turnStarts().find((i) => i > R.step) ?? R.of);
  $("#rp-play").onclick = () => setPlaying(R.timer === null);
  $("#rp-slider").addEventListener("input", (e) => go(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    const keys = {
      ArrowLeft: () => (e.shiftKey ? $("#rp-prevturn").click() : go(R.step - 1)),
      ArrowRight: () => (e.shiftKey ? $("#rp-nextturn").click() : go(R.step + 1, true)),
      Home: () => go(0),
      End: () => go(R.of),
      " ": () => setPlaying(R.timer === null),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}

function setPlaying(on) {
  clearInterval(R.timer);
  R.timer = null;
  if (on) {
    if (R.step >= R.of) go(0);
    R.timer = setInterval(() => {
      if (R.step >= R.of) return setPlaying(false);
      go(R.step + 1, true);
    }, 900);
  }
  fill($("#rp-play"), icon(on ? "pause" : "play", 24));
  $("#rp-play").setAttribute("aria-label", on ? "Pause" : "Play");
}

function wireSound() {
  const controls = $("#controls-slot");
  if (controls && "ResizeObserver" in window) {
    new ResizeObserver(() => document.body.style.setProperty("--controls-h", `${controls.offsetHeight}px`)).observe(controls);
  }
  const sound = $("#sound-btn");
  const show = () => {
    const on = store.pref("replaySound", false);
    sound.setAttribute("aria-pressed", String(on));
    fill(sound, icon(on ? "sound" : "mute"));
  };
  show();
  sound.addEventListener("click", () => {
    store.setPref("replaySound", !store.pref("replaySound", false));
    show();
  });
}

main().catch((err) => {
  console.error(err);
  toast(`Something went wrong: ${err.message}`, "error");
});
