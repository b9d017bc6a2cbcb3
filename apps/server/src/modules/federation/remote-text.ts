// What other servers say of themselves, as text shown here: never markup, a name's length at most.

/** What a remote server wrote as HTML (a Flag's comment), as the plain text it shows: nothing of it is ever markup here. */
export function plainText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (all, name: string) => {
      if (name[0] !== '#') return entities[name.toLowerCase()] ?? all;
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `@name@server` from what an actor's server calls it; null when the name is not a handle's. */
export function handleOf(preferredUsername: string | undefined, id: URL): string | null {
  return preferredUsername && /^[\p{L}\p{N}_.-]{1,100}$/u.test(preferredUsername) ? `@${preferredUsername}@${id.host}` : null;
}

/** Plain text on one line: control and line-breaking characters become spaces. */
export const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim();

/** At most `max` characters (code points: an emoji is not cut in half). */
export const clip = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/** An actor's handle (or address) and display name, as text of a name's length: what its server says is never markup here. */
export function identityOf(actor: { preferredUsername: unknown; name: unknown }, id: URL): { handle: string; name: string } {
  const handle = handleOf(actor.preferredUsername?.toString(), id) ?? id.href;
  const name = clip(oneLine(plainText(actor.name?.toString() ?? '')), 100);
  return { handle, name: name || handle };
}
