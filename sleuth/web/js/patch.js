// JSON Patch (RFC 6902): the server sends what changed in a seat's view as a list of
// operations; applyPatch carries them out, in order, on the document the page holds.
// It changes `doc` in place (and returns the new root, which `replace ""` changes).
// A bad operation throws PatchError: the caller then asks for a fresh snapshot.

export class PatchError extends Error {
  name = "PatchError";
}

/** The reference tokens of a JSON Pointer (RFC 6901): "/a~1b/0" -> ["a/b", "0"]. */
export function parsePointer(pointer) {
  if (pointer === "") return [];
  if (pointer[0] !== "/") throw new PatchError(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function index(list, token, forAdd) {
  if (forAdd && token === "-") return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`not an array index: ${token}`);
  const i = Number(token);
  if (i > list.length || (!forAdd && i === list.length)) throw new PatchError(`index ${i} is out of range`);
  return i;
}

/** The container holding the pointer's last token, and that token. */
function parentOf(doc, tokens) {
  let node = doc;
  for (const token of tokens.slice(0, -1)) {
    if (Array.isArray(node)) node = node[index(node, token, false)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) node = node[token];
    else throw new PatchError(`no such path: /${tokens.join("/")}`);
  }
  if (!Array.isArray(node) && !isObject(node)) throw new PatchError(`no such path: /${tokens.join("/")}`);
  return [node, tokens[tokens.length - 1]];
}

function get(doc, tokens) {
  if (!tokens.length) return doc;
  const [node, key] = parentOf(doc, tokens);
  if (Array.isArray(node)) return node[index(node, key, false)];
  if (!Object.prototype.hasOwnProperty.call(node, key)) throw new PatchError(`no such path: /${tokens.join("/")}`);
  return node[key];
}

function add(doc, tokens, value) {
  if (!tokens.length) return value;
  const [node, key] = parentOf(doc, tokens);
  if (Array.isArray(node)) node.splice(index(node, key, true), 0, value);
  else node[key] = value;
  return doc;
}

function remove(doc, tokens) {
  if (!tokens.length) throw new PatchError("cannot remove the whole document");
  const [node, key] = parentOf(doc, tokens);
  if (Array.isArray(node)) node.splice(index(node, key, false), 1);
  else if (Object.prototype.hasOwnProperty.call(node, key)) delete node[key];
  else throw new PatchError(`no such path: /${tokens.join("/")}`);
  return doc;
}

function replace(doc, tokens, value) {
  if (!tokens.length) return value;
  get(doc, tokens); // it must exist
  const [node, key] = parentOf(doc, tokens);
  node[Array.isArray(node) ? index(node, key, false) : key] = value; // in place: keys keep their order
  return doc;
}

function equal(a, b) {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]));
  }
  return false;
}

const copy = (value) => (value !== null && typeof value === "object" ? structuredClone(value) : value);

/** Apply `ops` to `doc` in order; returns the resulting document. Throws PatchError. */
export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new PatchError("a patch is a list of operations");
  for (const op of ops) {
    if (!op || typeof op.path !== "string") throw new PatchError("an operation needs a path");
    const path = parsePointer(op.path);
    switch (op.op) {
      case "add":
        doc = add(doc, path, copy(op.value));
        break;
      case "remove":
        doc = remove(doc, path);
        break;
      case "replace":
        doc = replace(doc, path, copy(op.value));
        break;
      case "move": {
        const from = parsePointer(op.from);
        if (op.path.startsWith(`${op.from}/`)) throw new PatchError("cannot move a value into itself");
        const value = get(doc, from);
        doc = add(remove(doc, from), path, value);
        break;
      }
      case "copy":
        doc = add(doc, path, copy(get(doc, parsePointer(op.from))));
        break;
      case "test":
        if (!equal(get(doc, path), op.value)) throw new PatchError(`test failed at ${op.path}`);
        break;
      default:
        throw new PatchError(`unknown operation ${op.op}`);
    }
  }
  return doc;
}
