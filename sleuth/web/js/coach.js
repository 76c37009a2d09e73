// A guided first game (docs/server.md, "Tutorial"): starting one from the lobby or a table's
// help, and the coach panel of the learner's seat. The server works out everything the coach
// says from the game's history and sends it beside the learner's view only; this module just
// shows it and points at the suggested action: its button, and the squares the step lights.
import { h, fill, actionKey } from "./dom.js";
import { api } from "./api.js";
import * as store from "./store.js";

/** Set up a tutorial table, take its learner's seat in this browser, and go there. */
export async function startTutorial(game) {
  const made = await api.tutorial(game);
  store.updateTable(made.id, (rec) => {
    rec.owner = made.owner_token || null;
    rec.game = game;
    rec.tutorial = true;
  });
  const invite = made.seats?.find((s) => s.seat === made.learner)?.invite;
  const got = await api.join(made.id, { seat: made.learner, ...(invite ? { invite } : {}) });
  store.saveSeat(made.id, got.seat, got.token);
  location.assign(`/t/${encodeURIComponent(made.id)}`);
}

export class CoachPanel {
  /** `slot`: the section the panel fills; `area`: where the buttons and the board live. */
  constructor(slot, area, { game }) {
    this.slot = slot;
    this.area = area;
    this.game = game;
    this.advice = null;
    this.said = "";
    this.nudged = null; // the coach's answer to an action it refused, until the step changes
    this.folded = false; // on a phone the panel folds to one line over the actions, until the step changes
    // On a phone the panel is fixed above the actions: the page keeps room for it, and the chat
    // button stands above it (sleuth.css, chat.css).
    if ("ResizeObserver" in window) {
      new ResizeObserver(() => document.body.style.setProperty("--coach-h", `${slot.offsetHeight}px`)).observe(slot);
    }
    // A game module redraws its controls on its own (an arrest mode opens a picker): point again.
    this.watch = new MutationObserver(() => this.point());
    this.watch.observe(area, { childList: true, subtree: true });
  }

  show(advice) {
    if (advice?.words !== this.advice?.words || advice?.step !== this.advice?.step) {
      this.nudged = null;
      this.folded = false; // a new step is read in full; the learner may fold it again
    }
    this.advice = advice || null;
    this.slot.hidden = !advice;
    document.body.classList.toggle("is-tutorial", Boolean(advice));
    if (!advice) {
      this.point();
      return;
    }
    const guide = advice.guide
      ? h("a", { class: "coach-guide", href: `/games/${encodeURIComponent(this.game)}/rules#${encodeURIComponent(advice.guide.id)}`, target: "_blank", rel: "noopener" }, `Why: “${advice.guide.title}” in How to play`)
      : null;
    const paragraphs = (advice.words || "").split(/\n\n+/).filter(Boolean);
    fill(
      this.slot,
      h(
        "div",
        { class: `coach${this.folded ? " is-folded" : ""}`, dataset: { state: advice.state, step: String(advice.step) } },
        h(
          "div",
          { class: "coach-head" },
          h("span", { class: "coach-badge", "aria-hidden": "true" }, "Coach"),
          h("b", { class: "coach-title" }, advice.title),
          h("span", { class: "coach-step" }, advice.state === "finished" ? "done" : `step ${advice.step} of ${advice.steps}`),
          // Shown on phones only (sleuth.css): folded, the panel is one line and the board shows.
          h("button", { type: "button", class: "coach-fold", "aria-expanded": String(!this.folded), "aria-controls": "coach-words", onclick: () => this.fold(!this.folded) }, this.folded ? "Show" : "Fold"),
        ),
        this.nudged ? h("p", { class: "coach-nudge", id: "coach-nudge", role: "alert" }, this.nudged) : advice.note ? h("p", { class: "coach-note", id: "coach-note" }, advice.note) : null,
        h("div", { class: "coach-words", id: "coach-words" }, paragraphs.map((p) => h("p", {}, unbroken(p)))),
        guide,
      ),
    );
    // Read a new step out once (the panel's live region would repeat it on every redraw).
    const said = `${advice.note || ""} ${advice.words || ""}`;
    if (said !== this.said) {
      this.said = said;
      const live = document.getElementById("coach-live");
      if (live) live.textContent = said.trim();
    }
    this.point();
  }

  /** The server refused an action off the lesson: say the coach's reason in the panel. */
  nudge(words) {
    this.nudged = words;
    this.folded = false;
    this.show(this.advice);
  }

  /** Fold the panel to one line (a phone's board needs the room) or open it again. */
  fold(folded) {
    this.folded = folded;
    this.show(this.advice);
    this.slot.querySelector(".coach-fold")?.focus({ preventScroll: true });
  }

  /** Light the suggested action's button and the squares the step names (and unlight the rest). */
  point() {
    this.watch.disconnect(); // marking changes classes only, but never wake ourselves
    try {
      this.area.querySelectorAll(".coach-mark").forEach((node) => node.classList.remove("coach-mark"));
      const advice = this.advice;
      if (!advice || advice.state !== "act" || !document.body.classList.contains("is-my-turn")) return;
      const wanted = actionKey(advice.suggest);
      const buttons = [...this.area.querySelectorAll("button:not([disabled])")];
      // A button that plays one of several actions (a card with a choice of target) lists them.
      let hit = buttons.filter((b) => b.actionKey === wanted || b.actionKeys?.includes(wanted));
      // A button that opens a choice (ARREST…, a card's target) stands for the kind of action;
      // once it is on (Manhunt's Accuse… turned Cancel) it would only close the choice again.
      if (!hit.length) hit = buttons.filter((b) => !b.classList.contains("active") && (b.dataset.action === advice.suggest.kind || b.dataset.action === `${advice.suggest.kind}-mode`));
      // A switch the action needs first (Kojak's car, not the Detective's): a button not on
      // yet whose data names one of the action's fields with its value.
      if (!hit.length) {
        const fields = Object.entries(advice.suggest).filter(([k]) => k !== "kind");
        hit = buttons.filter((b) => !b.classList.contains("active") && fields.some(([k, v]) => b.dataset[k] === String(v)));
      }
      // A card's own button may be small (Stop Thief's Play): the card itself is lit too.
      const cards = hit.map((b) => b.closest("[data-card]")).filter(Boolean);
      [...hit, ...cards].forEach((node) => node.classList.add("coach-mark"));
      const named = (advice.highlight || []).map((id) => {
        const sel = ["node", "building", "place", "card", "for"].map((k) => `[data-${k}="${CSS.escape(String(id))}"]:not(.piece)`).join(",");
        const nodes = [...this.area.querySelectorAll(sel)];
        nodes.forEach((node) => node.classList.add("coach-mark"));
        return nodes;
      });
      // Once a step, when it starts: show what it lights (the action last, so it wins: its
      // button, then the whole of the card it is on). Two
      // frames on: the scroll margins read the new step's --coach-h, which the ResizeObservers
      // set after the first frame's layout. And once more when the page has settled: a panel
      // above may change its height meanwhile (the scanner's clue played out).
      const key = `${advice.step}|${advice.words}`;
      if (key !== this.revealed) {
        this.revealed = key;
        const show = () => this.revealed === key && [...named, hit, ...cards.map((c) => [c])].forEach(reveal);
        requestAnimationFrame(() => requestAnimationFrame(show));
        setTimeout(show, 900);
      }
    } finally {
      this.watch.observe(this.area, { childList: true, subtree: true });
    }
  }
}

/** Scroll the page so that one of `nodes` (of those shown at all) is in view, unless one is:
 *  "nearest", so a page that shows it stays still, and with no motion if the learner asks for none. */
function reveal(nodes) {
  const shown = nodes.filter((n) => n.getClientRects().length);
  if (!shown.length || shown.some(inView)) return;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  shown[0].scrollIntoView({ block: "nearest", inline: "nearest", behavior: still ? "auto" : "smooth" });
}

/** Whether `node` is wholly in the window, clear of its scroll margins: what covers that part of
 *  the page (the top bar; the coach and the actions, fixed or sticky; the Chat button; sleuth.css). */
function inView(node) {
  const r = node.getBoundingClientRect();
  const css = getComputedStyle(node);
  return r.top >= parseFloat(css.scrollMarginTop) - 1 && r.bottom <= innerHeight - parseFloat(css.scrollMarginBottom) + 1;
}

/** A paragraph with each figure-dash-figure name ("1-44", "4-68") kept on one line. */
function unbroken(text) {
  return text.split(/(\d+-\d+)/).map((part, i) => (i % 2 ? h("span", { class: "nowrap" }, part) : part));
}
