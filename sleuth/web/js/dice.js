// Dice drawn as nine pip places (CSS lights the ones a face shows), and their roll.
import { h } from "./dom.js";

const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9], 5: [1, 3, 5, 7, 9], 6: [1, 3, 4, 6, 7, 9] };

/** A die: a `tag` of class `cls` holding nine spans of class `pip` (a game may style its own). */
export function dieEl({ tag = "div", cls = "die", pip = "pip" } = {}) {
  return h(tag, { class: cls, role: "img" }, Array.from({ length: 9 }, () => h("span", { class: pip })));
}

/** Show `n` on a die (nothing: a blank die). */
export function setDie(el, n) {
  el.dataset.value = n ? String(n) : "";
  el.setAttribute("aria-label", n ? `die showing ${n}` : "die");
  [...el.children].forEach((pip, i) => pip.classList.toggle("on", Boolean(n) && PIPS[n].includes(i + 1)));
}

/** Tumble `dice` a moment (`box` is "rolling" meanwhile), then show the faces `settle()` gives. */
export function rollDice(box, dice, settle, ms = 70) {
  box.classList.add("rolling");
  let n = 0;
  const timer = setInterval(() => {
    for (const die of dice) setDie(die, 1 + Math.floor(Math.random() * 6));
    if (++n >= 6) {
      clearInterval(timer);
      box.classList.remove("rolling");
      const faces = settle() || [];
      dice.forEach((die, i) => setDie(die, faces[i]));
    }
  }, ms);
}
