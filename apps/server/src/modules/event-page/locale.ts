import { supportedLocale } from '@hubbub/contract';

/** The locale a page is written in when the reader's browser names none Hubbub can use. */
export const FALLBACK_LOCALE = 'en-US';

/**
 * The reader's preferred locale from Accept-Language ("de-CH,de;q=0.9,en;q=0.5"): the first by
 * weight that the runtime can format dates in, canonical ("de-CH"); en-US when none is. A header
 * that is not one (too long, odd characters) counts as absent.
 */
export function readerLocale(acceptLanguage: string | string[] | undefined): string {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header || header.length > 512) return FALLBACK_LOCALE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(r.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const locale = supportedLocale(tag);
    if (locale) return locale;
  }
  return FALLBACK_LOCALE;
}
