// A game's board picture on the table page: loaded from the server, its lit targets (the moves a
// player may make there) clickable, reachable by keyboard and kept in sight when zoomed. What a
// target means, and how the board is drawn on, stays with the game.
import { h, s } from "./dom.js";
import { rovingGroup } from "./roving.js";

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
