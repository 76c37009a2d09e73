// The Crime Scanner's sounds, synthesised with the Web Audio API.
//
// Nothing here is a recording of the 1979 unit: each sound is built from
// oscillators, filtered noise and envelopes, loud and plain like a small
// speaker in a plastic box, and each is meant to be told from the others at
// once. Every sound function takes (ctx, out, t) and schedules its nodes to
// start at audio time t into the node `out`, returning its length in seconds.
//
// The names are the device's (sleuth/games/stop_thief/device.py): the page
// plays whatever list of names the server sends.

export const WORDS = {
  "crime-alarm": "crime alarm",
  "squeaky-floor": "squeaky floor",
  "creaking-door": "creaking door",
  "breaking-glass": "breaking glass",
  "running-feet": "running feet",
  "subway": "subway train",
  "bleep": "bleep",
  "sirens": "police sirens",
  "warning-shots": "warning shots",
  "hee-haw": "hee-haw siren",
  "raspberry": "raspberry",
  "laugh": "laugh: NA-na-na-na-NA-na!",
};

const noiseBuffers = new WeakMap();

function noiseBuffer(ctx) {
  let buf = noiseBuffers.get(ctx);
  if (!buf) {
    const n = Math.floor(ctx.sampleRate * 2);
    buf = ctx.createBuffer(1, n, ctx.sampleRate);
    const data = buf.getChannelData(0);
    let seed = 12345; // a fixed pseudo-random noise, so the sounds are the same every time
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = (seed / 0x3fffffff) - 1;
    }
    noiseBuffers.set(ctx, buf);
  }
  return buf;
}

// A tiny deterministic generator for the scattered parts (glass shards).
function prng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gain(ctx, out, value = 0) {
  const g = ctx.createGain();
  g.gain.value = value;
  g.connect(out);
  return g;
}

function osc(ctx, type, freq, out, t0, t1) {
  const o = ctx.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(freq, t0);
  o.connect(out);
  o.start(t0);
  o.stop(t1 + 0.05);
  return o;
}

function noise(ctx, out, t0, t1) {
  const s = ctx.createBufferSource();
  s.buffer = noiseBuffer(ctx);
  s.loop = true;
  s.connect(out);
  s.start(t0, Math.random() * 1.5);
  s.stop(t1 + 0.05);
  return s;
}

function filter(ctx, type, freq, q, out) {
  const f = ctx.createBiquadFilter();
  f.type = type;
  f.frequency.value = freq;
  f.Q.value = q;
  f.connect(out);
  return f;
}

// A node whose loudness a low-frequency wave swings between 1 - depth and 1.
function tremolo(ctx, out, rate, depth, t0, t1, type = "square") {
  const g = gain(ctx, out, 1 - depth / 2);
  const lfo = osc(ctx, type, rate, gain(ctx, g.gain, depth / 2), t0, t1);
  g.lfo = lfo;
  return g;
}

// An envelope: attack to `peak`, hold, then an exponential fall to silence.
function blip(g, t0, peak, attack, hold, release) {
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(peak, t0 + attack);
  g.gain.setValueAtTime(peak, t0 + attack + hold);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + attack + hold + release);
}

// --- the thief's clues -----------------------------------------------------------------------

// A burglar alarm: a fast, harsh rising whoop over a ringing bell.
function crimeAlarm(ctx, out, t) {
  const len = 1.9;
  const lp = filter(ctx, "lowpass", 3800, 0.7, out);
  const g = gain(ctx, lp);
  blip(g, t, 0.12, 0.01, len - 0.15, 0.12);
  const a = osc(ctx, "square", 700, g, t, t + len);
  const b = osc(ctx, "square", 700 * 1.5, g, t, t + len);
  const sweep = 0.16;
  for (let s = t; s < t + len; s += sweep) {
    for (const [o, f] of [[a, 700], [b, 1050]]) {
      o.frequency.setValueAtTime(f, s);
      o.frequency.linearRampToValueAtTime(f * 1.9, s + sweep * 0.92);
    }
  }
  // the bell: a bright tone chopped 18 times a second
  const bell = gain(ctx, out);
  blip(bell, t, 0.05, 0.01, len - 0.15, 0.12);
  osc(ctx, "triangle", 2600, tremolo(ctx, bell, 18, 1, t, t + len), t, t + len);
  return len;
}

// One floorboard creak: a squeal that bends up and back, rough with stick-slip.
function creak(ctx, out, t, len, from, peak, to) {
  const bp = filter(ctx, "bandpass", 1100, 1.2, out);
  const g = gain(ctx, bp);
  blip(g, t, 0.9, 0.06, len - 0.16, 0.1);
  const o = osc(ctx, "sawtooth", from, tremolo(ctx, g, 31, 0.55, t, t + len), t, t + len);
  o.frequency.linearRampToValueAtTime(peak, t + len * 0.45);
  o.frequency.linearRampToValueAtTime(to, t + len);
  osc(ctx, "sine", 23, gain(ctx, o.frequency, from * 0.08), t, t + len);
}

function squeakyFloor(ctx, out, t) {
  creak(ctx, out, t, 0.42, 520, 880, 700);
  creak(ctx, out, t + 0.62, 0.5, 600, 1000, 760);
  return 1.2;
}

// A slow door creak, a run of clicks whose rate rises and falls, then the door knocks shut.
function creakingDoor(ctx, out, t) {
  const len = 1.35;
  const body = filter(ctx, "bandpass", 950, 2.5, out);
  const ring = filter(ctx, "bandpass", 2300, 4, out);
  const g = gain(ctx, body);
  const g2 = gain(ctx, ring);
  blip(g, t, 1.4, 0.08, len - 0.25, 0.17);
  blip(g2, t, 0.5, 0.08, len - 0.25, 0.17);
  const o = osc(ctx, "sawtooth", 22, g, t, t + len);
  o.connect(g2);
  o.frequency.linearRampToValueAtTime(55, t + 0.35);
  o.frequency.linearRampToValueAtTime(38, t + 0.8);
  o.frequency.linearRampToValueAtTime(70, t + 1.15);
  o.frequency.linearRampToValueAtTime(30, t + len);
  // the knock of the door against its frame
  const k = t + len + 0.05;
  const thud = gain(ctx, out);
  blip(thud, k, 0.7, 0.004, 0.02, 0.22);
  const tone = osc(ctx, "sine", 130, thud, k, k + 0.3);
  tone.frequency.exponentialRampToValueAtTime(55, k + 0.25);
  const knock = gain(ctx, filter(ctx, "lowpass", 900, 0.7, out));
  blip(knock, k, 0.5, 0.002, 0.01, 0.08);
  noise(ctx, knock, k, k + 0.12);
  return len + 0.35;
}

// A window breaks: a crash of bright noise, then shards tinkling down.
function breakingGlass(ctx, out, t) {
  const crash = gain(ctx, filter(ctx, "highpass", 1800, 0.8, out));
  blip(crash, t, 0.5, 0.003, 0.03, 0.35);
  noise(ctx, crash, t, t + 0.45);
  const thump = gain(ctx, out);
  blip(thump, t, 0.4, 0.003, 0.01, 0.12);
  const low = osc(ctx, "triangle", 220, thump, t, t + 0.15);
  low.frequency.exponentialRampToValueAtTime(90, t + 0.14);
  const rnd = prng(48);
  let at = t + 0.08;
  for (let i = 0; i < 22; i++) {
    const f = 2600 + rnd() * 5200;
    const ping = gain(ctx, out);
    const peak = 0.16 * (1 - i / 30) * (0.5 + rnd() * 0.5);
    blip(ping, at, peak, 0.002, 0.005, 0.05 + rnd() * 0.16);
    osc(ctx, rnd() < 0.5 ? "sine" : "triangle", f, ping, at, at + 0.25);
    at += 0.015 + rnd() * 0.05 * (1 + i / 12);
  }
  return Math.max(at - t + 0.15, 1.0);
}

// Running along the street: quick heavy footsteps, left and right.
function runningFeet(ctx, out, t) {
  const steps = 9;
  const gap = 0.13;
  for (let i = 0; i < steps; i++) {
    const s = t + i * gap + (i % 2 ? 0.012 : 0);
    const pan = ctx.createStereoPanner ? ctx.createStereoPanner() : null;
    const dest = pan || out;
    if (pan) {
      pan.pan.value = i % 2 ? 0.35 : -0.35;
      pan.connect(out);
    }
    const loud = 0.75 * (i % 2 ? 0.85 : 1);
    const g = gain(ctx, dest);
    blip(g, s, loud, 0.003, 0.01, 0.09);
    const o = osc(ctx, "sine", i % 2 ? 150 : 170, g, s, s + 0.12);
    o.frequency.exponentialRampToValueAtTime(55, s + 0.1);
    const grit = gain(ctx, filter(ctx, "bandpass", 700, 1.1, dest));
    blip(grit, s, loud * 0.7, 0.002, 0.01, 0.05);
    noise(ctx, grit, s, s + 0.08);
  }
  return steps * gap + 0.12;
}

// A subway train: the horn, then wheels clattering over the rail joints as it pulls away.
function subway(ctx, out, t) {
  const len = 2.3;
  const horn = gain(ctx, filter(ctx, "lowpass", 1800, 1, out));
  blip(horn, t, 0.22, 0.03, 0.42, 0.1);
  for (const f of [311, 392, 466]) osc(ctx, "sawtooth", f, horn, t, t + 0.6);
  const rumble = gain(ctx, filter(ctx, "lowpass", 260, 1, out));
  rumble.gain.setValueAtTime(0.0001, t);
  rumble.gain.exponentialRampToValueAtTime(0.9, t + 0.5);
  rumble.gain.setValueAtTime(0.9, t + len - 0.5);
  rumble.gain.exponentialRampToValueAtTime(0.0001, t + len);
  noise(ctx, rumble, t, t + len);
  // clickety-clack: pairs of clicks, coming faster
  let at = t + 0.35;
  let period = 0.42;
  while (at < t + len - 0.15) {
    for (const dt of [0, 0.085]) {
      const c = gain(ctx, filter(ctx, "bandpass", 1900, 3, out));
      blip(c, at + dt, 0.9, 0.002, 0.004, 0.035);
      noise(ctx, c, at + dt, at + dt + 0.06);
    }
    at += period;
    period = Math.max(0.22, period * 0.9);
  }
  return len;
}

// --- the scanner's own signals --------------------------------------------------------------

function bleep(ctx, out, t) {
  const g = gain(ctx, filter(ctx, "lowpass", 5000, 0.7, out));
  blip(g, t, 0.25, 0.005, 0.11, 0.03);
  osc(ctx, "square", 1250, g, t, t + 0.16);
  return 0.2;
}

// --- the cops and the thief at an arrest ----------------------------------------------------

// Police sirens wailing in: two sirens sweeping slowly up and down, growing louder.
function sirens(ctx, out, t) {
  const len = 2.6;
  const lp = filter(ctx, "lowpass", 3200, 0.7, out);
  const g = gain(ctx, lp);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(0.12, t + 0.2);
  g.gain.linearRampToValueAtTime(0.3, t + len - 0.3);
  g.gain.exponentialRampToValueAtTime(0.0001, t + len);
  for (const [detune, lag] of [[1, 0], [1.06, 0.35]]) {
    const o = osc(ctx, "sawtooth", 520 * detune, g, t, t + len);
    const f = o.frequency;
    f.setValueAtTime(520 * detune, t + lag);
    f.linearRampToValueAtTime(1350 * detune, t + lag + 0.9);
    f.linearRampToValueAtTime(650 * detune, t + lag + 1.45);
    f.linearRampToValueAtTime(1350 * detune, t + lag + 2.2);
    f.linearRampToValueAtTime(800 * detune, t + lag + 2.6);
  }
  return len;
}

// Three warning shots: sharp cracks with a boom, fired into the air.
function warningShots(ctx, out, t) {
  const times = [0, 0.34, 0.62];
  for (const dt of times) {
    const s = t + dt;
    const lp = filter(ctx, "lowpass", 7000, 0.7, out);
    lp.frequency.setValueAtTime(7000, s);
    lp.frequency.exponentialRampToValueAtTime(500, s + 0.2);
    const crack = gain(ctx, lp);
    blip(crack, s, 0.55, 0.001, 0.012, 0.22);
    noise(ctx, crack, s, s + 0.3);
    const boom = gain(ctx, out);
    blip(boom, s, 0.5, 0.002, 0.01, 0.25);
    const o = osc(ctx, "sine", 150, boom, s, s + 0.3);
    o.frequency.exponentialRampToValueAtTime(40, s + 0.25);
  }
  return 1.0;
}

// The "hee-haw" siren: two tones taking turns as the police car drives the thief away.
function heeHaw(ctx, out, t) {
  const len = 2.8;
  const half = 0.36;
  const lp = filter(ctx, "lowpass", 2600, 0.7, out);
  const g = gain(ctx, lp);
  g.gain.setValueAtTime(0.28, t);
  g.gain.setValueAtTime(0.28, t + 0.9);
  g.gain.exponentialRampToValueAtTime(0.03, t + len);
  const o = osc(ctx, "square", 880, g, t, t + len);
  let hi = true;
  for (let s = t; s < t + len; s += half) {
    const away = 1 - 0.06 * ((s - t) / len); // a little lower as it goes: the Doppler drop
    o.frequency.setValueAtTime((hi ? 880 : 660) * away, s);
    hi = !hi;
  }
  return len;
}

// The thief's raspberry: a wet, flapping buzz that sags at the end.
function raspberry(ctx, out, t) {
  const len = 1.05;
  const lp = filter(ctx, "lowpass", 1400, 1, out);
  const g = gain(ctx, lp);
  blip(g, t, 0.75, 0.05, len - 0.25, 0.2);
  const flap = ctx.createGain();
  const lips = tremolo(ctx, g, 27, 0.9, t, t + len);
  lips.lfo.frequency.linearRampToValueAtTime(36, t + len);
  flap.connect(lips);
  const o = osc(ctx, "sawtooth", 92, flap, t, t + len);
  o.frequency.linearRampToValueAtTime(100, t + 0.3);
  o.frequency.linearRampToValueAtTime(62, t + len);
  const wet = gain(ctx, filter(ctx, "bandpass", 600, 1.5, flap), 0.5);
  noise(ctx, wet, t, t + len);
  return len;
}

// The thief's laugh, sung: NA-na-na-na-NA-na!
function laugh(ctx, out, t) {
  const notes = [
    [392, 0.3, 1], [392, 0.16, 0.6], [330, 0.16, 0.6],
    [440, 0.16, 0.6], [392, 0.32, 1], [330, 0.5, 0.75],
  ];
  let at = t;
  for (const [f, len, accent] of notes) {
    // a nasal "n" opening into an "ah": the formant filter opens as the syllable starts
    const f1 = filter(ctx, "bandpass", 300, 4, out);
    f1.frequency.setValueAtTime(300, at);
    f1.frequency.exponentialRampToValueAtTime(800, at + 0.05);
    const f2 = filter(ctx, "bandpass", 1200, 5, out);
    const g = ctx.createGain();
    g.connect(f1);
    g.connect(f2);
    blip(g, at, 1.3 * accent, 0.02, len * 0.6, len * 0.35);
    const o = osc(ctx, "sawtooth", f * 0.97, g, at, at + len);
    o.frequency.linearRampToValueAtTime(f, at + 0.04);
    osc(ctx, "square", f, gain(ctx, g, 0.2), at, at + len);
    at += len + 0.04;
  }
  return at - t + 0.1;
}

// --- the table's own signals (not the 1979 unit's: the online table adds them) ---------------

// The Tipster's whisper, heard only by the detective who paid: two breathy "psst"s and a chime.
function tip(ctx, out, t) {
  for (const [dt, f] of [[0, 3500], [0.3, 3000]]) {
    const g = gain(ctx, filter(ctx, "bandpass", f, 4, out));
    blip(g, t + dt, 0.5, 0.02, 0.12, 0.12);
    noise(ctx, g, t + dt, t + dt + 0.3);
  }
  for (const [dt, f] of [[0.1, 880], [0.25, 1175]]) {
    const g = gain(ctx, out);
    blip(g, t + dt, 0.2, 0.01, 0.1, 0.08);
    osc(ctx, "sine", f, g, t + dt, t + dt + 0.2);
  }
  return 0.7;
}

// The end of the game: a short rising fanfare.
function fanfare(ctx, out, t) {
  [523, 659, 784, 1047].forEach((f, i) => {
    const at = t + i * 0.14;
    const len = i === 3 ? 0.6 : 0.13;
    const g = gain(ctx, out);
    blip(g, at, 0.18, 0.01, len - 0.05, 0.05);
    osc(ctx, "triangle", f, g, at, at + len + 0.05);
  });
  return 1.2;
}

export const SOUNDS = {
  "crime-alarm": crimeAlarm,
  "squeaky-floor": squeakyFloor,
  "creaking-door": creakingDoor,
  "breaking-glass": breakingGlass,
  "running-feet": runningFeet,
  "subway": subway,
  "bleep": bleep,
  "sirens": sirens,
  "warning-shots": warningShots,
  "hee-haw": heeHaw,
  "raspberry": raspberry,
  "laugh": laugh,
};

// Sounds only the online table plays (the device never sends these names).
export const TABLE_SOUNDS = { tip, fanfare };

export const GAP = 0.15; // silence between two sounds of one press
