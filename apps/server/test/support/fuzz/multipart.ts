import zlib from 'node:zlib';
import fc from 'fast-check';

// Upload bodies: a real image now and then, and every way a multipart form can be broken.

const BOUNDARY = '----fuzz-boundary-7MA4YWxkTrZu0gW';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A PNG that claims 60000×60000 pixels (a decompression bomb's header) and holds almost nothing. */
function hugePngHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([PNG.subarray(0, 8), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

interface Part {
  name: string;
  data: Buffer;
  filename?: string;
  type?: string;
}

function form(parts: Part[], opts: { eol?: string; close?: boolean } = {}): Buffer {
  const eol = opts.eol ?? '\r\n';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${BOUNDARY}${eol}${disposition}${p.type ? `${eol}Content-Type: ${p.type}` : ''}${eol}${eol}`), p.data, Buffer.from(eol));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${BOUNDARY}--${eol}`));
  return Buffer.concat(chunks);
}

const fileData = fc.oneof(
  { weight: 3, arbitrary: fc.constant(PNG) },
  { weight: 1, arbitrary: fc.constant(hugePngHeader()) },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)) },
  { weight: 1, arbitrary: fc.constantFrom('GIF89a', '\xff\xd8\xff\xe0JFIF', '<svg onload="alert(1)"/>', '', '%PDF-1.4').map((text) => Buffer.from(text, 'latin1')) },
  { weight: 1, arbitrary: fc.constant(PNG.subarray(0, 20)) },
);

const filename = fc.constantFrom('a.png', '../../etc/passwd', 'a\u0000.png', 'x'.repeat(1_000) + '.png', '"quoted".png', '\u202egnp.exe', '🎉.png', '', 'a.png\r\nX-Injected: 1');
const partType = fc.constantFrom(undefined, 'image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', 'image/svg+xml', 'image/png; charset=utf-8');
const fieldName = fc.constantFrom('file', 'file', 'file', 'image', '', 'file[]', 'fil\u00e9');

const part: fc.Arbitrary<Part> = fc.record({ name: fieldName, data: fileData, filename: fc.option(filename, { nil: undefined }), type: partType }, { requiredKeys: ['name', 'data'] });

export interface Upload {
  contentType: string | undefined;
  payload: Buffer;
}

const contentTypes = fc.constantFrom(
  `multipart/form-data; boundary=${BOUNDARY}`,
  `multipart/form-data; boundary=${BOUNDARY}`,
  `multipart/form-data; boundary="${BOUNDARY}"`,
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=not-the-one',
  `multipart/form-data; boundary=${'b'.repeat(200)}`,
  'multipart/mixed; boundary=x',
  'application/json',
  'text/plain',
  undefined,
);

/** A multipart upload: well formed with a good or bad file, or broken in its framing. */
export const upload: fc.Arbitrary<Upload> = fc.oneof(
  // One file, well framed.
  { weight: 4, arbitrary: fc.record({ p: part }).map(({ p }) => ({ contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: form([p]) })) },
  // Several parts, or too many.
  { weight: 1, arbitrary: fc.array(part, { minLength: 0, maxLength: 12 }).map((parts) => ({ contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: form(parts) })) },
  // Broken framing: cut short, never closed, bare LF line ends, a wrong header.
  {
    weight: 3,
    arbitrary: fc
      .tuple(part, fc.nat({ max: 400 }), fc.constantFrom<'cut' | 'open' | 'lf'>('cut', 'open', 'lf'), contentTypes)
      .map(([p, at, how, contentType]) => {
        const payload = how === 'cut' ? form([p]).subarray(0, at) : form([p], how === 'open' ? { close: false } : { eol: '\n' });
        return { contentType, payload };
      }),
  },
  // Not a form at all.
  { weight: 1, arbitrary: fc.constantFrom<Upload>({ contentType: 'application/json', payload: Buffer.from('{"file":"x"}') }, { contentType: 'multipart/form-data; boundary=x', payload: Buffer.from('--x--') }, { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: Buffer.alloc(0) }) },
  // One byte over the 10 MB upload limit (rarely: it is slow).
  { weight: 1, arbitrary: fc.constant(null).map(() => ({ contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: form([{ name: 'file', filename: 'big.png', type: 'image/png', data: Buffer.alloc(10 * 1024 * 1024 + 1, 7) }]) })) },
);
