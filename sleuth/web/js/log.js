// The event log in words: every event carries `text` (the same words as the terminal's).
import { h, fill } from "./dom.js";
import { icon } from "./icons.js";

export function eventClass(event) {
  const classes = [`ev-${event.kind}`];
  if (event.to !== null && event.to !== undefined) classes.push("ev-private");
  if (event.kind === "turn") classes.push("ev-turn");
  return classes.join(" ");
}

function item(event, index, seatTitle, words) {
  const text = words?.(event) || event.text || `${event.kind}`;
  const priv = event.to !== null && event.to !== undefined;
  return h(
    "li",
    { class: eventClass(event), dataset: { index: String(index), kind: event.kind } },
    priv ? h("span", { class: "ev-lock", title: `Only ${seatTitle ? seatTitle(event.to) : "you"} can see this` }, icon("lock", 13)) : null,
    text.replace(/^─+\s*|\s*─+$/g, ""),
  );
}

/** Keeps a list element in step with a growing list of events, newest first. */
export class EventLog {
  /** `words(event)`, if given, may word an event otherwise (null: its own `text`). */
  constructor(list, { seatTitle, words, live } = {}) {
    this.list = list;
    this.live = live || null; // a hidden aria-live region: screen readers hear what is new
    this.seatTitle = seatTitle;
    this.words = words;
    this.shown = 0;
    this.key = null;
  }

  /** Show `events`; if `key` changed (another seat's log) start over. */
  show(events, key) {
    const restart = key !== this.key || events.length < this.shown;
    if (restart) {
      this.key = key;
      this.shown = 0;
      fill(this.list);
    }
    const fresh = [];
    for (let i = this.shown; i < events.length; i++) {
      fresh.push(item(events[i], i, this.seatTitle, this.words));
    }
    this.list.prepend(...fresh.reverse());
    for (const li of fresh) {
      li.classList.add("ev-new");
      setTimeout(() => li.classList.remove("ev-new"), 1600);
    }
    // Read out only what just happened (never a whole history on load), the latest few.
    if (this.live && !restart && fresh.length) {
      fill(this.live, ...fresh.slice(-LIVE_LINES).map((li) => h("p", {}, li.textContent)));
    }
    this.shown = events.length;
  }
}

const LIVE_LINES = 4;
