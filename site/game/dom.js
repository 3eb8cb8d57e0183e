// Building DOM without HTML strings: every text goes through textContent, never innerHTML,
// so nothing from the URL, saved data or the engine can become markup.

/**
 * `el("button", {class: "x", type: "button", onclick: fn}, "Roll")`: attributes starting with "on"
 * become listeners, `class` and other names become attributes, children are nodes or text.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace all children of `node` (text or nodes). */
export function setChildren(node, ...children) {
  node.replaceChildren();
  append(node, children);
}

export function show(node, visible) {
  node.hidden = !visible;
}
