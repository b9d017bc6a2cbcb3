import { describe, expect, it } from 'vitest';
import { renderDocumentHtml } from './html.js';

const t = (text: string, marks?: unknown[]) => ({ type: 'text', text, ...(marks ? { marks } : {}) });
const page = (content: unknown[], images = new Map<string, string>()) =>
  renderDocumentHtml({ title: 'FAQ <b>', content: { type: 'doc', content } as never, images, generatedAt: new Date('2026-11-25T00:00:00Z') });

describe('renderDocumentHtml', () => {
  it('renders every node and mark of the schema', () => {
    const html = page([
      { type: 'heading', attrs: { level: 1 }, content: [t('Programme')] },
      { type: 'paragraph', content: [t('Bold', [{ type: 'bold' }]), t(' and '), t('site', [{ type: 'link', attrs: { href: 'https://example.org/?a=1&b=2' } }])] },
      { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [t('Third')] }] }] },
      { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [{ type: 'paragraph', content: [t('Done')] }] }] },
      { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colspan: 2 }, content: [{ type: 'paragraph', content: [t('Time')] }] }] }] },
      { type: 'image', attrs: { src: '/uploads/documents/a.webp', alt: 'Stage "plan"' } },
    ], new Map([['/uploads/documents/a.webp', 'data:image/webp;base64,AAAA']]));
    expect(html).toContain('<title>FAQ &lt;b&gt;</title>');
    expect(html).toContain('<h2>Programme</h2>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<a href="https://example.org/?a=1&amp;b=2" rel="noopener noreferrer nofollow">site</a>');
    expect(html).toContain('<ol start="3"><li><p>Third</p></li></ol>');
    expect(html).toContain('<input type="checkbox" disabled checked');
    expect(html).toContain('<th colspan="2"><p>Time</p></th>');
    expect(html).toContain('<img src="data:image/webp;base64,AAAA" alt="Stage &quot;plan&quot;">');
  });

  it('lets no script, handler or outside request through', () => {
    const html = page([
      { type: 'paragraph', content: [t('<script>alert(1)</script><img src=x onerror=alert(2)>'), t('x', [{ type: 'link', attrs: { href: 'javascript:alert(3)' } }])] },
      { type: 'image', attrs: { src: 'https://tracker.test/p.gif', alt: 'pixel' } },
    ]);
    expect(html).not.toMatch(/<script|<img src=x|javascript:|tracker\.test/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('[Picture: pixel]');
    expect(html).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
  });
});
