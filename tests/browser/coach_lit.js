// What a tutorial step lights, against what it asks, as the learner sees it (test_tutorial.py):
// a list of what is wrong, or null. Lit: the squares, places and cards the step names (all
// of them), the control that plays or opens its action (and the card that control is on), and
// nothing else. Seen: at least one of each, wholly in the window and under none of what may
// cover it (the top bar, the coach, the actions, the Chat button); for an action that plays a
// card, that card in the hand.
([ids, expect]) => {
  const main = document.querySelector("#table-main");
  const shown = (n) => n.getClientRects().length > 0;
  const name = (n) => `${n.tagName.toLowerCase()}.${[...n.classList].join(".")}${JSON.stringify({ ...n.dataset })}`;
  const kinds = ["node", "building", "place", "card", "for"];
  const named = new Map(
    ids.map((id) => [id, [...main.querySelectorAll(kinds.map((k) => `[data-${k}="${CSS.escape(id)}"]:not(.piece)`).join(","))]]),
  );
  const fields = Object.entries(expect).filter(([k]) => k !== "kind");
  const keys = (b) => [b.actionKey, ...(b.actionKeys || [])].filter(Boolean).map((k) => Object.fromEntries(JSON.parse(k)));
  const control = (b) => b.tagName === "BUTTON" || b.getAttribute("role") === "button";
  const plays = (b) =>
    control(b) &&
    (keys(b).some((a) => a.kind === expect.kind && fields.every(([k, v]) => a[k] === v)) ||
      [expect.kind, `${expect.kind}-mode`].includes(b.dataset.action) || // opens the choice
      fields.some(([, v]) => Object.values(b.dataset).includes(String(v)))); // data-node="505"
  const forAction = (n) => plays(n) || (n.matches("[data-card]") && [...n.querySelectorAll("button")].some(plays));
  const covers = [".topbar", "#coach-slot", "#controls-slot", ".chat-toggle"].map((s) => document.querySelector(s)).filter(Boolean);
  const apart = (r, o) => r.bottom <= o.top + 1 || r.top >= o.bottom - 1 || r.right <= o.left + 1 || r.left >= o.right - 1;
  const seen = (n) => {
    const r = n.getBoundingClientRect();
    if (!shown(n) || r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) return false;
    return covers.every((c) => c.contains(n) || n.contains(c) || apart(r, c.getBoundingClientRect()));
  };
  const wrong = [];
  const lit = [...main.querySelectorAll(".coach-mark")];
  const isNamed = (n) => [...named.values()].some((ns) => ns.includes(n));
  for (const n of lit) if (!isNamed(n) && !forAction(n)) wrong.push(`lit, not asked: ${name(n)}`);
  for (const [id, ns] of named) {
    for (const n of ns) if (shown(n) && !n.classList.contains("coach-mark")) wrong.push(`named ${id}, not lit: ${name(n)}`);
    if (!ns.some((n) => n.classList.contains("coach-mark") && seen(n))) wrong.push(`named ${id}, not in view`);
  }
  if (!lit.some((n) => forAction(n) && seen(n))) wrong.push(`the control for ${JSON.stringify(expect)}: none lit in view`);
  if (expect.card !== undefined) {
    const card = document.querySelector(`#hand [data-card="${expect.card}"]`);
    if (!card?.classList.contains("coach-mark") || !seen(card)) wrong.push(`card ${expect.card} in the hand: not lit in view`);
  }
  return wrong.length ? wrong : null;
}
