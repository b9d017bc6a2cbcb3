import { describe, expect, it } from 'vitest';
import { documentMarkdown } from './markdown';

const t = (text: string, marks?: unknown[]) => ({ type: 'text', text, ...(marks ? { marks } : {}) });

describe('documentMarkdown', () => {
  it('writes headings, marks, links, lists, check lists, quotes and tables as Markdown', () => {
    const contentJson = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [t('Programme')] },
        { type: 'paragraph', content: [t('Doors at '), t('six', [{ type: 'bold' }]), t(', see '), t('map', [{ type: 'link', attrs: { href: 'https://example.org/map' } }])] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [t('Lanterns')] }] }] },
        { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [{ type: 'paragraph', content: [t('Book the band')] }] }] },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [t('Bring a torch')] }] },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableHeader', content: [{ type: 'paragraph', content: [t('Time')] }] }, { type: 'tableHeader', content: [{ type: 'paragraph', content: [t('What')] }] }] },
            { type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph', content: [t('18:00')] }] }, { type: 'tableCell', content: [{ type: 'paragraph', content: [t('Doors')] }] }] },
          ],
        },
      ],
    });
    const md = documentMarkdown({ title: 'Run  sheet', contentJson });
    expect(md.startsWith('# Run sheet\n\n## Programme\n')).toBe(true);
    expect(md).toContain('Doors at **six**, see [map](https://example.org/map)');
    expect(md).toMatch(/^[-*] Lanterns$/m);
    expect(md).toMatch(/^[-*] \[x\] Book the band$/m);
    expect(md).toContain('> Bring a torch');
    expect(md).toMatch(/\|\s*Time\s*\|\s*What\s*\|/);
    expect(md).toMatch(/\|\s*18:00\s*\|\s*Doors\s*\|/);
  });

  it('leaves out links that are not safe', () => {
    const contentJson = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [t('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])] }] });
    expect(documentMarkdown({ title: 'T', contentJson })).not.toContain('javascript');
  });
});
