// One WebSocket to /ws/tables/{id} for one seat (or a spectator), as docs/server.md says:
// hello first (token inside the message, never in the URL), then a snapshot (the whole
// view) and, for each action, an update: the new events and a JSON Patch of the view.
// It reconnects by itself; every reconnect gets a fresh snapshot, so nothing is missed.
import { applyPatch } from "./patch.js";

let nextId = 1;

/** A view as the server patches it: the legal actions travel beside it, never inside. */
function withoutLegal(view) {
  const base = { ...(view || {}) };
  delete base.legal;
  return base;
}

/** The page's own copy of the view, with the legal actions the server sent beside it. The
 * patched base stays private: whatever a page does to its copy cannot spoil the next patch. */
function present(base, legal) {
  const view = structuredClone(base);
  if (Array.isArray(legal)) view.legal = legal;
  return view;
}

export class Connection {
  /**
   * @param {string} tableId
   * @param {string|null} token  the seat's token, or null to watch
   * @param {object} handlers  onSnapshot(msg), onUpdate(msg), onStatus(status), onFatal(msg)
   */
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers;
    this.version = null;
    this.seat = null;
    this.view = null;
    this.base = null; // the view as the server last sent it, less `legal`: updates patch it
    this.syncing = false; // a fresh snapshot was asked for: updates until then are dropped
    this.events = [];
    this.pending = new Map();
    this.retry = 0;
    this.closed = false;
    this.ws = null;
    this.status = "connecting";
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  open() {
    if (this.closed) return;
    this.setStatus(this.retry ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
    });
    ws.addEventListener("message", (e) => this.receive(e.data));
    ws.addEventListener("close", (e) => {
      if (this.ws !== ws) return;
      this.failPending("The connection was lost; try again.");
      if (this.closed) return;
      if (e.code === 4401 || e.code === 4403 || e.code === 4404 || e.code === 1008) {
        this.setStatus("refused");
        this.handlers.onFatal?.({ error: "closed", code: e.code, message: e.reason || "refused" });
        return;
      }
      this.setStatus("reconnecting");
      const delay = Math.min(8000, 300 * 2 ** this.retry++);
      setTimeout(() => this.open(), delay);
    });
  }

  setStatus(status) {
    this.status = status;
    this.handlers.onStatus?.(status, this);
  }

  receive(raw) {
    let msg;
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (msg.type === "snapshot") {
      this.retry = 0;
      this.syncing = false;
      this.version = msg.version;
      this.seat = msg.seat ?? null;
      this.base = withoutLegal(msg.view);
      this.view = present(this.base, msg.legal);
      this.tableStatus = msg.status ?? this.tableStatus;
      this.events = msg.events || [];
      this.undo = msg.undo === true; // this seat may take back its last move now
      this.coach = msg.coach ?? null; // a tutorial's coach panel (the learner's seat only)
      this.setStatus("live");
      this.handlers.onSnapshot?.(msg, this);
      if (Array.isArray(msg.chat)) this.handlers.onChat?.(msg.chat, this);
    } else if (msg.type === "update") {
      if (this.syncing || this.base === null) return; // the snapshot on its way has it all
      if (typeof msg.version === "number" && msg.version <= this.version) return;
      if (msg.version !== this.version + 1) return this.resync(); // one went missing
      try {
        this.base = applyPatch(this.base, msg.patch || []);
      } catch (err) {
        console.warn("a view patch did not apply; asking for a fresh snapshot", err);
        return this.resync();
      }
      this.version = msg.version;
      this.view = present(this.base, msg.legal);
      this.tableStatus = msg.status ?? this.tableStatus;
      this.events = this.events.concat(msg.events || []);
      this.undo = msg.undo === true;
      this.coach = msg.coach ?? null;
      this.handlers.onUpdate?.(msg, this);
    } else if (msg.type === "table") {
      // Seats or the table's status changed (someone joined, a bot took over, it finished).
      // The message carries no view: when the game starts, ask again for ours (and its legal
      // actions, which an open table does not offer yet).
      const before = this.tableStatus;
      if (msg.table?.status) this.tableStatus = msg.table.status;
      if (before === "open" && this.tableStatus !== "open") this.resync();
      this.handlers.onTable?.(msg.table, this);
    } else if (msg.type === "chat") {
      if (msg.line) this.handlers.onChat?.([msg.line], this);
    } else if (msg.type === "ack") {
      if (typeof msg.version === "number" && (this.version === null || msg.version > this.version)) {
        // The update carrying this version normally comes first; if not, it is on its way.
      }
      this.settle(msg.id, null, msg);
    } else if (msg.type === "error") {
      if (msg.id !== undefined && msg.id !== null && this.pending.has(msg.id)) {
        this.settle(msg.id, msg);
      } else if (!this.view) {
        // Refused before any snapshot: a bad token or a missing table.
        this.closed = true;
        this.setStatus("refused");
        this.handlers.onFatal?.(msg);
        this.ws?.close();
      } else {
        this.handlers.onError?.(msg);
      }
    }
  }

  settle(id, error, value) {
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    if (error) waiter.reject(Object.assign(new Error(error.message || error.error), error));
    else waiter.resolve(value);
  }

  failPending(message) {
    for (const [id, waiter] of this.pending) {
      waiter.reject(Object.assign(new Error(message), { error: "disconnected" }));
      this.pending.delete(id);
    }
  }

  /** Say hello again on the open socket: the server answers with a fresh snapshot. */
  resync() {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.syncing = true;
      this.ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
    }
  }

  /** Send one action against the version we last saw; resolves on ack, rejects on error. */
  act(action) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.version === null) {
        reject(Object.assign(new Error("Not connected yet; try again in a moment."), { error: "disconnected" }));
        return;
      }
      const id = nextId++;
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ type: "action", id, action, version: this.version }));
    });
  }

  /** Send a message that the server acknowledges (or refuses) by its id. */
  request(message) {
    return new Promise((resolve, reject) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.version === null) {
        reject(Object.assign(new Error("Not connected yet; try again in a moment."), { error: "disconnected" }));
        return;
      }
      const id = nextId++;
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  /** Take back this seat's last move (the server offers it in `this.undo`). */
  undoLast() {
    return this.request({ type: "undo", version: this.version });
  }

  /** Write a line in the table's chat. */
  say(text) {
    return this.request({ type: "chat", text });
  }

  close() {
    this.closed = true;
    this.failPending("closed");
    this.ws?.close();
  }
}
