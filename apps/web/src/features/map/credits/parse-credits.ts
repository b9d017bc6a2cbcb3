/** One piece of a map's credits: text, and a link where the style gave a web address. */
export interface CreditPart {
  text: string;
  href?: string;
}

/**
 * A hosted style's attributions are HTML (`<a href="…">© OpenStreetMap</a> contributors`).
 * They are read with DOMParser, which runs no script and loads nothing, and turned into text and
 * http(s) links; every other tag is reduced to its text, so nothing from the style is rendered as
 * HTML. Credits repeated by several sources are shown once.
 */
export function parseCredits(attributions: (string | undefined)[]): CreditPart[][] {
  const seen = new Set<string>();
  const credits: CreditPart[][] = [];
  for (const html of attributions) {
    if (!html?.trim()) continue;
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    const parts: CreditPart[] = [];
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) {
        push(parts, { text: node.textContent ?? '' });
      } else if (node instanceof HTMLAnchorElement) {
        push(parts, { text: node.textContent ?? '', href: webAddress(node.getAttribute('href')) });
      } else if (!(node instanceof HTMLElement && HIDDEN.has(node.tagName))) {
        node.childNodes.forEach(walk);
      }
    };
    body.childNodes.forEach(walk);
    const key = parts.map((p) => p.text).join('').replace(/\s+/g, ' ').trim();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    credits.push(trim(parts));
  }
  return credits;
}

/** Elements whose text is not meant to be read. */
const HIDDEN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

function webAddress(href: string | null): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Adjacent plain text joins up; whitespace collapses as it would on screen. */
function push(parts: CreditPart[], part: CreditPart) {
  const text = part.text.replace(/\s+/g, ' ');
  if (!text) return;
  const last = parts[parts.length - 1];
  if (!part.href && last && !last.href) last.text += text;
  else parts.push(part.href ? { text, href: part.href } : { text });
}

function trim(parts: CreditPart[]): CreditPart[] {
  const out = parts.map((p) => ({ ...p }));
  if (out.length) {
    out[0].text = out[0].text.trimStart();
    out[out.length - 1].text = out[out.length - 1].text.trimEnd();
  }
  return out.filter((p) => p.text);
}
