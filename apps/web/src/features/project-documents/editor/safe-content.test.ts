import { afterEach, describe, expect, it } from 'vitest';
import { DOCUMENT_LINK_REL } from '@hubbub/contract';
import { setContainerData } from '@/lib/container/container-data';
import { safeContent } from './safe-content';

const withLink = (href: string, attrs: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'click', marks: [{ type: 'bold' }, { type: 'link', attrs: { href, ...attrs } }] }] }] });
const PICTURE = '/uploads/documents/0b7c2f3e-9a4d-4c1e-8f2a-5d6e7f8a9b0c-a1b2c3d4e5f6.webp';
const FILE = PICTURE.slice('/uploads/documents/'.length);
const pictures = (...srcs: string[]) => JSON.stringify({ type: 'doc', content: srcs.map((src) => ({ type: 'image', attrs: { src, alt: 'Stage' } })) });

afterEach(() => setContainerData(null));

describe('safeContent', () => {
  it('keeps web and mail links', () => {
    for (const href of ['https://example.org/a?b=c', 'http://x.test', 'mailto:hi@example.org']) {
      expect(JSON.stringify(safeContent(withLink(href)))).toContain(href);
    }
  });

  it('drops links that could run script, keeping their text and other marks', () => {
    for (const href of ['javascript:alert(1)', ' javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.test']) {
      const text = safeContent(withLink(href)).content![0].content![0];
      expect(text).toEqual({ type: 'text', text: 'click', marks: [{ type: 'bold' }] });
    }
  });

  it('issue 22 finding 4: forces rel on every link, opens it apart, drops unknown attributes', () => {
    const text = safeContent(withLink('https://example.org', { rel: 'opener', target: '_self', class: 'mantine-Overlay-root', onmouseover: 'alert(1)' })).content![0].content![0];
    expect(text.marks![1]).toEqual({ type: 'link', attrs: { href: 'https://example.org', target: '_blank', rel: DOCUMENT_LINK_REL, class: null } });
    const doc = safeContent(JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [{ type: 'text', text: 'x' }] }, { type: 'image', attrs: { src: PICTURE, onerror: 'alert(2)' } }] }));
    expect(JSON.stringify(doc)).not.toMatch(/onclick|onerror|alert/);
  });

  it("issue 22 finding 5: shows only this server's uploaded pictures; one from elsewhere is never fetched but stays as a link", () => {
    const doc = safeContent(pictures(`https://tracker.test/documents/${FILE}`, 'javascript:alert(1)', PICTURE));
    expect(doc.content).toEqual([
      { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: `https://tracker.test/documents/${FILE}`, rel: DOCUMENT_LINK_REL } }], text: 'Stage' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Stage' }] },
      { type: 'image', attrs: { src: PICTURE, alt: 'Stage' } },
    ]);
  });

  it("issue 22 finding 5: takes pictures from the server's uploads URL (S3) when it names one, and from nowhere else", () => {
    const bucket = `https://cdn.example/bucket/documents/${FILE}`;
    expect(safeContent(pictures(bucket)).content![0].type).toBe('paragraph');
    setContainerData({ name: 'Hubbub', version: '1', tenants: ['hubbub'], build: '', cmsUrl: null, publicUrl: null, mapStyleUrl: null, externalProviders: [], uploadsUrl: 'https://cdn.example/bucket' });
    expect(safeContent(pictures(bucket)).content![0]).toEqual({ type: 'image', attrs: { src: bucket, alt: 'Stage' } });
    expect(safeContent(pictures(`https://cdn.example/other/documents/${FILE}`)).content![0].type).toBe('paragraph');
  });

  it('answers an empty document for anything that is not one', () => {
    for (const bad of ['', 'not json', '[]', '{"type":"paragraph"}', 'null']) {
      expect(safeContent(bad)).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    }
  });
});
