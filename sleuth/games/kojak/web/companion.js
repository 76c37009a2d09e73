// Kojak's companion screens: the informers' codes and the Solution Book, beside a real box.
// Drawn inside the shared companion shell (/static/js/companion.js); the server keeps each
// seat's codes to that seat.
import { h } from "/static/js/dom.js";

export const title = "Kojak companion";
export const about =
  "For a real Kojak board whose informer cards or Solution Book are missing: each player " +
  "taps the informer he took and reads its code on his own screen; an arrest is checked " +
  "against the book without telling the others anything when it is wrong.";

const SWATCH = { red: "#d23a2f", blue: "#2f6fd6", yellow: "#e8c21f", green: "#2e9a46" };
let pending = null; // {seat, type, building}: a choice waiting for its confirmation

export function setupFields() {
  const number = h("input", { type: "number", id: "kj-game", min: "1", max: "1000000", value: "1", inputmode: "numeric" });
  const generated = h("input", { type: "checkbox", id: "kj-generated" });
  const players = h("select", { id: "kj-players" }, [2, 3, 4].map((n) => h("option", { value: String(n), selected: n === 3 }, `${n} players`)));
  const version = h("select", { id: "kj-version" },
    h("option", { value: "fast" }, "Fast game (3 conditions a clue)"),
    h("option", { value: "advanced" }, "Advanced game (4 conditions a clue)"));
  // A box that lost its blue Contact Cards: the companion counts them (advanced game only).
  const contacts = h("input", { type: "checkbox", id: "kj-contacts", disabled: true });
  generated.addEventListener("change", () => { number.disabled = generated.checked; });
  version.addEventListener("change", () => {
    contacts.disabled = version.value !== "advanced";
    if (contacts.disabled) contacts.checked = false;
  });
  const element = h("div", {},
    h("label", {}, "Game number", number, h("span", { class: "hint" }, "1-50 as printed in the box; 51 and up are generated cases (their clue sheet is shown here)")),
    h("label", { class: "inline" }, h("span", {}, generated, " A generated case, its number drawn for us")),
    h("label", {}, "Players", players),
    h("label", {}, "Version", version),
    h("label", { class: "inline" }, h("span", {}, contacts, " Count the Contact Cards here (advanced game, a box without them)")));
  return {
    element,
    read: () => ({
      game: generated.checked ? 0 : Number(number.value),
      players: Number(players.value),
      version: version.value,
      contacts: contacts.checked,
    }),
  };
}

const nameOfBuilding = (view, id) => view.buildings.find((b) => b.id === id)?.name || id;
const swatch = (colour) => h("span", { class: "kj-swatch", style: { background: SWATCH[colour] || colour } });

function buildingButton(view, b, { disabled, data, onclick, label }) {
  return h("button", {
    type: "button", class: "btn btn-big kj-building", disabled, dataset: data, onclick,
    style: { "--building": SWATCH[b.colour] || b.colour },
  }, swatch(b.colour), label || `${b.name} (${b.colour})`);
}

function confirmBox(ctx, words, action) {
  return h("div", { class: "confirm", role: "dialog", "aria-label": "Confirm" },
    h("p", {}, words),
    h("div", { class: "confirm-buttons" },
      h("button", { type: "button", class: "btn btn-primary btn-big", id: "kj-confirm",
        onclick: async () => { pending = null; await ctx.act(action); } }, "Yes"),
      h("button", { type: "button", class: "btn btn-big", onclick: () => { pending = null; ctx.redraw(); } }, "Cancel")));
}

function resultCard(view, result) {
  if (!result) return null;
  if (result.type === "clue") {
    const b = view.buildings.find((x) => x.id === result.building);
    return h("section", { class: "secret kj-card", id: "kj-result", dataset: { code: result.code, building: result.building } },
      h("h3", {}, swatch(b.colour), ` The ${b.colour} informer, ${b.name}: game ${view.game}`),
      h("p", {}, "Code ", h("span", { class: "big-letter" }, result.code)),
      h("blockquote", {}, `“${result.statement}”`),
      h("p", {}, `Circle the ${nameOfBuilding(view, result.clears)} at the foot of your sheet: the criminal is not there.`));
  }
  if (result.type === "computer") {
    return h("section", { class: "secret", id: "kj-result", dataset: { drew: String(result.drew) } },
      h("p", {}, `The Computer Room: you draw ${result.drew} Contact Card${result.drew === 1 ? "" : "s"}; you hold ${result.contacts}.`));
  }
  if (result.right) {
    return h("section", { class: "secret", id: "kj-result", dataset: { arrest: "right" } },
      h("h3", {}, "The book agrees!"),
      h("p", {}, `${view.sheet.criminal} was hiding in the ${nameOfBuilding(view, result.building)}. You win.`));
  }
  return h("section", { class: "secret", id: "kj-result", dataset: { arrest: "wrong" } },
    h("h3", {}, "The book says no: you are out."),
    h("p", {}, `The hide-out is the ${nameOfBuilding(view, result.hideout)}. Keep it to yourself; the game goes on without you.`));
}

export function seatScreen(ctx) {
  const { view, seat } = ctx;
  const mine = view.mine;
  const me = view.players[seat];
  const playing = !view.over && !me.out;
  const parts = [];
  parts.push(resultCard(view, ctx.result));
  if (playing) {
    const took = new Set(me.taken);
    parts.push(h("section", { class: "panel" },
      h("h3", {}, "I took an informer"),
      h("p", { class: "muted" }, `Only once you have met the ${view.conditions} conditions at its building. Tap the building (its informers' colour):`),
      h("div", { class: "choice-grid" }, view.buildings.map((b) => buildingButton(view, b, {
        disabled: took.has(b.id), data: { take: b.id },
        onclick: () => { pending = { seat, type: "take", building: b.id }; ctx.redraw(); },
      }))),
      pending?.seat === seat && pending.type === "take"
        ? confirmBox(ctx, `Open the ${view.buildings.find((b) => b.id === pending.building).colour} informer's card from the ${nameOfBuilding(view, pending.building)} for game ${view.game}?`,
          { type: "take", building: pending.building })
        : null));
    if (view.counts_contacts) {
      parts.push(h("section", { class: "panel", id: "kj-contacts-panel" },
        h("h3", {}, `Contact Cards: ${me.contacts}`),
        h("p", { class: "muted" }, "Each informer taken discards one. Kojak at the Computer Room's last yellow space draws two."),
        h("button", { type: "button", class: "btn btn-big", id: "kj-computer",
          onclick: () => ctx.act({ type: "computer" }) }, "Kojak reached the Computer Room")));
    }
    const canArrest = me.taken.length >= 2;
    parts.push(h("section", { class: "panel" },
      h("h3", {}, "Make the arrest"),
      h("p", { class: "muted" }, canArrest
        ? "Both your cars are in the hide-out's parking lot: name the building and check the Solution Book."
        : "Kojak leaves Headquarters only with 2 informer cards on your notebook."),
      h("div", { class: "choice-grid" }, view.buildings.map((b) => buildingButton(view, b, {
        disabled: !canArrest, data: { arrest: b.id }, label: b.name,
        onclick: () => { pending = { seat, type: "arrest", building: b.id }; ctx.redraw(); },
      }))),
      pending?.seat === seat && pending.type === "arrest"
        ? confirmBox(ctx, `Arrest ${view.sheet.criminal} at the ${nameOfBuilding(view, pending.building)}? If the book disagrees you are out.`,
          { type: "arrest", building: pending.building })
        : null));
  } else if (me.out && mine.hideout && !ctx.result) { // a reload, or after the cover
    parts.push(h("p", { class: "secret" }, `You are out. The book said: the ${nameOfBuilding(view, mine.hideout)}. Keep it secret.`));
  }
  parts.push(h("section", { class: "panel", id: "kj-notebook" },
    h("h3", {}, "My notebook"),
    mine.clues.length
      ? h("ul", { class: "log" }, mine.clues.map((c) => h("li", { dataset: { code: c.code } },
        swatch(c.colour), ` ${nameOfBuilding(view, c.building)}: ${c.code} “${c.statement}”`)))
      : h("p", { class: "muted" }, "No informer cards yet."),
    h("p", {}, "Circled (not there): ", view.sheet.row.map((b) =>
      h("span", { class: `kj-circle${mine.cleared.includes(b) ? " on" : ""}`, dataset: { building: b } }, nameOfBuilding(view, b))))));
  return h("div", { class: "kj" }, parts);
}

export function tableScreen({ summary, nameOf }) {
  const view = summary.view;
  const status = view.over
    ? view.winner !== null
      ? `${nameOf(view.winner)} arrested ${view.sheet.criminal} at the ${nameOfBuilding(view, view.hideout)}.`
      : `Everyone is out. ${view.sheet.criminal} hid in the ${nameOfBuilding(view, view.hideout)}.`
    : view.printed
      ? `Game ${view.game}: informer cards "For Games ${view.informer_set}", the clue sheet for games ${view.sheet.pad}.`
      : `Game ${view.game}, a generated case: read its clue sheet below; the codes come from here.`;
  const line = (e) => e.event === "computer"
    ? `${nameOf(e.seat)}'s Kojak reached the Computer Room: ${e.drew} Contact Cards.`
    : e.event === "took"
    ? `${nameOf(e.seat)} took an informer at the ${nameOfBuilding(view, e.building)}.`
    : e.event === "arrested"
      ? `${nameOf(e.seat)} made the arrest at the ${nameOfBuilding(view, e.building)}: the book agrees.`
      : `${nameOf(e.seat)} tried an arrest and is out.`;
  return h("div", { class: "kj-table" },
    h("p", { id: "kj-status", dataset: { over: String(view.over) } }, status),
    h("ul", { class: "players" }, view.players.map((p) => h("li", { dataset: { seat: String(p.seat) } },
      h("strong", {}, nameOf(p.seat)),
      p.taken.map((b) => swatch(view.buildings.find((x) => x.id === b).colour)),
      h("span", { class: "muted" }, `${p.taken.length} informer card${p.taken.length === 1 ? "" : "s"}`),
      p.contacts !== null && p.contacts !== undefined
        ? h("span", { class: "muted kj-contacts", dataset: { contacts: String(p.contacts) } }, `· ${p.contacts} Contact`)
        : null,
      p.out ? h("span", { class: "tag tag-out" }, "out") : null,
      view.winner === p.seat ? h("span", { class: "tag tag-won" }, "won") : null))),
    h("details", { class: "sheet" },
      h("summary", {}, `Clue sheet: ${view.sheet.title} (games ${view.sheet.pad}), criminal ${view.sheet.criminal}`),
      h("ol", { class: "kj-statements", type: "A" }, view.sheet.statements.map((s) => h("li", {}, s.text)))),
    view.log.length ? h("ul", { class: "log", id: "kj-log" }, view.log.map((e) => h("li", {}, line(e)))) : null);
}
