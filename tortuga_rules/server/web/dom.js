// Building the page: nodes by id, HTML and SVG elements filled from attributes.

export const SVG = "http://www.w3.org/2000/svg";
export const $ = (id) => document.getElementById(id);

export function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  return fill(node, attrs, kids);
}

export function sv(tag, attrs, ...kids) {
  const node = document.createElementNS(SVG, tag);
  return fill(node, attrs, kids);
}

export function fill(node, attrs, kids) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const kid of kids.flat()) {
    if (kid !== null && kid !== undefined) node.append(kid);
  }
  return node;
}

// Replace a node's children with ``kids``, leaving out the absent ones (null, undefined,
// false), which the DOM would otherwise write out as the text "null".
export function put(node, ...kids) {
  node.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
}
