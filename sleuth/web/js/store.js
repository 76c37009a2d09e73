// Seat tokens, kept in this browser's localStorage per table. Never in URLs.
// One record per table: {seats: {"0": token, ...}, owner: token|null, invites: {...}, game}

const KEY = "sleuth.tables.v1";

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

function writeAll(all) {
  localStorage.setItem(KEY, JSON.stringify(all));
}

export function tableRecord(id) {
  const rec = readAll()[id] || {};
  return { seats: {}, owner: null, invites: {}, game: null, ...rec };
}

export function updateTable(id, change) {
  const all = readAll();
  const rec = { seats: {}, owner: null, invites: {}, game: null, ...(all[id] || {}) };
  change(rec);
  rec.touched = Date.now();
  all[id] = rec;
  writeAll(all);
  return rec;
}

export function saveSeat(id, seat, token) {
  return updateTable(id, (rec) => {
    rec.seats[String(seat)] = token;
  });
}

export function forgetSeat(id, seat) {
  return updateTable(id, (rec) => {
    delete rec.seats[String(seat)];
  });
}

/** The seats this browser holds at a table: [[seat, token], ...] sorted by seat. */
export function heldSeats(id) {
  return Object.entries(tableRecord(id).seats)
    .map(([seat, token]) => [Number(seat), token])
    .sort((a, b) => a[0] - b[0]);
}

/** Every table this browser holds a seat or the owner token at, newest first. */
export function myTables() {
  return Object.entries(readAll())
    .filter(([, rec]) => Object.keys(rec.seats || {}).length || rec.owner)
    .sort((a, b) => (b[1].touched || 0) - (a[1].touched || 0))
    .map(([id, rec]) => ({ id, ...rec }));
}

export function forgetTable(id) {
  const all = readAll();
  delete all[id];
  writeAll(all);
}

const PREFS = "sleuth.prefs.v1";
export function pref(name, fallback) {
  try {
    const all = JSON.parse(localStorage.getItem(PREFS) || "{}");
    return name in all ? all[name] : fallback;
  } catch {
    return fallback;
  }
}
export function setPref(name, value) {
  let all = {};
  try {
    all = JSON.parse(localStorage.getItem(PREFS) || "{}");
  } catch {
    all = {};
  }
  all[name] = value;
  localStorage.setItem(PREFS, JSON.stringify(all));
}
