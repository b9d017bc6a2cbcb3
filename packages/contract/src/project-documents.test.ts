import { describe, expect, it } from 'vitest';
import { documentPlainText, parseDocumentContent } from './project-documents.js';

const parse = (value: unknown) => parseDocumentContent(JSON.stringify(value));

describe('parseDocumentContent', () => {
  it('takes the nodes and marks the editor makes', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, textAlign: null }, content: [{ type: 'text', text: 'Programme' }] },
        { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Book the stage', marks: [{ type: 'bold' }] }] }] }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Tickets', marks: [{ type: 'link', attrs: { href: 'https://example.org', target: '_blank', rel: 'noopener', class: null } }] }] },
        { type: 'image', attrs: { src: '/uploads/documents/a/b.webp', alt: 'Map', title: null } },
        { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [{ type: 'paragraph' }] }] }] },
      ],
    };
    expect(parse(doc).success).toBe(true);
  });

  it('refuses unknown nodes, script links, foreign pictures, stray fields and deep nesting, saying where', () => {
    const bad = (content: unknown[]) => parse({ type: 'doc', content });
    expect(bad([{ type: 'iframe' }])).toMatchObject({ success: false, issues: ['content.0.type: Unknown content "iframe".'] });
    expect(bad([{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }]).success).toBe(false);
    expect(bad([{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'data:text/html,x' } }] }] }]).success).toBe(false);
    expect(bad([{ type: 'image', attrs: { src: 'https://tracker.example/p.gif' } }]).success).toBe(false);
    expect(bad([{ type: 'paragraph', onclick: 'x' }]).success).toBe(false);
    let deep: unknown = { type: 'text', text: 'x' };
    for (let i = 0; i < 30; i++) deep = { type: 'blockquote', content: [deep] };
    expect(bad([deep]).success).toBe(false);
    expect(parseDocumentContent('nope')).toEqual({ success: false, issues: ['contentJson is not valid JSON.'] });
  });
});

describe('documentPlainText', () => {
  it('puts blocks on their own lines and keeps the words', () => {
    const parsed = parse({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'FAQ' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Parking ' }, { type: 'text', text: 'behind', marks: [{ type: 'italic' }] }, { type: 'hardBreak' }, { type: 'text', text: 'the hall' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Bring water' }] }] }] },
      ],
    });
    if (!parsed.success) throw new Error(parsed.issues.join());
    expect(documentPlainText(parsed.data)).toBe('FAQ\nParking behind\nthe hall\nBring water');
  });
});
