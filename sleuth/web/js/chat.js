// The table's chat (docs/server.md, "Table chat"): a panel that folds away to one button in
// the top bar (where it covers none of the game; a speech-bubble icon on a phone), opening
// just under the bar. Lines come over the seats' WebSockets (each socket at the
// table hears every line, so a hot-seat browser hears each one several times: kept once, by
// id). Every line is shown as text (textContent through `h`), never as markup.
import { h } from "./dom.js";
import { icon } from "./icons.js";

export const CHAT_MAX = 300; // as the server's limit (sleuth/server/messages.py)

export class ChatPanel {
  /**
   * @param {HTMLElement} parent  where the panel goes (the top bar's slot; the hot-seat cover
   *   makes it inert with the table's main: table.js)
   * @param {object} hooks  send(text) -> Promise; writer() -> null if this browser may write,
   *   else words saying why not; colour(seat) -> a CSS colour
   */
  constructor(parent, hooks) {
    this.hooks = hooks;
    this.ids = new Set();
    this.unread = 0;
    this.count = h("span", { class: "chat-unread", "aria-hidden": "true", hidden: true });
    this.toggle = h(
      "button",
      { type: "button", class: "btn chat-toggle", id: "chat-toggle", "aria-expanded": "false", "aria-controls": "chat-box", title: "Table chat" },
      icon("chat", 18),
      h("span", { class: "chat-label" }, "Chat"),
      this.count,
    );
    this.lines = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite", "aria-label": "Chat messages" });
    this.input = h("input", {
      id: "chat-input",
      class: "text",
      maxlength: String(CHAT_MAX),
      autocomplete: "off",
      placeholder: "Say something to the table",
      "aria-label": "Message to the table",
    });
    this.sendButton = h("button", { type: "submit", class: "btn btn-small" }, "Send");
    this.closedNote = h("p", { class: "chat-closed", id: "chat-closed", hidden: true });
    this.form = h("form", { class: "chat-form", id: "chat-form", onsubmit: (e) => this.submit(e) }, this.input, this.sendButton);
    this.box = h(
      "div",
      { class: "chat-box", id: "chat-box", hidden: true, role: "region", "aria-label": "Table chat" },
      h("p", { class: "chat-head" }, h("strong", {}, "Table chat"), h("span", { class: "muted" }, " · everyone at this table reads it")),
      this.lines,
      this.form,
      this.closedNote,
    );
    this.root = h("aside", { class: "chat", id: "chat", onkeydown: (e) => this.key(e) }, this.box, this.toggle);
    this.toggle.addEventListener("click", () => this.setOpen(this.box.hidden));
    parent.append(this.root);
    this.showUnread(); // its accessible name: the word "Chat" is hidden on a phone
    this.refresh();
  }

  get open() {
    return !this.box.hidden;
  }

  setOpen(open) {
    this.box.hidden = !open;
    this.root.classList.toggle("is-open", open);
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      this.unread = 0;
      this.showUnread();
      this.refresh();
      this.lines.scrollTop = this.lines.scrollHeight;
      (this.input.disabled ? this.toggle : this.input).focus();
    }
  }

  key(e) {
    if (e.key === "Escape" && this.open) {
      e.preventDefault();
      e.stopPropagation();
      this.setOpen(false);
      this.toggle.focus();
    }
  }

  /** Whether this browser may write now (a seat always; a spectator where the table allows). */
  refresh() {
    const why = this.hooks.writer();
    this.input.disabled = why !== null;
    this.sendButton.disabled = why !== null;
    this.closedNote.hidden = why === null;
    this.closedNote.textContent = why || "";
  }

  /** Show lines (a snapshot's history or one new line), each once. */
  add(lines) {
    let fresh = 0;
    const atEnd = this.lines.scrollTop + this.lines.clientHeight >= this.lines.scrollHeight - 8;
    for (const line of [...lines].sort((a, b) => a.id - b.id)) {
      if (this.ids.has(line.id)) continue;
      this.ids.add(line.id);
      this.lines.append(this.item(line));
      fresh += 1;
    }
    if (!fresh) return;
    if (atEnd || this.open) this.lines.scrollTop = this.lines.scrollHeight;
    if (!this.open) {
      this.unread += fresh;
      this.showUnread();
    }
  }

  item(line) {
    const who = line.seat === null || line.seat === undefined ? "spectator" : line.name;
    const dot = h("span", { class: "chat-dot", "aria-hidden": "true" });
    if (line.seat !== null && line.seat !== undefined) dot.style.setProperty("--seat", this.hooks.colour(line.seat));
    const words = line.kind === "undo" ? [h("em", {}, `${who} ${line.text}`)] : [h("b", { class: "chat-who" }, `${who}: `), line.text];
    return h("li", { class: `chat-line chat-${line.kind === "undo" ? "note" : "say"}`, dataset: { id: String(line.id) } }, dot, ...words);
  }

  showUnread() {
    this.count.hidden = this.unread === 0;
    this.count.textContent = this.unread > 99 ? "99+" : String(this.unread);
    this.toggle.setAttribute("aria-label", this.unread ? `Table chat, ${this.unread} new` : "Table chat");
  }

  async submit(e) {
    e.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    if (text.length > CHAT_MAX) {
      this.hooks.error(`A message holds at most ${CHAT_MAX} characters.`);
      return;
    }
    this.sendButton.disabled = true;
    try {
      await this.hooks.send(text);
      this.input.value = "";
    } catch (err) {
      this.hooks.error(err.message || "The message was not sent.");
    } finally {
      this.refresh();
      this.input.focus();
    }
  }
}
