// The Crime Scanner page: buttons in, LED display, sounds and captions out.
//
// The device itself runs on the server (sleuth/games/stop_thief/device.py,
// through sleuth/server/scanner.py): this page sends each press, in order,
// and draws what comes back. A session id in the URL and in localStorage
// lets a reload, or a restarted server, carry on with the same thief.
//
// Test hooks: window.sleuthSounds lists every sound name the page started,
// in order; window.sleuthScanner holds the session id, version, state and the
// number of presses still waiting for an answer (busy); sleuthAudioState()
// tells whether the Web Audio context runs.

import { makeLed } from "./led.js";
import { GAP, SOUNDS, WORDS } from "./sounds.js";

const STORE_SESSION = "sleuth.scanner.session";
const STORE_VOLUME = "sleuth.scanner.volume";
const KEYS = { o: "ON", f: "OFF", c: "CLUE", a: "ARREST", t: "TIP" };
const $ = (id) => document.getElementById(id);

window.sleuthSounds = [];
window.sleuthAudioState = () => (audio ? audio.ctx.state : "none");
const hook = (window.sleuthScanner = { session: null, version: 0, state: null, busy: 0 });

// --- the server ------------------------------------------------------------------------------
class Refused extends Error {
  constructor(status, data) {
    super((data && data.message) || `HTTP ${status}`);
    this.status = status;
    this.data = data || {};
  }
}

async function api(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new Refused(0, { error: "network", message: "The scanner's server cannot be reached. Is `sleuth scanner` still running?" });
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Refused(res.status, data);
  return data;
}

// --- the display -----------------------------------------------------------------------------
const led = $("led");
const showLed = makeLed(led);
let shown = { display: "   ", flashing: false };

function display(text, flashing) {
  shown = { display: text, flashing: !!flashing };
  showLed(text);
  led.classList.toggle("flashing", !!flashing);
  led.dataset.flashing = flashing ? "true" : "false";
}

function caption(names, words) {
  $("caption-names").textContent = names.length ? names.map((n) => WORDS[n] || n).join(" · ") : "no sound";
  $("caption-sound").classList.toggle("silent", !names.length);
  // "creaking door: he opens a DOOR" under the sound's name says only what it means
  let text = words || "";
  const cut = text.indexOf(": ");
  if (names.length && cut > 0 && text.slice(0, cut).includes(names[0].replace(/-/g, " "))) {
    text = text.slice(cut + 2);
  }
  $("caption-words").textContent = text;
  $("caption").dataset.caption = words || "";
  $("caption").dataset.sounds = names.join(" ");
}

function refused(message) {
  const el = $("refused");
  el.hidden = !message;
  el.textContent = message || "";
  if (message) {
    $("window").classList.remove("shake");
    void $("window").offsetWidth; // restart the animation
    $("window").classList.add("shake");
  }
}

// --- sound -------------------------------------------------------------------------------------
let audio = null; // { ctx, master }
let playback = null; // the sounds and display changes of the latest press, still to come

function volume() {
  const v = Number(localStorage.getItem(STORE_VOLUME));
  return Number.isFinite(v) && localStorage.getItem(STORE_VOLUME) !== null ? v : 70;
}

function ensureAudio() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    const ctx = new Ctx();
    const master = ctx.createGain();
    const limiter = ctx.createDynamicsCompressor();
    master.connect(limiter);
    limiter.connect(ctx.destination);
    audio = { ctx, master };
    applyVolume();
  }
  if (audio.ctx.state === "suspended") audio.ctx.resume().catch(() => {});
  return audio;
}

function applyVolume() {
  const v = volume();
  if (audio) audio.master.gain.value = Math.pow(v / 100, 2) * 1.4;
  $("volume-mini").textContent = v ? `volume ${v}%` : "sound off (captions only)";
}

function stopPlayback() {
  if (!playback) return;
  playback.timers.forEach(clearTimeout);
  if (playback.bus) {
    const { bus, ctx } = playback;
    bus.gain.cancelScheduledValues(ctx.currentTime);
    bus.gain.setTargetAtTime(0, ctx.currentTime, 0.01);
    setTimeout(() => bus.disconnect(), 100);
  }
  $("speaker").classList.remove("sounding");
  playback = null;
}

// Play a press's frames: each shows its display and plays its sounds, one after another.
function play(frames) {
  stopPlayback();
  const a = ensureAudio();
  const pb = (playback = { timers: [], bus: null, ctx: a && a.ctx });
  if (a) {
    pb.bus = a.ctx.createGain();
    pb.bus.connect(a.master);
  }
  const start = a ? a.ctx.currentTime + 0.03 : 0;
  let at = 0; // seconds from now
  const later = (seconds, fn) => pb.timers.push(setTimeout(fn, Math.max(0, seconds * 1000)));
  frames.forEach((frame, i) => {
    const show = () => {
      display(frame.display, frame.flashing);
      caption(frame.sound, frame.caption);
    };
    if (i === 0) show();
    else later(at, show);
    for (const name of frame.sound) {
      const synth = SOUNDS[name];
      let len = 1;
      if (synth && a) {
        try {
          len = synth(a.ctx, pb.bus, start + at);
        } catch (err) {
          console.error(`sound ${name}:`, err);
        }
      }
      window.sleuthSounds.push(name);
      later(at, () => $("speaker").classList.add("sounding"));
      at += len + GAP;
      later(at - GAP, () => $("speaker").classList.remove("sounding"));
    }
    if (i < frames.length - 1) at += 0.35;
  });
  later(at, () => {
    if (playback === pb) playback = null;
  });
}

// --- the session ---------------------------------------------------------------------------------
let session = null; // the server's summary: id, seed (only if chosen), odds, version, state

// A drawn seed stays on the server (it is the thief's whole route); a chosen one is shown.
function seedWords(summary) {
  return summary.seed === null || summary.seed === undefined ? "secret seed" : `seed ${summary.seed}`;
}
let queue = Promise.resolve();
let tipAccepted = false; // did the server take the TIP this finger (or key) is holding?

function remember(id) {
  localStorage.setItem(STORE_SESSION, id);
  const url = new URL(location.href);
  for (const k of ["seed", "still", "escape", "six", "new"]) url.searchParams.delete(k);
  url.searchParams.set("session", id);
  history.replaceState(null, "", url);
}

function adopt(summary) {
  session = summary;
  hook.session = summary.id;
  hook.version = summary.version;
  hook.state = summary.state;
  remember(summary.id);
  renderFacts();
}

function setState(state, version) {
  session.state = state;
  session.version = version;
  hook.state = state;
  hook.version = version;
  document.body.dataset.mode = state.mode;
  document.body.dataset.atLarge = state.at_large ? "true" : "false";
  $("device").classList.toggle("powered", state.mode !== "off");
  renderFacts();
}

function renderFacts() {
  if (!session) return;
  const o = session.odds;
  const pct = (x) => `${Math.round(x * 1000) / 10}%`;
  $("this-scanner").textContent =
    `${seedWords(session).replace(/^s/, "S")} · still ${pct(o.still)} · escape ${pct(o.escape)} · six-move escape ${pct(o.six)} · ` +
    `${session.version} press${session.version === 1 ? "" : "es"}`;
  $("session-line").textContent = `Scanner ${session.id} · ${seedWords(session)}`;
}

// Send one press after every earlier press has been answered.
function send(button) {
  hook.busy++;
  queue = queue.then(() => doSend(button)).finally(() => hook.busy--);
  return queue;
}

async function doSend(button) {
  if (!session) return;
  if (button === "TIP_RELEASE") {
    if (!tipAccepted) return; // the TIP itself was refused: nothing to let go of
    tipAccepted = false;
  }
  try {
    const answer = await api("POST", `/api/scanner/sessions/${session.id}/presses`, { button });
    if (button === "TIP") tipAccepted = true;
    refused("");
    setState(answer.state, answer.version);
    const r = answer.result;
    const frames = r.frames || [{ display: r.display, flashing: r.flashing, sound: r.sound, caption: r.caption }];
    play(frames);
    afterResult(r);
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    if (err.data.state) setState(err.data.state, err.data.version);
    refused(err.message);
    if (err.status === 404) await startNew({}, "That scanner is gone from the server, so a new one was started.");
  }
}

function afterResult(r) {
  const after = $("after-arrest");
  if (after) after.remove();
  if (r.outcome === "successful" && r.mode === "game") {
    const p = document.createElement("p");
    p.id = "after-arrest";
    p.className = "after";
    const b = document.createElement("button");
    b.textContent = "Show his route on the board";
    b.addEventListener("click", () => openReveal(false));
    p.append("Caught! Press ON for the next thief. ", b);
    $("caption").appendChild(p);
  }
}

async function startNew(settings, note) {
  const summary = await api("POST", "/api/scanner/sessions", settings);
  stopPlayback();
  adopt(summary);
  setState(summary.state, summary.version);
  display(summary.state.display, summary.state.flashing);
  caption([], note || `A new scanner (${seedWords(summary)}). Press ON, then ON again to start the game.`);
  afterResult({});
  return summary;
}

async function resume(id) {
  const summary = await api("GET", `/api/scanner/sessions/${id}`);
  adopt(summary);
  setState(summary.state, summary.version);
  display(summary.state.display, summary.state.flashing);
  const last = summary.last;
  if (last) caption(last.sound, last.caption);
  else caption([], "Press ON to switch the scanner on (ON again starts the game).");
  if (summary.state.tip_held) {
    tipAccepted = true; // nobody is holding TIP after a reload: let it go
    send("TIP_RELEASE");
  }
}

async function boot() {
  const params = new URLSearchParams(location.search);
  const wanted = ["seed", "still", "escape", "six"].filter((k) => params.has(k));
  try {
    if (params.get("session")) {
      await resume(params.get("session"));
    } else if (wanted.length || params.has("new")) {
      const body = {};
      for (const k of wanted) body[k] = Number(params.get(k));
      await startNew(body);
    } else if (localStorage.getItem(STORE_SESSION)) {
      await resume(localStorage.getItem(STORE_SESSION));
    } else {
      await startNew({});
    }
  } catch (err) {
    if (err instanceof Refused && err.status === 404) {
      await startNew({}, "That scanner was not found, so a new one was started.");
    } else {
      refused(err.message);
      return;
    }
  }
  document.body.dataset.ready = "true";
}

// --- confirmations -------------------------------------------------------------------------------
function confirmBox(text, yes = "OK") {
  const dlg = $("confirm");
  $("confirm-text").textContent = text;
  $("confirm-yes").textContent = yes;
  dlg.returnValue = "";
  dlg.showModal();
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "yes"), { once: true });
  });
}

async function pressOff() {
  if (session && session.state.at_large) {
    const ok = await confirmBox("Switch the scanner off? This thief is lost for good and the memory is cleared.", "Switch off");
    if (!ok) return;
  }
  send("OFF");
}

function press(button) {
  ensureAudio();
  if (button === "OFF") return pressOff();
  return send(button);
}

// --- the buttons -----------------------------------------------------------------------------
function holdTip(down) {
  const key = document.querySelector('[data-button="TIP"]');
  if (down) {
    if (key.classList.contains("held")) return;
    key.classList.add("held");
    ensureAudio();
    send("TIP");
  } else {
    if (!key.classList.contains("held")) return;
    key.classList.remove("held");
    send("TIP_RELEASE");
  }
}

for (const key of document.querySelectorAll(".key")) {
  const button = key.dataset.button;
  key.addEventListener("contextmenu", (e) => e.preventDefault());
  if (button === "TIP") {
    key.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      if (key.setPointerCapture) {
        try {
          key.setPointerCapture(e.pointerId);
        } catch {
          /* a synthetic pointer */
        }
      }
      holdTip(true);
    });
    for (const type of ["pointerup", "pointercancel", "lostpointercapture"]) {
      key.addEventListener(type, () => holdTip(false));
    }
    key.addEventListener("keydown", (e) => {
      if ((e.key === " " || e.key === "Enter") && !e.repeat) {
        e.preventDefault();
        holdTip(true);
      }
    });
    key.addEventListener("keyup", (e) => {
      if (e.key === " " || e.key === "Enter") holdTip(false);
    });
    key.addEventListener("click", (e) => e.preventDefault());
    continue;
  }
  key.addEventListener("pointerdown", () => key.classList.add("down"));
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
    key.addEventListener(type, () => key.classList.remove("down"));
  }
  key.addEventListener("click", () => press(button));
}

function flashKey(button) {
  const key = document.querySelector(`[data-button="${button}"]`);
  if (!key) return;
  key.classList.add("down");
  setTimeout(() => key.classList.remove("down"), 140);
}

function typing(e) {
  const t = e.target;
  return t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA");
}

window.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || typing(e) || document.querySelector("dialog[open]")) return;
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (k === "t") {
    e.preventDefault();
    if (!e.repeat) holdTip(true);
    return;
  }
  if (e.repeat) return;
  const button = KEYS[k] || (/^[0-9]$/.test(k) ? k : null);
  if (!button) return;
  if (e.target && e.target.classList && e.target.classList.contains("key") && (k === " " || k === "Enter")) return;
  e.preventDefault();
  flashKey(button);
  press(button);
});

window.addEventListener("keyup", (e) => {
  if ((e.key === "t" || e.key === "T") && !typing(e)) holdTip(false);
});
window.addEventListener("blur", () => holdTip(false));
document.addEventListener("visibilitychange", () => {
  if (document.hidden) holdTip(false);
});

// --- settings --------------------------------------------------------------------------------
const DEFAULTS = { still: 25, escape: 25, six: 50 };

function fillNewScanner(useCurrent) {
  const o = useCurrent && session ? session.odds : { still: 0.25, escape: 0.25, six: 0.5 };
  $("new-seed").value = "";
  $("new-still").value = Math.round(o.still * 100);
  $("new-escape").value = Math.round(o.escape * 100);
  $("new-six").value = Math.round(o.six * 100);
}

$("open-settings").addEventListener("click", () => {
  fillNewScanner(true);
  $("volume").value = volume();
  $("volume-out").textContent = `${volume()}%`;
  renderFacts();
  $("copied").textContent = "";
  $("settings").showModal();
});

$("volume").addEventListener("input", () => {
  localStorage.setItem(STORE_VOLUME, $("volume").value);
  $("volume-out").textContent = `${$("volume").value}%`;
  applyVolume();
});

const testName = $("test-sound-name");
for (const [name, words] of Object.entries(WORDS)) {
  const opt = document.createElement("option");
  opt.value = name;
  opt.textContent = words;
  testName.appendChild(opt);
}
$("test-sound").addEventListener("click", () => {
  const name = testName.value;
  play([{ display: shown.display, flashing: shown.flashing, sound: [name], caption: `sound test: ${WORDS[name]}` }]);
});

$("defaults").addEventListener("click", () => {
  $("new-still").value = DEFAULTS.still;
  $("new-escape").value = DEFAULTS.escape;
  $("new-six").value = DEFAULTS.six;
});

$("copy-link").addEventListener("click", async () => {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    $("copied").textContent = "Copied.";
  } catch {
    $("copied").textContent = link;
  }
});

$("new-scanner").addEventListener("click", async () => {
  const body = {};
  const seed = $("new-seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  for (const k of ["still", "escape", "six"]) {
    const v = Number($(`new-${k}`).value);
    if (!Number.isFinite(v) || v < 0 || v > 100) {
      $(`new-${k}`).focus();
      return;
    }
    body[k] = v / 100;
  }
  $("settings").close();
  if (session && session.state.at_large) {
    const ok = await confirmBox("Start a new scanner? The thief at large in this one is abandoned.", "Start new");
    if (!ok) return;
  }
  try {
    await startNew(body);
  } catch (err) {
    refused(err.message);
  }
});

$("settings-reveal").addEventListener("click", () => {
  $("settings").close();
  openReveal(true);
});

// --- the reveal ------------------------------------------------------------------------------
let revealed = null;

async function openReveal(ask) {
  if (!session) return;
  if (ask && session.state.at_large) {
    const ok = await confirmBox(
      "A thief is still at large. Show his real route and where he is now? That spoils this thief for everyone.",
      "Show me",
    );
    if (!ok) return;
  }
  try {
    revealed = await api("GET", `/api/scanner/sessions/${session.id}/reveal`);
  } catch (err) {
    refused(err.message);
    return;
  }
  const select = $("reveal-thief");
  select.replaceChildren();
  for (const t of revealed.thieves) {
    const opt = document.createElement("option");
    opt.value = t.number;
    opt.textContent = `${t.number} (${t.status})`;
    select.appendChild(opt);
  }
  if (revealed.thieves.length) select.value = revealed.thieves.length;
  showThief();
  $("reveal").showModal();
}

function showThief() {
  const n = Number($("reveal-thief").value);
  const t = revealed && revealed.thieves.find((x) => x.number === n);
  const img = $("reveal-board");
  if (!t) {
    $("reveal-status").textContent = "";
    $("reveal-route").textContent = "No thief yet: press ON twice to start a game.";
    img.src = `/api/scanner/sessions/${session.id}/board.svg`;
    return;
  }
  const where = t.status === "at large" ? `at large on ${t.route[t.route.length - 1]}` : t.status;
  $("reveal-status").textContent = `${where} · ${t.crimes} crime${t.crimes === 1 ? "" : "s"}`;
  $("reveal-route").textContent = t.route.map((code, i) => `${code} ${t.clues[i]}`).join(" → ");
  img.src = `/api/scanner/sessions/${session.id}/board.svg?thief=${n}&v=${session.version}`;
}

$("reveal-thief").addEventListener("change", showThief);
$("reveal-close").addEventListener("click", () => $("reveal").close());
$("open-reveal").addEventListener("click", () => openReveal(true));
for (const dlg of document.querySelectorAll("dialog")) {
  dlg.addEventListener("click", (e) => {
    if (e.target === dlg) dlg.close(); // a click on the backdrop closes it
  });
}

applyVolume();
display("   ", false);
boot();
