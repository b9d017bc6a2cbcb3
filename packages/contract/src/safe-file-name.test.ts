import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME_BYTES, safeFileName } from './safe-file-name.js';

// The contract compiles without DOM or Node types; both runtimes have these globals.
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('safeFileName', () => {
  it('keeps an ordinary name unchanged', () => {
    expect(safeFileName('Summer party flyer.png')).toBe('Summer party flyer.png');
    expect(safeFileName('.hidden')).toBe('.hidden');
    expect(safeFileName('Café – 日本.pdf')).toBe('Café – 日本.pdf');
  });

  it('replaces each illegal character with an underscore', () => {
    expect(safeFileName('a/b\\c?d%e*f:g|h"i<j>k')).toBe('a_b_c_d_e_f_g_h_i_j_k');
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
  });

  it('replaces control characters', () => {
    expect(safeFileName('a\u0000b\nc\td\u001fe\u007ff\u0085g')).toBe('a_b_c_d_e_f_g');
  });

  it('uses a custom replacement, including an empty one', () => {
    expect(safeFileName('a:b', '-')).toBe('a-b');
    expect(safeFileName('a:b', '')).toBe('ab');
  });

  it('does not let an illegal replacement reintroduce the problem', () => {
    expect(safeFileName('a:b', '/')).toBe('ab');
    expect(safeFileName('a:b', '<->')).toBe('a-b');
  });

  it('neutralises "." and ".."', () => {
    expect(safeFileName('.')).toBe('_');
    expect(safeFileName('..')).toBe('_');
    expect(safeFileName('...')).toBe('_');
    expect(safeFileName('..', '')).toBe('_');
  });

  it('replaces trailing dots and spaces, which Windows drops', () => {
    expect(safeFileName('report.')).toBe('report_');
    expect(safeFileName('report. . ')).toBe('report_');
    expect(safeFileName('report ', '')).toBe('report');
    expect(safeFileName(' leading is fine')).toBe(' leading is fine');
  });

  it('prefixes Windows reserved device names', () => {
    expect(safeFileName('CON')).toBe('_CON');
    expect(safeFileName('nul.txt')).toBe('_nul.txt');
    expect(safeFileName('com1.log')).toBe('_com1.log');
    expect(safeFileName('LPT9')).toBe('_LPT9');
    expect(safeFileName('console.txt')).toBe('console.txt');
    expect(safeFileName('com10')).toBe('com10');
  });

  it('never returns an empty name', () => {
    expect(safeFileName('')).toBe('_');
    expect(safeFileName('', '-')).toBe('-');
    expect(safeFileName('', '')).toBe('_');
    expect(safeFileName('   ')).toBe('_');
    expect(safeFileName('///', '')).toBe('_');
  });

  it('replaces lone surrogates, which UTF-8 cannot encode', () => {
    expect(safeFileName('a\ud800b')).toBe('a_b');
    expect(safeFileName('a\udc00')).toBe('a_');
    expect(safeFileName('ok😀')).toBe('ok😀');
  });

  it('keeps a name of exactly 255 bytes', () => {
    const name = 'a'.repeat(251) + '.txt';
    expect(bytes(name)).toBe(255);
    expect(safeFileName(name)).toBe(name);
  });

  it('cuts ASCII to 255 bytes, keeping the extension', () => {
    const result = safeFileName('a'.repeat(300) + '.jpeg');
    expect(bytes(result)).toBe(MAX_FILE_NAME_BYTES);
    expect(result).toBe('a'.repeat(250) + '.jpeg');
  });

  it('cuts 3-byte characters at exactly 255 bytes', () => {
    const result = safeFileName('€'.repeat(100)); // 300 bytes, 85 × 3 = 255
    expect(result).toBe('€'.repeat(85));
    expect(bytes(result)).toBe(255);
  });

  it('never splits a 2-byte character to reach 255', () => {
    const result = safeFileName('é'.repeat(200)); // 255 would fall mid-character
    expect(result).toBe('é'.repeat(127));
    expect(bytes(result)).toBe(254);
    expect(result).not.toContain('\ufffd');
  });

  it('never splits a 4-byte emoji', () => {
    const result = safeFileName('a' + '😀'.repeat(100));
    expect(bytes(result)).toBeLessThanOrEqual(255);
    expect(result).toBe('a' + '😀'.repeat(63)); // 1 + 252 bytes; one more would be 257
    expect(new TextDecoder().decode(new TextEncoder().encode(result))).toBe(result);
  });

  it('cuts multi-byte text before the extension', () => {
    const result = safeFileName('日'.repeat(100) + '.pdf'); // 304 bytes
    expect(result.endsWith('.pdf')).toBe(true);
    expect(bytes(result)).toBe(253); // 83 × 3 + 4; an 84th 日 would make 256
    expect(result).toBe('日'.repeat(83) + '.pdf');
  });

  it('does not keep an implausibly long "extension"', () => {
    const result = safeFileName('name.' + 'x'.repeat(300));
    expect(bytes(result)).toBe(255);
    expect(result.startsWith('name.')).toBe(true);
  });

  it('does not leave a trailing dot or space after cutting', () => {
    const result = safeFileName('a'.repeat(254) + ' b');
    expect(result).toBe('a'.repeat(254));
    const dotted = safeFileName('a'.repeat(254) + '. ' + 'b'.repeat(40));
    expect(dotted).toBe('a'.repeat(254));
  });

  it('keeps a short extension even when the base ends in dots', () => {
    const result = safeFileName('a'.repeat(254) + '..b');
    expect(result).toBe('a'.repeat(253) + '.b');
  });

  it('counts the replacement in the byte budget', () => {
    const result = safeFileName(':'.repeat(200), '€');
    expect(bytes(result)).toBe(255);
  });
});
