// Tiny DOM helpers shared by every page. No framework, no build step.

/**
 * Make an element: h("button", {class: "btn", onclick: fn}, "Roll").
 * Attributes starting with "on" become listeners; `dataset`/`style` objects are merged;
 * `false`/`null` attributes are skipped; children may be strings, nodes, arrays or null.
 */
export function h(tag, attrs = {}, ...children) {
  const el = tag.includes(":")
    ? document.createElementNS("http://www.w3.org/2000/svg", tag.split(":")[1])
    : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith("--") || prop.includes("-")) el.style.setProperty(prop, v);
        else el.style[prop] = v;
      }
    } else if (key === "class") {
      el.setAttribute("class", value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

/** SVG element: s("circle", {cx: 1, cy: 2, r: 3}). */
export function s(tag, attrs = {}, ...children) {
  return h(`svg:${tag}`, attrs, ...children);
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Add a stylesheet to the page once; resolves when it has loaded (or failed: the page goes on). */
export function loadStyle(href) {
  if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    document.head.append(h("link", { rel: "stylesheet", href, onload: resolve, onerror: resolve }));
  });
}

/** Play a CSS animation class on `node` again from its start (nothing if there is no node). */
export function restartClass(node, cls) {
  if (!node) return;
  node.classList.remove(cls);
  node.getBoundingClientRect(); // the browser must see it gone before it comes back
  node.classList.add(cls);
}

/** How a seat's row on a players panel says who sits there: "bot (expert)", a name they gave, or "". */
export function seatWho(seats, seat, ctx) {
  const info = seats?.[seat] || {};
  if (info.kind === "bot") return `bot${info.level ? ` (${info.level})` : ""}`;
  const name = ctx.playerName?.(seat) || "";
  // A server's default name ("Detective 2 (...)") says nothing the row does not.
  return name.toLowerCase().startsWith(ctx.seatWord(seat).toLowerCase()) ? "" : name;
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

/** A short message at the bottom of the screen. */
export function toast(message, kind = "info") {
  let box = $("#toasts");
  if (!box) {
    box = h("div", { id: "toasts", class: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = h("div", { class: `toast toast-${kind}` }, message);
  box.append(item);
  setTimeout(() => item.classList.add("toast-out"), 4200);
  setTimeout(() => item.remove(), 4800);
}

export function money(amount) {
  return `$${Number(amount).toLocaleString("en-US")}`;
}

/** Seat colours, the same as the board's pawns (sleuth/games/stop_thief/svg.py). */
export const SEAT_COLOURS = ["#d62828", "#1d5fd1", "#2a9d3a", "#f2c12e", "#8e44ad", "#e67e22"];
export const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** A control button: `action` is a function to call or an action to send with `act`. */
/** An action as a key that ignores the order of its fields (the tutorial's coach finds the
 * button of the action it suggests by it). */
export function actionKey(action) {
  if (!action || typeof action !== "object") return "";
  return JSON.stringify(Object.keys(action).sort().map((k) => [k, action[k]]));
}

export function actionButton(act, label, action, { key, cls = "", data = {}, title, disabled = false } = {}) {
  const button = h(
    "button",
    {
      type: "button",
      class: `btn ${cls}`,
      dataset: data,
      disabled,
      title: title || (key ? `${label} (${key})` : label),
      onclick: () => (typeof action === "function" ? action() : act(action)),
    },
    label,
    key ? h("kbd", { class: "key-hint" }, key) : null,
  );
  if (typeof action !== "function") button.actionKey = actionKey(action);
  return button;
}

/** A game's button maker: `btn(label, action, options)` as actionButton, acting through `act`. */
export function buttonsFor(act) {
  return (label, action, options) => actionButton(act, label, action, options);
}

// What the seat shown is asked to do, as the engine words it (its `prompt`, in the view): the
// banner names the seat itself, so a seat not to move gets only the task.
export function turnWords(view) {
  const prompt = view?.prompt;
  if (!prompt) return "";
  return prompt.waiting ? prompt.task : prompt.words;
}
