export const MAX_FILE_NAME_BYTES = 255;

// Illegal on Windows, macOS or Linux, plus % (URL escapes) and C0/C1 control characters.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const ILLEGAL_RE = /[/\\?%*:|"<>\u0000-\u001f\u007f-\u009f]/g;
// A lone surrogate cannot be encoded as UTF-8, so no file system will take it.
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Windows refuses these names even with an extension ("con.txt").
const WINDOWS_RESERVED_RE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
const TRAILING_DOTS_SPACES_RE = /[. ]+$/;
// Longer "extensions" are more likely part of the name, and cutting the name to keep them
// would lose more than it saves.
const MAX_KEPT_EXTENSION_BYTES = 32;

/** UTF-8 length of the text (a lone surrogate counts as the 3 bytes of the U+FFFD it becomes). */
function byteLength(text: string): number {
  let n = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

/** The longest prefix within `maxBytes` of UTF-8, never splitting a code point. */
function cutToBytes(text: string, maxBytes: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = byteLength(char);
    if (used + size > maxBytes) break;
    out += char;
    used += size;
  }
  return out;
}

function cut(name: string): string {
  if (byteLength(name) <= MAX_FILE_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  const extensionBytes = byteLength(extension);
  if (extension && extensionBytes <= MAX_KEPT_EXTENSION_BYTES) {
    const base = cutToBytes(name.slice(0, dot), MAX_FILE_NAME_BYTES - extensionBytes);
    return base + extension;
  }
  return cutToBytes(name, MAX_FILE_NAME_BYTES);
}

/**
 * A name every common file system accepts: illegal characters become `replacement`, trailing
 * dots and spaces (dropped silently by Windows) and reserved names are neutralised, and the
 * result fits in 255 bytes of UTF-8. Never returns '' (falls back to the replacement or '_').
 */
export function safeFileName(name: string, replacement = '_'): string {
  // A replacement that is itself illegal would reintroduce the problem it is fixing.
  const rep = replacement.replace(ILLEGAL_RE, '').replace(LONE_SURROGATE_RE, '');
  const fallback = rep || '_';
  let safe = name.replace(ILLEGAL_RE, rep).replace(LONE_SURROGATE_RE, rep);
  // Also covers "." and "..", which are nothing but trailing dots.
  safe = safe.replace(TRAILING_DOTS_SPACES_RE, rep);
  if (WINDOWS_RESERVED_RE.test(safe)) safe = fallback + safe;
  safe = cut(safe);
  // Cutting may expose a new trailing dot or space; here it just goes, as the length is spent.
  safe = safe.replace(TRAILING_DOTS_SPACES_RE, '');
  return safe === '' ? cutToBytes(fallback, MAX_FILE_NAME_BYTES) : safe;
}
