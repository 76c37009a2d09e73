/**
 * One Tab stop for a board's targets (the WAI-ARIA "roving tabindex" pattern).
 *
 * A board can light a hundred squares at once; if each were a Tab stop, a keyboard
 * player would have to walk through all of them to reach the buttons after it. Here
 * Tab enters the group once, at the target used last (or the first), and the arrow
 * keys move between targets by where they lie on the screen; Home and End jump to the
 * first and the last. Enter and Space stay with the game, which knows what they do.
 */

const STEPS = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
};

function centre(node) {
  const r = node.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/**
 * The target nearest `from` in the direction (dx, dy): ahead of it along that axis,
 * with distance across the axis counted double so that "right" prefers the same row.
 */
export function nearest(from, items, [dx, dy]) {
  const [fx, fy] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const item of items) {
    if (item === from) continue;
    const [x, y] = centre(item);
    const ahead = (x - fx) * dx + (y - fy) * dy;
    if (ahead <= 0.5) continue;
    const across = Math.abs((x - fx) * dy) + Math.abs((y - fy) * dx);
    const score = ahead + 2 * across;
    if (score < bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Make the elements matching `selector` inside `container` one Tab stop. Call
 * `refresh()` after the game lights or clears targets: it gives tabindex 0 to the one
 * current target and -1 to the rest (an element with no tabindex is not a target).
 */
export function rovingGroup(container, selector) {
  // Chromium makes an SVG board a Tab stop of its own (a keyboard-focusable scroller);
  // the one stop that matters is the current target.
  if (!container.hasAttribute("tabindex")) container.setAttribute("tabindex", "-1");
  let current = null;
  const items = () => [...container.querySelectorAll(selector)].filter((n) => n.hasAttribute("tabindex"));

  function mark(all) {
    for (const n of all) n.setAttribute("tabindex", n === current ? "0" : "-1");
  }

  function refresh() {
    const all = items();
    if (!all.includes(current)) current = all[0] || null;
    mark(all);
  }

  function focus(node) {
    current = node;
    mark(items());
    node.focus();
  }

  container.addEventListener("focusin", (e) => {
    const node = e.target.closest?.(selector);
    if (node && node.hasAttribute("tabindex") && node !== current) {
      current = node;
      mark(items());
    }
  });

  container.addEventListener("keydown", (e) => {
    const from = e.target.closest?.(selector);
    if (!from || !from.hasAttribute("tabindex")) return;
    const all = items();
    let to = null;
    if (e.key in STEPS) to = nearest(from, all, STEPS[e.key]);
    else if (e.key === "Home") to = all[0];
    else if (e.key === "End") to = all[all.length - 1];
    else return;
    e.preventDefault(); // the page must not scroll under a player moving between squares
    if (to) focus(to);
  });

  return { refresh };
}
