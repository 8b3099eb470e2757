// Tiny DOM helpers. Text always goes in as text (never as HTML), so a memory's content cannot inject markup.

/** h('button', {type: 'button', onclick: f}, 'Confirm') → an element; null/false children are skipped. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) {
      continue;
    }
    if (k.startsWith('on') && typeof v === 'function') {
      el.addEventListener(k.slice(2), v);
    } else if (k === 'value') {
      continue; // set below, once a select has its options
    } else if (k === 'class') {
      el.className = v;
    } else if (k in el && typeof v !== 'string') {
      el[k] = v; // value, hidden, checked, disabled …
    } else {
      el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  if (attrs && attrs.value !== undefined && attrs.value !== null) {
    el.value = attrs.value; // a property: a textarea ignores a value attribute
  }
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) {
      continue;
    }
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** An instant as "2026-05-09 10:00 UTC": the same on every machine, whatever its time zone. */
export function when(iso) {
  if (!iso) {
    return '—';
  }
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) {
    return String(iso);
  }
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export const TYPES = [
  ['long_term_preference', 'preference'],
  ['project_negative', 'negative'],
  ['project_advance', 'advance'],
  ['project_positive', 'positive'],
  ['market_info', 'market info'],
  ['temp_status', 'temporary'],
];

export const STATUSES = ['active', 'pending', 'expired', 'superseded', 'rejected', 'deleted'];

export function typeLabel(type) {
  const found = TYPES.find(([t]) => t === type);
  return found ? found[1] : type;
}

export function typeBadge(type) {
  return h('span', { class: `badge type-${type}`, title: type }, typeLabel(type));
}

export function statusBadge(status) {
  return h('span', { class: `status status-${status}` }, status);
}
