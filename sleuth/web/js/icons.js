// A few line icons drawn here (no icon fonts, no emoji: not every system has those fonts).
const PATHS = {
  sound: '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/><path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  mute: '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/><path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  lock: '<rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor"/><path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" stroke-width="2"/>',
  eye: '<path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="3" fill="currentColor"/>',
  search: '<circle cx="10" cy="10" r="6" fill="none" stroke="currentColor" stroke-width="2.6"/><path d="M14.5 14.5L21 21" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>',
  hat: '<path d="M2 16c3 2 17 2 20 0-2-1-3-1-4-1l-1-7c-.2-1.5-1.5-2-3-1.4L12 7.5l-2-.9C8.5 6 7.2 6.5 7 8l-1 7c-1 0-2 0-4 1z" fill="currentColor"/><path d="M6.4 13.2c3.5 1 7.7 1 11.2 0" stroke="#fff" stroke-opacity=".6" stroke-width="1.3" fill="none"/>',
  zoomIn: '<circle cx="10" cy="10" r="6" fill="none" stroke="currentColor" stroke-width="2"/><path d="M14.5 14.5L20 20M7 10h6M10 7v6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  zoomOut: '<circle cx="10" cy="10" r="6" fill="none" stroke="currentColor" stroke-width="2"/><path d="M14.5 14.5L20 20M7 10h6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  target: '<circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="3" fill="currentColor"/><path d="M12 1v5M12 18v5M1 12h5M18 12h5" stroke="currentColor" stroke-width="2"/>',
  play: '<path d="M7 4l13 8-13 8z" fill="currentColor"/>',
  pause: '<path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor"/>',
  first: '<path d="M5 4h3v16H5zM20 4L9 12l11 8z" fill="currentColor"/>',
  last: '<path d="M16 4h3v16h-3zM4 4l11 8-11 8z" fill="currentColor"/>',
  prev: '<path d="M18 4L7 12l11 8z" fill="currentColor"/>',
  next: '<path d="M6 4l11 8-11 8z" fill="currentColor"/>',
  chat: '<path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>',
  copy: '<rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" stroke-width="2"/><path d="M4 16V5a1 1 0 0 1 1-1h11" fill="none" stroke="currentColor" stroke-width="2"/>',
};

/** An inline SVG icon element (aria-hidden; put words beside it or a label on the button). */
export function icon(name, size = 20) {
  const span = document.createElement("span");
  span.className = `icon icon-${name}`;
  span.setAttribute("aria-hidden", "true");
  span.innerHTML = `<svg viewBox="0 0 24 24" width="${size}" height="${size}">${PATHS[name] || ""}</svg>`;
  return span;
}
