// The table's player for the Crime Scanner's sounds. The sounds themselves are written once,
// in scanner/sounds.js, and the companion scanner page plays the very same ones; this module
// only owns the table's audio context and schedules sounds one after another.

import { GAP, SOUNDS, TABLE_SOUNDS } from "./scanner/sounds.js";

// The engine names the subway clue as one sound; the device plays it as two.
const PARTS = { "subway-then-street": ["subway", "running-feet"] };

let audio = null; // { ctx, master }
let bus = null; // the gain the sequence now playing goes through (cut when a new one starts)

// Names of the sounds started, in order, so tests can hear what the table played.
window.sleuthTableSounds = [];

function ensureAudio() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    try {
      const ctx = new Ctx();
      const master = ctx.createGain();
      master.gain.value = 1.4; // the scanner page's level at its default volume
      const limiter = ctx.createDynamicsCompressor();
      master.connect(limiter).connect(ctx.destination);
      audio = { ctx, master };
    } catch {
      return null;
    }
  }
  if (audio.ctx.state === "suspended") audio.ctx.resume().catch(() => {});
  return audio;
}

// Browsers start audio only after a gesture: wake it on the first one.
for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, () => ensureAudio(), { once: true, capture: true });
}

function synth(name) {
  return SOUNDS[name] || TABLE_SOUNDS[name] || null;
}

/** Stop whatever sequence is still sounding: the clue heard is the clue of the moment. */
function cutPlaying(ctx) {
  if (!bus) return;
  const old = bus;
  old.gain.setTargetAtTime(0, ctx.currentTime, 0.01);
  setTimeout(() => old.disconnect(), 100);
  bus = null;
}

/**
 * Play several sounds one after the other, cutting off any sequence still sounding;
 * returns how long they last in seconds (0 without audio).
 */
export function playSequence(names) {
  const parts = names.flatMap((name) => PARTS[name] || [name]).filter((name) => synth(name));
  window.sleuthTableSounds.push(...parts);
  const a = ensureAudio();
  if (!a || !parts.length) return 0;
  cutPlaying(a.ctx);
  bus = a.ctx.createGain();
  bus.connect(a.master);
  const start = a.ctx.currentTime + 0.03;
  let at = 0;
  for (const name of parts) {
    try {
      at += synth(name)(a.ctx, bus, start + at) + GAP;
    } catch (err) {
      console.warn("sound failed", name, err);
    }
  }
  return Math.max(0, at - GAP);
}

/** Play one named sound now; returns how long it lasts. */
export function playSound(name) {
  return playSequence([name]);
}
