// The replay page (/t/{id}/replay): a finished table's events, stepped through one by one,
// with everything revealed (hands, tips, the thief's true route).
import { $, h, fill, toast, seatColour } from "./dom.js";
import { api, seatLabel } from "./api.js";
import { EventLog } from "./log.js";
import { loadGame } from "./games.js";
import { icon } from "./icons.js";
import * as store from "./store.js";

const parts = location.pathname.split("/").filter(Boolean);
const tableId = decodeURIComponent(parts[1] || "");
const R = { events: [], step: 0, table: null, mod: null, info: null, summary: null, timer: null, routes: null, options: {} };
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
  const record = data.record || data;
  const game = record.game || R.summary?.game || "stop-thief";
  R.options = record.options || {};
  R.routes = data.reveal?.routes || R.events.find((e) => e.kind === "game_over")?.data?.routes || null;
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
  const slider = $("#rp-slider");
  slider.max = String(Math.max(0, R.events.length - 1));
  go(R.events.length - 1, false);
}

function go(step, live = false) {
  step = Math.max(0, Math.min(R.events.length - 1, step));
  const forward = step === R.step + 1;
  R.step = step;
  const upto = R.events.slice(0, step + 1);
  const view = R.mod.fold(upto, { routes: R.routes, options: R.options });
  R.table.render(view, { me: null, canAct: false, seats: R.summary?.seats || [], replay: true });
  if (live && forward) R.table.play([R.events[step]], { me: R.events[step].to });
  log.show(upto, "replay");
  $("#rp-slider").value = String(step);
  const ev = R.events[step];
  $("#rp-where").textContent = `Event ${step + 1} of ${R.events.length}${ev ? ` · ${ev.kind.replace(/_/g, " ")}` : ""}`;
  const banner = $("#turn-banner");
  const seat = view.to_move ?? view.turn;
  fill(
    banner,
    h("span", { class: "turn-dot", style: { background: seat === null || seat === undefined ? "#888" : R.table.seatColour?.(seat) || seatColour(seat) } }),
    h("span", { class: "turn-text" }, (ev?.text || "").replace(/^─+\s*|\s*─+$/g, "")),
  );
  banner.dataset.state = view.over ? "over" : "other";
}

function turnStarts() {
  return R.events.map((e, i) => (e.kind === "turn" ? i : -1)).filter((i) => i >= 0);
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
  $("#rp-last").onclick = () => go(R.events.length - 1);
  $("#rp-prev").onclick = () => go(R.step - 1);
  $("#rp-next").onclick = () => go(R.step + 1, true);
  $("#rp-prevturn").onclick = () => go([...turnStarts()].reverse().find((i) => i < R.step) ?? 0);
  $("#rp-nextturn").onclick = () => go(turnStarts().find((i) => i > R.step) ?? R.events.length - 1);
  $("#rp-play").onclick = () => setPlaying(R.timer === null);
  $("#rp-slider").addEventListener("input", (e) => go(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" && e.target.type !== "range") return;
    const keys = {
      ArrowLeft: () => (e.shiftKey ? $("#rp-prevturn").click() : go(R.step - 1)),
      ArrowRight: () => (e.shiftKey ? $("#rp-nextturn").click() : go(R.step + 1, true)),
      Home: () => go(0),
      End: () => go(R.events.length - 1),
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
    if (R.step >= R.events.length - 1) go(0);
    R.timer = setInterval(() => {
      if (R.step >= R.events.length - 1) return setPlaying(false);
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
