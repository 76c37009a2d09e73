// A game's board picture on the table page: loaded from the server, its lit targets (the moves a
// player may make there) clickable, reachable by keyboard and kept in sight when zoomed. What a
// target means, and how the board is drawn on, stays with the game: tableBoard() below is the
// part every game does alike, given only what differs.
import { h, s } from "./dom.js";
import { rovingGroup } from "./roving.js";
import { boardZoom } from "./zoom.js";

/**
 * The board as every game's table has it: the picture in a zoomable frame (`wrap`, with its
 * `zoom` button: the game puts both where its layout wants them), and its lit targets. The game
 * says what differs:
 *   game, picture         its name (the picture is /api/games/<game>/board.svg) and loadBoard's
 *                         `picture` (viewBox, cls, label);
 *   wrapClass, zoomClass  its classes for the frame and the zoom button;
 *   host()                the element the zoom enlarges (zoom.js);
 *   here()                the point to keep in sight when nothing is lit (its own piece), or null;
 *   hints()               the layer the targets' hints are drawn in (the game makes its layers);
 *   act(action)           what choosing a target's action does (the page's ctx.act);
 *   miss(event)           a click on the board that is on no lit target, if the game wants those.
 * Each render the game gives light() its targets: { node, kind, words, hint, pick, also }, where
 * `pick` is the action to send, or a function to run, and `also` any more classes for the node.
 */
export function tableBoard({ game, picture, wrapClass, zoomClass = "board-zoom", host, here, hints, act, miss = null }) {
  const wrap = h("div", { class: wrapClass, id: "board-wrap" });
  let svg = null;
  let roving = null;
  let picks = new Map(); // a lit node -> what choosing it does (the first target lit there)
  const zoomer = boardZoom({ host, frame: wrap, board: () => svg, focus: () => litFocus(svg, here), buttonClass: zoomClass });

  function click(e) {
    const node = e.target.closest?.(".is-target");
    const pick = node && svg.contains(node) ? picks.get(node) : undefined;
    if (pick === undefined) return miss?.(e);
    return typeof pick === "function" ? pick() : act(pick);
  }

  return {
    wrap,
    zoom: zoomer.button,
    get svg() {
      return svg;
    },
    /** Load the game's picture into the frame and make its targets live. */
    async load() {
      svg = await loadBoard(wrap, `/api/games/${game}/board.svg`, picture);
      roving = boardInput(svg, click); // the lit squares: one Tab stop, arrows between
      return svg;
    },
    /** Light exactly `targets` (falsy entries are skipped), and keep them in sight when zoomed. */
    light(targets) {
      clearTargets(svg, hints());
      picks = new Map();
      for (const t of svg ? targets : []) {
        if (!t) continue;
        markTarget(t.node, t.words, `target-${t.kind}`, ...(t.also || []));
        if (!picks.has(t.node)) picks.set(t.node, t.pick);
        if (t.hint) hints().append(t.hint);
      }
      roving?.refresh();
      zoomer.follow(); // a zoomed board keeps the newly lit squares in sight
    },
    toggleZoom: () => zoomer.toggle(),
  };
}

/**
 * Put the board picture at `url` into `wrap` and return its <svg>; if it cannot be had, an
 * empty one of `viewBox` with a word that it is missing (the rest of the table still works).
 */
export async function loadBoard(wrap, url, { viewBox, cls, label }) {
  let svg = null;
  try {
    const res = await fetch(url);
    if (res.ok) wrap.innerHTML = await res.text();
    svg = wrap.querySelector("svg");
  } catch {
    svg = null;
  }
  if (!svg) {
    wrap.append(h("p", { class: "missing" }, "The board picture could not be loaded."));
    svg = s("svg", { viewBox });
    wrap.append(svg);
  }
  svg.removeAttribute("width"); // the page's stylesheet sizes it
  svg.removeAttribute("height");
  svg.classList.add(cls);
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", label);
  return svg;
}

/**
 * Clicks on the board go to `onClick`, and so do Enter and Space on a lit target; the lit
 * targets are one Tab stop with the arrows between them (roving.js). Returns the roving group:
 * call its `refresh()` after lighting or clearing targets.
 */
export function boardInput(svg, onClick) {
  svg.addEventListener("click", onClick);
  const roving = rovingGroup(svg, ".is-target");
  svg.addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest?.(".is-target")) {
      e.preventDefault();
      e.stopPropagation();
      onClick(e);
    }
  });
  return roving;
}

const lit = new WeakMap(); // a lit node -> the classes lighting it added

/** Light `node` as a target: a button named `words`, with the game's `classes` ("target-move"). */
export function markTarget(node, words, ...classes) {
  node.classList.add("is-target", ...classes);
  lit.set(node, classes);
  node.setAttribute("tabindex", "-1");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", words);
}

/** Put out every lit target on `svg` and empty the `hints` layer drawn over them. */
export function clearTargets(svg, hints) {
  svg?.querySelectorAll(".is-target").forEach((node) => {
    node.classList.remove("is-target", ...(lit.get(node) || []));
    lit.delete(node);
    node.removeAttribute("tabindex");
    node.removeAttribute("role");
    node.removeAttribute("aria-label");
  });
  hints?.replaceChildren();
}

/** What a zoomed board keeps in sight (zoom.js): the lit targets, else the point `here()` gives. */
export function litFocus(svg, here) {
  const targets = [...(svg?.querySelectorAll(".is-target") || [])];
  if (targets.length) return targets;
  const point = here();
  return point ? [point] : [];
}

const gliding = new WeakSet(); // the layers animateFromNowOn() has started

/**
 * From now on the pieces in `layer` glide to their new places (its `animate` class, which a
 * game's stylesheet gives transitions): called after their first placing, so that a table
 * opening does not fly every piece in from the corner. Once per layer; nothing without one.
 */
export function animateFromNowOn(layer) {
  if (!layer || gliding.has(layer)) return;
  gliding.add(layer);
  layer.getBoundingClientRect(); // lay out the first places before the transitions are on
  requestAnimationFrame(() => layer.classList.add("animate"));
}
