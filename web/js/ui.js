// Small page helpers shared by every game page.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

export function toast(message, ms = 1800) {
  const box = document.getElementById('toasts');
  const t = el('div', { class: 'toast', text: message });
  box.append(t);
  setTimeout(() => t.remove(), ms);
}

export function showError(e) {
  toast(e && e.message ? e.message : String(e), 3000);
}
