/**
 * Zoom a board on a small screen, and keep the part that matters in sight.
 *
 * On a phone a whole board is too small to read. The zoom button (and the z key,
 * which each game maps to `toggle`) makes the board larger than its frame, so a
 * finger pans it by scrolling the frame; the game's stylesheet says how much larger
 * under `.zoomed`. While zoomed, the frame follows the part that matters now: the
 * squares lit for the player, else his own piece. It moves only when that part
 * changes, never under a finger that has just panned elsewhere.
 */

import { h, fill } from "./dom.js";
import { icon } from "./icons.js";

/** The client rectangle of an element, or of a point {x, y} in `svg`'s user units. */
function rectOf(item, svg) {
  if (item instanceof Element) return item.getBoundingClientRect();
  const matrix = svg?.getScreenCTM();
  if (!matrix) return null;
  const p = new DOMPoint(item.x, item.y).matrixTransform(matrix);
  return { left: p.x, right: p.x, top: p.y, bottom: p.y };
}

/**
 * host(): the element given the class `zoomed` (read when toggled: a game may make it
 * after the button); frame: the scrolling frame around the
 * board; board(): the board's SVG; focus(): what matters now (elements, or points in
 * the board's units); buttonClass: the game's class for the button (its placement).
 */
export function boardZoom({ host, frame, board, focus, buttonClass = "board-zoom" }) {
  let zoomed = false;
  let followed = ""; // what the frame last followed, so it moves only when that changes
  // Chromium may give the SVG its zoomed size a frame or two after the class changes, so
  // the first centring can measure the small board: centre again once it has grown.
  let settling = false;
  const grown = new ResizeObserver(() => {
    if (!settling) return;
    follow({ force: true, smooth: false });
    if (frame.scrollWidth > frame.clientWidth) settling = false;
  });

  const button = h(
    "button",
    { type: "button", class: `icon-btn ${buttonClass}`, title: "Zoom the board (z)", "aria-pressed": "false", onclick: () => toggle() },
    icon("zoomIn"),
  );

  function follow({ force = false, smooth = true } = {}) {
    if (!zoomed) return;
    const svg = board();
    const items = (focus() || []).filter(Boolean);
    const key = items.map((i) => (i instanceof Element ? i.dataset.node || i.dataset.space || i.id || i.tagName : `${i.x},${i.y}`)).join(" ");
    if (!items.length || (!force && key === followed)) return;
    followed = key;
    const rects = items.map((i) => rectOf(i, svg)).filter(Boolean);
    if (!rects.length) return;
    const box = frame.getBoundingClientRect();
    const midX = (Math.min(...rects.map((r) => r.left)) + Math.max(...rects.map((r) => r.right))) / 2;
    const midY = (Math.min(...rects.map((r) => r.top)) + Math.max(...rects.map((r) => r.bottom))) / 2;
    frame.scrollTo({
      left: frame.scrollLeft + midX - box.left - frame.clientWidth / 2,
      top: frame.scrollTop + midY - box.top - frame.clientHeight / 2,
      behavior: smooth && !matchMedia("(prefers-reduced-motion: reduce)").matches ? "smooth" : "auto",
    });
  }

  function toggle() {
    zoomed = !zoomed;
    host().classList.toggle("zoomed", zoomed);
    button.setAttribute("aria-pressed", String(zoomed));
    fill(button, icon(zoomed ? "zoomOut" : "zoomIn"));
    settling = zoomed;
    if (zoomed) {
      const svg = board();
      if (svg) grown.observe(svg);
      follow({ force: true, smooth: false });
    } else {
      grown.disconnect();
    }
  }

  return {
    button,
    toggle,
    follow,
    get zoomed() {
      return zoomed;
    },
  };
}
