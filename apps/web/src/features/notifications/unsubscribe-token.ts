/**
 * The token of an unsubscribe link, or null when there is none. Mail apps that rewrap plain-text
 * links can leave spaces or line breaks inside one; a token never contains whitespace, so it goes.
 */
export function unsubscribeToken(raw: string | null | undefined): string | null {
  const token = raw?.replace(/\s+/g, '') ?? '';
  return token || null;
}
