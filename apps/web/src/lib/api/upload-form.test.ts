import { describe, expect, it } from 'vitest';
import { uploadForm } from './upload-form';

describe('uploadForm', () => {
  it('sends the file under a safe name in the field `file`', () => {
    const file = new File(['x'], 'ignored.png', { type: 'image/png' });
    const sent = uploadForm(file, 'my: "party"?.png').get('file') as File;
    expect(sent.name).toBe('my_ _party__.png');
    expect(sent.type).toBe('image/png');
  });

  it('cuts a long name to 255 bytes and keeps the extension', () => {
    const sent = uploadForm(new Blob(['x']), `${'é'.repeat(300)}.jpg`).get('file') as File;
    expect(new TextEncoder().encode(sent.name).length).toBeLessThanOrEqual(255);
    expect(sent.name.endsWith('.jpg')).toBe(true);
  });
});
