// The Crime Scanner's sounds, synthesised with the Web Audio API (made here: no recordings).
// Each function schedules one sound and returns its length in seconds.

let ctx = null;
let noiseBuffer = null;

function audio() {
  if (ctx === null) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    try {
      ctx = new Ctx();
    } catch {
      return null;
    }
  }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

// Browsers start audio only after a gesture: wake it on the first one.
for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, () => audio(), { once: true, capture: true });
}

function noise(ac) {
  if (!noiseBuffer) {
    noiseBuffer = ac.createBuffer(1, ac.sampleRate * 2, ac.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  const src = ac.createBufferSource();
  src.buffer = noiseBuffer;
  src.loop = true;
  return src;
}

const masters = new WeakMap();

/** The way out: a gain into a compressor (loud enough on a phone, never clipping). */
function out(ac, level = 2.5) {
  let master = masters.get(ac);
  if (!master) {
    master = ac.createDynamicsCompressor();
    master.threshold.value = -14;
    master.knee.value = 8;
    master.ratio.value = 10;
    master.attack.value = 0.003;
    master.release.value = 0.15;
    master.connect(ac.destination);
    masters.set(ac, master);
  }
  const g = ac.createGain();
  g.gain.value = level;
  g.connect(master);
  return g;
}

/** A tone: type, frequency (or [from, to] glide), start, length, volume, into. */
function tone(ac, dest, { type = "square", f = 440, at = 0, dur = 0.2, vol = 0.3, attack = 0.01, release = 0.05, vibrato = 0 }) {
  const t0 = ac.currentTime + at;
  const osc = ac.createOscillator();
  osc.type = type;
  const [f0, f1] = Array.isArray(f) ? f : [f, f];
  osc.frequency.setValueAtTime(f0, t0);
  if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, t0 + dur);
  if (vibrato) {
    const lfo = ac.createOscillator();
    const depth = ac.createGain();
    lfo.frequency.value = vibrato;
    depth.gain.value = f0 * 0.06;
    lfo.connect(depth).connect(osc.frequency);
    lfo.start(t0);
    lfo.stop(t0 + dur + release);
  }
  const g = ac.createGain();
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(vol, t0 + attack);
  g.gain.setValueAtTime(vol, t0 + Math.max(attack, dur - release));
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur + release);
  osc.connect(g).connect(dest);
  osc.start(t0);
  osc.stop(t0 + dur + release + 0.02);
}

/** A burst of filtered noise. */
function hiss(ac, dest, { at = 0, dur = 0.1, vol = 0.4, filter = "bandpass", f = 1000, q = 1, decay = true }) {
  const t0 = ac.currentTime + at;
  const src = noise(ac);
  const bq = ac.createBiquadFilter();
  bq.type = filter;
  bq.frequency.value = f;
  bq.Q.value = q;
  const g = ac.createGain();
  g.gain.setValueAtTime(vol, t0);
  if (decay) g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  else g.gain.setValueAtTime(0.0001, t0 + dur);
  src.connect(bq).connect(g).connect(dest);
  src.start(t0, Math.random());
  src.stop(t0 + dur + 0.05);
}

const SOUNDS = {
  // A thief in the act: a ringing burglar alarm.
  "crime-alarm"(ac, d) {
    for (let i = 0; i < 10; i++) tone(ac, d, { type: "square", f: i % 2 ? 740 : 988, at: i * 0.09, dur: 0.08, vol: 0.16, release: 0.01 });
    tone(ac, d, { type: "triangle", f: 1976, at: 0, dur: 0.9, vol: 0.05, vibrato: 22 });
    return 1.0;
  },
  // A squeaking floorboard: a thin rising and falling squeal.
  "squeaky-floor"(ac, d) {
    tone(ac, d, { type: "sawtooth", f: [420, 760], at: 0, dur: 0.22, vol: 0.25, vibrato: 9 });
    tone(ac, d, { type: "sawtooth", f: [760, 520], at: 0.22, dur: 0.26, vol: 0.22, vibrato: 12 });
    return 0.6;
  },
  // A creaking door: a slow low groan made of many little clicks.
  "creaking-door"(ac, d) {
    for (let i = 0; i < 26; i++) {
      const f = 160 + 80 * Math.sin(i / 4);
      tone(ac, d, { type: "sawtooth", f, at: i * 0.035, dur: 0.03, vol: 0.12, attack: 0.002, release: 0.01 });
    }
    tone(ac, d, { type: "triangle", f: [110, 70], at: 0, dur: 0.9, vol: 0.08 });
    return 1.0;
  },
  // Breaking glass: a sharp crash, then tinkling shards.
  "breaking-glass"(ac, d) {
    hiss(ac, d, { at: 0, dur: 0.35, vol: 0.5, filter: "highpass", f: 2500 });
    for (let i = 0; i < 9; i++) {
      tone(ac, d, { type: "sine", f: 2600 + Math.random() * 3200, at: 0.05 + i * 0.06 + Math.random() * 0.03, dur: 0.05, vol: 0.09, attack: 0.002, release: 0.08 });
    }
    return 0.8;
  },
  // Running feet on the pavement: quick dull thuds.
  "running-feet"(ac, d) {
    for (let i = 0; i < 7; i++) {
      hiss(ac, d, { at: i * 0.12, dur: 0.07, vol: 0.7, filter: "lowpass", f: i % 2 ? 380 : 300, q: 3 });
      tone(ac, d, { type: "sine", f: [130, 60], at: i * 0.12, dur: 0.05, vol: 0.25 });
    }
    return 0.9;
  },
  // The subway: a train's rumble and its two-tone horn, then running feet.
  "subway-then-street"(ac, d) {
    hiss(ac, d, { at: 0, dur: 1.0, vol: 0.55, filter: "lowpass", f: 180, q: 2, decay: false });
    tone(ac, d, { type: "sawtooth", f: 311, at: 0.2, dur: 0.45, vol: 0.06 });
    tone(ac, d, { type: "sawtooth", f: 370, at: 0.2, dur: 0.45, vol: 0.06 });
    return 1.1 + SOUNDS["running-feet"](ac, delayed(ac, d, 1.1));
  },
  // The thief stayed put: a single bleep.
  bleep(ac, d) {
    tone(ac, d, { type: "square", f: 1320, dur: 0.12, vol: 0.25, release: 0.02 });
    return 0.25;
  },
  // The Tipster's whisper (only the one who paid hears it).
  tip(ac, d) {
    hiss(ac, d, { at: 0, dur: 0.25, vol: 0.25, filter: "bandpass", f: 3500, q: 4 });
    hiss(ac, d, { at: 0.3, dur: 0.3, vol: 0.25, filter: "bandpass", f: 3000, q: 4 });
    tone(ac, d, { type: "sine", f: 880, at: 0.1, dur: 0.12, vol: 0.2 });
    tone(ac, d, { type: "sine", f: 1175, at: 0.25, dur: 0.2, vol: 0.2 });
    return 0.7;
  },
  // The cops: wailing sirens, then warning shots.
  sirens(ac, d) {
    tone(ac, d, { type: "sawtooth", f: [600, 1200], at: 0, dur: 0.45, vol: 0.18 });
    tone(ac, d, { type: "sawtooth", f: [1200, 600], at: 0.45, dur: 0.45, vol: 0.18 });
    tone(ac, d, { type: "sawtooth", f: [600, 1200], at: 0.9, dur: 0.45, vol: 0.18 });
    return 1.4;
  },
  shots(ac, d) {
    for (const at of [0, 0.28]) {
      hiss(ac, d, { at, dur: 0.18, vol: 0.9, filter: "lowpass", f: 1800, q: 0.7 });
      tone(ac, d, { type: "square", f: [180, 50], at, dur: 0.1, vol: 0.25 });
    }
    return 0.6;
  },
  // Successful arrest: a "hee-haw" siren carts him away.
  "hee-haw"(ac, d) {
    for (let i = 0; i < 6; i++) tone(ac, d, { type: "square", f: i % 2 ? 587 : 784, at: i * 0.3, dur: 0.28, vol: 0.2, release: 0.02 });
    return 1.9;
  },
  // False arrest: the thief blows a raspberry.
  raspberry(ac, d) {
    tone(ac, d, { type: "sawtooth", f: [110, 85], at: 0, dur: 0.7, vol: 0.2, vibrato: 38 });
    hiss(ac, d, { at: 0, dur: 0.7, vol: 0.2, filter: "bandpass", f: 500, q: 2 });
    return 0.9;
  },
  // Unsuccessful arrest: "NA-na-na-na-NA-na!" and he escapes.
  "na-na"(ac, d) {
    const notes = [392, 330, 330, 330, 392, 330];
    const lens = [0.28, 0.16, 0.16, 0.16, 0.28, 0.4];
    let at = 0;
    notes.forEach((f, i) => {
      tone(ac, d, { type: "square", f, at, dur: lens[i] * 0.9, vol: i === 0 || i === 4 ? 0.16 : 0.1 });
      at += lens[i];
    });
    return at + 0.1;
  },
  fanfare(ac, d) {
    [523, 659, 784, 1047].forEach((f, i) => tone(ac, d, { type: "triangle", f, at: i * 0.14, dur: i === 3 ? 0.6 : 0.13, vol: 0.18 }));
    return 1.2;
  },
};

function delayed(ac, dest, seconds) {
  const node = ac.createDelay(Math.max(1, seconds + 0.1));
  node.delayTime.value = seconds;
  node.connect(dest);
  return node;
}

/** Play one named sound now; returns how long it lasts (0 if there is no audio). */
export function playSound(name) {
  const fn = SOUNDS[name];
  const ac = audio();
  if (!fn || !ac) return 0;
  try {
    return fn(ac, out(ac));
  } catch (err) {
    console.warn("sound failed", name, err);
    return 0;
  }
}

/** Play several sounds one after the other: [["sirens"], ["shots"], ["hee-haw"]]. */
export function playSequence(names) {
  const ac = audio();
  if (!ac) return 0;
  let at = 0;
  for (const name of names) {
    const fn = SOUNDS[name];
    if (!fn) continue;
    try {
      at += fn(ac, delayed(ac, out(ac), at));
    } catch (err) {
      console.warn("sound failed", name, err);
    }
  }
  return at;
}

export const SOUND_NAMES = Object.keys(SOUNDS);

/** Render one sound offline (for checks and tools): a Float32Array at 22050 Hz. */
export async function renderSound(name) {
  const fn = SOUNDS[name];
  const ac = new OfflineAudioContext(1, 22050 * 3, 22050);
  fn(ac, out(ac));
  return (await ac.startRendering()).getChannelData(0);
}
