import { describe, expect, it } from 'vitest';
import { safeContent } from './safe-content';

const withLink = (href: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'click', marks: [{ type: 'bold' }, { type: 'link', attrs: { href } }] }] }] });

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

  it('drops pictures from elsewhere and keeps uploaded ones', () => {
    const doc = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: 'https://tracker.test/pixel.gif' } },
        { type: 'image', attrs: { src: 'javascript:alert(1)' } },
        { type: 'image', attrs: { src: '/uploads/documents/a-1.webp', alt: 'Stage' } },
      ],
    });
    expect(safeContent(doc).content).toEqual([{ type: 'image', attrs: { src: '/uploads/documents/a-1.webp', alt: 'Stage' } }]);
  });

  it('answers an empty document for anything that is not one', () => {
    for (const bad of ['', 'not json', '[]', '{"type":"paragraph"}', 'null']) {
      expect(safeContent(bad)).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
    }
  });
});
