// Sounds made on the spot with Web Audio (no sound files): one tone at a time.
let audio = null;

function context() {
  if (audio === null) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    try {
      audio = new Ctx();
    } catch {
      return null;
    }
  }
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/**
 * A tone of `freq` Hz, `at` seconds from now, fading out over `length` seconds; `to` glides the
 * pitch there (`ramp`: "linear" or "exponential"). Where the browser has no sound, nothing.
 */
export function tone(freq, at, length, { type = "square", gain = 0.05, to = null, ramp = "linear" } = {}) {
  const ac = context();
  if (!ac) return;
  try {
    const t = ac.currentTime + at;
    const osc = ac.createOscillator();
    const amp = ac.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t);
    if (to && ramp === "exponential") osc.frequency.exponentialRampToValueAtTime(to, t + length);
    else if (to) osc.frequency.linearRampToValueAtTime(to, t + length);
    amp.gain.setValueAtTime(gain, t);
    amp.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(amp).connect(ac.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
  } catch {
    // no sound here: the game goes on
  }
}
