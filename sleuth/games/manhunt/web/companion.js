// Manhunt's companion screens: the Computer and the Clue Scanner, beside a real board.
// Drawn inside the shared companion shell (/static/js/companion.js); the server keeps the
// Scanner Card, and each seat's probes, to itself and that seat.
import { h } from "/static/js/dom.js";

export const title = "Manhunt companion";
export const about =
  "For a real Manhunt board whose Computer or Clue Scanner is gone: one lever turns the " +
  "three dials for everyone to read; the Scanner Card is drawn in secret, each player " +
  "probes a row on his own screen, and an accusation is checked against the card.";

const LETTERS = ["A", "B", "C", "D"];
const SITUATIONS = [
  ["move", "Moving", "NUMBERED"],
  ["destination", "At a destination", "ON LINE - OFF LINE"],
  ["meet", "Two cars meet", "BROADCAST - RECEIVE"],
];
let pending = null; // {seat, words, action}: a choice waiting for its confirmation
let situation = "move";
// "seat:select id" -> the value chosen, kept when the screen is drawn again (per seat: on a
// shared phone the next player must not find the last one's suspect chosen).
const chosen = {};
function keep(seat, select) {
  const key = `${seat}:${select.id}`;
  if (chosen[key] !== undefined) select.value = chosen[key];
  select.addEventListener("change", () => { chosen[key] = select.value; });
  return select;
}

export function setupFields() {
  const crime = h("select", { id: "mh-crime" },
    h("option", { value: "robbery" }, "Robbery"), h("option", { value: "murder" }, "Murder"),
    h("option", { value: "swindle" }, "Swindle"));
  const players = h("select", { id: "mh-players" }, [2, 3, 4].map((n) => h("option", { value: String(n), selected: n === 3 }, `${n} players (or teams)`)));
  const card = h("select", { id: "mh-card" }, h("option", { value: "0" }, "Draw one in secret"),
    Array.from({ length: 16 }, (_, i) => h("option", { value: String(i + 1) }, `Card #${i + 1}${i === 0 ? " (Sample)" : ""}: whoever picks it could know the culprit`)));
  const caseSet = h("input", { type: "number", id: "mh-case-set", min: "0", value: "0", inputmode: "numeric" });
  const element = h("div", {},
    h("label", {}, "Crime", crime, h("span", { class: "hint" }, "Agreed before play: its Read Out and Suspects are used")),
    h("label", {}, "Players", players, h("span", { class: "hint" }, "Partners share one seat, as they share a Handbook")),
    h("label", {}, "Scanner Card", card),
    h("label", {}, "Case set", caseSet, h("span", { class: "hint" }, "0: the printed 16 cards; another number: a generated set (print it with sleuth print manhunt --case-set N)")));
  return {
    element,
    read: () => ({ crime: crime.value, players: Number(players.value), card: Number(card.value), case_set: Number(caseSet.value) }),
  };
}

function confirmBox(ctx) {
  return h("div", { class: "confirm", role: "dialog", "aria-label": "Confirm" },
    h("p", {}, pending.words),
    h("div", { class: "confirm-buttons" },
      h("button", { type: "button", class: "btn btn-primary btn-big", id: "mh-confirm",
        onclick: async () => { const action = pending.action; pending = null; await ctx.act(action); } }, "Yes"),
      h("button", { type: "button", class: "btn btn-big", onclick: () => { pending = null; ctx.redraw(); } }, "Cancel")));
}
const ask = (ctx, words, action) => { pending = { seat: ctx.seat, words, action }; ctx.redraw(); };
const asking = (ctx, kind) => (pending?.seat === ctx.seat && pending.action.type === kind ? confirmBox(ctx) : null);

/** The three dials as the last pull left them, the one its situation reads lit. */
export function dials(view) {
  const spin = view.last_spin;
  const lit = spin ? view.readings[spin.reading] : null;
  const dial = (name, colour, value) => h("div", { class: `mh-dial mh-${colour}${lit === name ? " lit" : ""}`, dataset: { dial: name } },
    h("span", { class: "mh-dial-name" }, name), h("span", { class: "mh-dial-value" }, spin ? String(value) : "·"));
  return h("div", { class: "mh-dials", id: "mh-dials", dataset: { reading: spin ? spin.reading : "" } },
    dial("NUMBERED", "orange", spin?.number), dial("ON LINE - OFF LINE", "yellow", spin?.line),
    dial("BROADCAST - RECEIVE", "red", spin?.signal));
}

function holes(hole) {
  return h("div", { class: "mh-holes", "aria-label": `punched at ${hole}` }, LETTERS.map((x) =>
    h("span", { class: `mh-hole${x === hole ? " punched" : ""}` }, h("b", {}, x), x === hole ? "" : h("i", { class: "mh-dot" }))));
}

function resultCard(view, result, nameOf) {
  if (!result || result.type === "spin") return null;
  if (result.type === "probe") {
    return h("section", { class: "secret", id: "mh-result", dataset: { row: String(result.row), hole: result.hole } },
      h("h3", {}, `${result.place}: ${result.topic}`), holes(result.hole),
      h("p", {}, "Punched at ", h("span", { class: "big-letter" }, result.hole), `: ${result.clue}`));
  }
  if (result.type === "show") {
    return h("section", { class: "secret", id: "mh-result", dataset: { shown: String(result.row) } },
      h("p", {}, result.written ? `${nameOf(result.to)} now has your entry ${result.row}.` : `Nothing is written under ${result.row}: ${nameOf(result.to)}'s request is used up.`));
  }
  if (result.right) {
    return h("section", { class: "secret", id: "mh-result", dataset: { accused: "right" } },
      h("h3", {}, "The card agrees!"), h("p", {}, `${result.suspect} is the culprit. You win.`));
  }
  return h("section", { class: "secret", id: "mh-result", dataset: { accused: "wrong" } },
    h("h3", {}, "The card names someone else: you are out."),
    h("p", {}, `The card reads ${result.culprit.name} (${result.culprit.number}). Keep it, and whom you named, to yourself.`));
}

export function seatScreen(ctx) {
  const { view, seat } = ctx;
  const sheet = view.mine.sheet;
  const playing = !view.over && !view.mine.out;
  const parts = [resultCard(view, ctx.result, ctx.nameOf)];
  if (playing) {
    parts.push(h("section", { class: "panel" }, h("h3", {}, "The Computer"), dials(view),
      h("div", { class: "mh-situations", role: "radiogroup", "aria-label": "Which dial counts" }, SITUATIONS.map(([key, label, dial]) =>
        h("button", { type: "button", class: `btn btn-small${situation === key ? " on" : ""}`, role: "radio", "aria-checked": String(situation === key),
          dataset: { situation: key }, onclick: () => { situation = key; ctx.redraw(); } }, `${label}: ${dial}`))),
      h("button", { type: "button", class: "btn btn-primary btn-huge mh-lever", id: "mh-lever",
        onclick: () => ctx.act({ type: "spin", reading: situation }) }, "Pull the lever")));
    const done = new Set(sheet.rows.filter((r) => r.hole).map((r) => r.row));
    parts.push(h("section", { class: "panel" }, h("h3", {}, "The Clue Scanner"),
      h("p", { class: "muted" }, "ON LINE at a location: probe its row. Only you see the result."),
      h("div", { class: "choice-grid" }, sheet.rows.map((r) => h("button", {
        type: "button", class: "btn", disabled: done.has(r.row), dataset: { probe: String(r.row) },
        onclick: () => ask(ctx, `Probe the ${view.places[r.row]} row (${r.topic})?`, { type: "probe", row: r.row }),
      }, `${r.row}. ${view.places[r.row]}`))), asking(ctx, "probe")));
  }
  parts.push(h("section", { class: "panel", id: "mh-sheet" }, h("h3", {}, "My Clue Sheet"),
    h("table", { class: "mh-rows" }, sheet.rows.map((r) => h("tr", { dataset: { row: String(r.row), hole: r.hole || "" } },
      h("td", {}, String(r.row)), h("td", {}, r.topic), h("td", { class: "mono" }, r.flap), h("td", {}, r.clue || "")))),
    h("p", {}, `Suspects left: ${sheet.remaining.length}`),
    h("p", { class: "mh-remaining", id: "mh-remaining" }, sheet.suspects.filter((s) => !s.crossed).map((s) => `${s.number} ${s.name}`).join(" · "))));
  if (playing) {
    const others = view.players.filter((p) => p.seat !== seat);
    const row = keep(seat, h("select", { id: "mh-show-row", "aria-label": "Entry" }, [3, 4, 5, 6, 7, 8].map((n) => h("option", { value: String(n) }, `${n}. ${view.places[n]}`))));
    const to = keep(seat, h("select", { id: "mh-show-to", "aria-label": "To" }, others.map((p) => h("option", { value: String(p.seat) }, ctx.nameOf(p.seat)))));
    parts.push(h("section", { class: "panel" }, h("h3", {}, "An exchange"),
      h("p", { class: "muted" }, "Asked for one of your entries 3-8: show it to that player only."),
      h("div", { class: "mh-inline" }, row, to, h("button", { type: "button", class: "btn", id: "mh-show",
        onclick: () => ask(ctx, `Show your entry ${row.value} to ${ctx.nameOf(Number(to.value))}?`, { type: "show", row: Number(row.value), to: Number(to.value) }) }, "Show")),
      asking(ctx, "show")));
    const who = keep(seat, h("select", { id: "mh-suspect", "aria-label": "Suspect" }, view.crime.suspects.map((s) => h("option", { value: s.number }, `${s.number} ${s.name}`))));
    parts.push(h("section", { class: "panel" }, h("h3", {}, "Accuse"),
      h("p", { class: "muted" }, "Write the name on the back of your Clue Sheet, then check the card. Wrong: you are out."),
      h("div", { class: "mh-inline" }, who, h("button", { type: "button", class: "btn btn-primary", id: "mh-accuse",
        onclick: () => ask(ctx, `Accuse ${who.selectedOptions[0].textContent}? If the card names someone else you are out.`, { type: "accuse", suspect: who.value }) }, "Accuse")),
      asking(ctx, "accuse")));
  } else if (view.mine.out && view.mine.culprit && !ctx.result) { // a reload, or after the cover
    parts.push(h("p", { class: "secret" }, `You are out. The card read ${view.mine.culprit.name}: keep it secret.`));
  }
  return h("div", { class: "mh" }, parts);
}

export function tableScreen({ summary, nameOf }) {
  const view = summary.view;
  const status = view.over
    ? view.winner !== null
      ? `${nameOf(view.winner)} named the culprit: ${view.culprit.name} (${view.culprit.number}), Scanner Card #${view.card}.`
      : `Everyone is out. Card #${view.card} named ${view.culprit.name} (${view.culprit.number}).`
    : `${view.crime.name}: ${view.case_set ? `generated case set ${view.case_set}` : "the printed Scanner Cards"}, one in the scanner.`;
  const line = (e) => {
    if (e.event === "spin") return `${nameOf(e.seat)} pulled the lever: ${e.reading === "move" ? e.number : e.reading === "destination" ? e.line : e.signal} (${view.readings[e.reading]}).`;
    if (e.event === "probe") return `${nameOf(e.seat)} probed the ${view.places[e.row]} row.`;
    if (e.event === "show") return `${nameOf(e.seat)} showed entry ${e.row} to ${nameOf(e.to)}.`;
    if (e.event === "solved") return `${nameOf(e.seat)} accused ${e.suspect}: the card agrees.`;
    return `${nameOf(e.seat)} accused and is out.`;
  };
  return h("div", { class: "mh-table" },
    h("p", { id: "mh-status", dataset: { over: String(view.over) } }, status),
    h("h3", {}, "The Computer"), dials(view),
    h("ul", { class: "players" }, view.players.map((p) => h("li", { dataset: { seat: String(p.seat) } },
      h("strong", {}, nameOf(p.seat)), h("span", { class: "muted" }, `rows ${p.rows.join(", ") || "none yet"}`),
      p.out ? h("span", { class: "tag tag-out" }, "out") : null,
      view.winner === p.seat ? h("span", { class: "tag tag-won" }, "won") : null))),
    h("details", { class: "sheet" }, h("summary", {}, `Read Out: ${view.crime.name}`),
      h("table", { class: "mh-readout" }, h("tr", {}, h("th", {}, ""), h("th", {}, ""), LETTERS.map((x) => h("th", {}, x))),
        view.crime.readout.map((r) => h("tr", {}, h("td", {}, String(r.row)), h("td", {}, r.topic), r.clues.map((c) => h("td", {}, c)))))),
    h("details", { class: "sheet" }, h("summary", {}, `Suspects (${view.crime.suspects.length})`),
      h("ul", { class: "log" }, view.crime.suspects.map((s) => h("li", {}, `${s.number} ${s.name}: ${s.clues.join(", ")}`)))),
    view.log.length ? h("ul", { class: "log", id: "mh-log" }, view.log.slice(-12).map((e) => h("li", {}, line(e)))) : null);
}
