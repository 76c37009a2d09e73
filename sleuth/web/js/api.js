// The HTTP side of docs/server.md: JSON in, JSON out, errors as ApiError.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "network", "The server cannot be reached.");
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (!res.ok) {
    // Our errors are {error, message}; FastAPI's own are {detail}.
    const detail = data && (data.message || (typeof data.detail === "string" ? data.detail : null));
    throw new ApiError(res.status, data && data.error, detail || `HTTP ${res.status}`);
  }
  return data;
}

export const api = {
  request: call, // any other endpoint (the companions')
  games: () => call("GET", "/api/games"),
  tables: () => call("GET", "/api/tables"),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/api/tables", { body }),
  tutorial: (game) => call("POST", `/api/games/${encodeURIComponent(game)}/tutorial`, { body: {} }),
  join: (id, body) => call("POST", `/api/tables/${encodeURIComponent(id)}/join`, { body }),
  view: (id, token) => call("GET", `/api/tables/${encodeURIComponent(id)}/view`, { token }),
  replay: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay`),
  replayStep: (id, step) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay?step=${step}`),
  bringIn: (body) => call("POST", "/api/replays", { body }),
  rematch: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, { body: {}, token }),
  setPace: (id, pace, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/pace`, { body: { pace }, token }),
  botSeat: (id, seat, level, token) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}/bot`, { body: level ? { level } : {}, token }),
  boardSvg: async (game) => {
    const res = await fetch(`/api/games/${encodeURIComponent(game)}/board.svg`);
    if (!res.ok) throw new ApiError(res.status, "board", "The board picture is missing.");
    return res.text();
  },
};

/** Seat names for a game description: "detective" -> "Detective 2". */
export function seatLabel(seatName, seat) {
  const word = seatName || "player";
  return `${word[0].toUpperCase()}${word.slice(1)} ${seat + 1}`;
}
