// What the table's Chat button stands over (test_chat_place.py), as a list of "what at scroll
// y", empty if nothing. The page scrolls in 40 px steps through its whole height. A caption's
// or heading's part under the button counts unless the sticky top bar (or, on a phone, the
// fixed actions or coach) already covers that part: the button adds nothing there. The
// actions bar counts the same way; the top bar's own items count wherever the button meets them.
() => {
  const toggle = document.querySelector('#chat-toggle');
  const cut = (a, b) => {
    const l = Math.max(a.left, b.left), t = Math.max(a.top, b.top);
    const r = Math.min(a.right, b.right), btm = Math.min(a.bottom, b.bottom);
    return r - l > 0.5 && btm - t > 0.5 ? { left: l, top: t, right: r, bottom: btm } : null;
  };
  const inside = (a, b) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const chrome = ['.topbar', '#controls-slot', '#coach-slot'].map((s) => document.querySelector(s))
    .filter((el) => el && shown(el) && ['fixed', 'sticky'].includes(getComputedStyle(el).position));
  const captions = '#table-main h2, #table-main h3, #table-main .panel-title, #table-main .private-note, '
    + '#table-main .panel-sub, #table-main .coach-title';
  const found = new Set();
  const max = document.documentElement.scrollHeight - innerHeight;
  for (let y = 0; y <= max + 40; y += 40) {
    window.scrollTo({ top: Math.min(y, max), behavior: 'instant' });
    const button = toggle.getBoundingClientRect();
    if (!shown(toggle) || button.bottom <= 0 || button.top >= innerHeight) continue;
    const hidden = (part, of) => chrome.some((c) => !c.contains(of) && inside(part, c.getBoundingClientRect()));
    const targets = [...document.querySelectorAll(captions)].filter(shown).map((el) => [el, el.id || el.className || el.tagName]);
    const actions = document.querySelector('#controls-slot');
    if (actions && shown(actions)) targets.push([actions, 'actions bar']);
    for (const el of document.querySelectorAll('.topbar > *')) if (shown(el) && !el.contains(toggle)) targets.push([el, `top bar ${el.id || el.className}`]);
    for (const [el, name] of targets) {
      const part = cut(button, el.getBoundingClientRect());
      if (part && !hidden(part, el)) found.add(`${name} at scroll ${Math.round(scrollY)}`);
    }
  }
  window.scrollTo({ top: 0, behavior: 'instant' });
  return [...found].slice(0, 8);
}
