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

/** An actor's handle (or address) and display name, as text of a name's length: what its server says is never markup here. */
export function identityOf(actor: { preferredUsername: unknown; name: unknown }, id: URL): { handle: string; name: string } {
  const handle = handleOf(actor.preferredUsername?.toString(), id) ?? id.href;
  const name = Array.from(plainText(actor.name?.toString() ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ').replace(/\s+/g, ' ').trim()).slice(0, 100).join('');
  return { handle, name: name || handle };
}
