import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LINK_REL, documentPlainText, isDocumentImageSrc, parseDocumentContent, sanitizeDocumentContent, type DocumentContentOptions } from './project-documents.js';

const parse = (value: unknown, options?: DocumentContentOptions) => parseDocumentContent(JSON.stringify(value), options);
const PICTURE = '/uploads/documents/0b7c2f3e-9a4d-4c1e-8f2a-5d6e7f8a9b0c-a1b2c3d4e5f6.webp';
const FILE = PICTURE.slice('/uploads/documents/'.length);

describe('parseDocumentContent', () => {
  it('takes the nodes and marks the editor makes', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2, textAlign: null }, content: [{ type: 'text', text: 'Programme' }] },
        { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Book the stage', marks: [{ type: 'bold' }] }] }] }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Tickets', marks: [{ type: 'link', attrs: { href: 'https://example.org', target: '_blank', rel: 'noopener', class: null, title: null } }] }] },
        { type: 'image', attrs: { src: PICTURE, alt: 'Map', title: null } },
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

const link = (attrs: Record<string, unknown>) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs }] }] }] });
const ok = (value: unknown, options?: DocumentContentOptions) => {
  const result = parse(value, options);
  if (!result.success) throw new Error(result.issues.join('; '));
  return result.data;
};

describe('issue 22 finding 4: a body is stored as its strict form', () => {
  it('refuses unknown attributes on nodes, pictures and links, saying where', () => {
    expect(parse({ type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'alert(1)' } }] })).toMatchObject({ success: false, issues: [expect.stringMatching(/^content\.0\.attrs: .*onclick/)] });
    expect(parse({ type: 'doc', content: [{ type: 'image', attrs: { src: PICTURE, onerror: 'alert(1)' } }] }).success).toBe(false);
    expect(parse(link({ href: 'https://example.org', onmouseover: 'alert(1)' })).success).toBe(false);
    expect(parse(link({ href: 'https://example.org', class: 'mantine-Overlay-root' })).success).toBe(false);
    expect(parse({ type: 'doc', content: [{ type: 'codeBlock', attrs: { language: 'js mantine-Overlay-root' } }] }).success).toBe(false);
    expect(parse({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'doc' }] }] }).success).toBe(false);
  });

  it('forces rel="noopener noreferrer nofollow" on every link and allows no target but _blank', () => {
    const stored = ok(link({ href: 'https://example.org', rel: 'opener', target: '_blank' }));
    expect(stored.content![0].content![0].marks).toEqual([{ type: 'link', attrs: { href: 'https://example.org', target: '_blank', rel: DOCUMENT_LINK_REL } }]);
    expect(DOCUMENT_LINK_REL.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    expect(ok(link({ href: 'mailto:a@b.example' })).content![0].content![0].marks![0].attrs).toEqual({ href: 'mailto:a@b.example', rel: DOCUMENT_LINK_REL });
    for (const target of ['_self', '_top', 'opener', '']) expect(parse(link({ href: 'https://example.org', target })).success, target).toBe(false);
  });

  it("rebuilds the body from what it checked, so the stored text is the editor's own form", () => {
    // As the editor writes it (getJSON): the strict form is the same, key for key.
    const editorJson = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: 'https://x.org', target: '_blank', rel: DOCUMENT_LINK_REL, class: null, title: null } }], text: 'link' }] },
        { type: 'image', attrs: { src: PICTURE, alt: 'A', title: null, width: null, height: null } },
        { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableCell', attrs: { colspan: 1, rowspan: 1, colwidth: null, align: null }, content: [{ type: 'paragraph' }] }] }] },
      ],
    };
    expect(JSON.stringify(ok(editorJson))).toBe(JSON.stringify(editorJson));
    // Keys in another order come back in the editor's order; nothing unchecked survives.
    expect(JSON.stringify(ok({ content: [{ content: [{ text: 'a', type: 'text' }], type: 'paragraph' }], type: 'doc' }))).toBe('{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"a"}]}]}');
  });
});

describe('issue 22 finding 5: pictures only from this server', () => {
  it('takes exactly the path an upload answers, under /uploads/ or the configured uploads URL', () => {
    const image = (src: string) => ({ type: 'doc', content: [{ type: 'image', attrs: { src } }] });
    expect(parse(image(PICTURE)).success).toBe(true);
    const cdn = { uploadsUrl: 'https://cdn.example/bucket/' };
    expect(parse(image(`https://cdn.example/bucket/documents/${FILE}`), cdn).success).toBe(true);
    for (const src of [
      `https://tracker.example/documents/${FILE}`,
      `http://192.168.1.1/documents/${FILE}`,
      `https://cdn.example/bucketx/documents/${FILE}`,
      `//tracker.example/uploads/documents/${FILE}`,
      '/uploads/documents/../../api/v1/account',
      '/uploads/documents/a/b.webp',
      `${PICTURE}?x=1`,
      `/uploads/avatars/${FILE}`,
    ]) {
      expect(parse(image(src), cdn).success, src).toBe(false);
      expect(isDocumentImageSrc(src, cdn), src).toBe(false);
    }
    expect(parse(image(`https://cdn.example/bucket/documents/${FILE}`)).success).toBe(false);
  });
});

describe('issue 22: sanitizeDocumentContent (stored bodies from before, and what a screen draws)', () => {
  it('keeps every word, drops unsafe attributes, forces rel and turns a foreign picture into a link', () => {
    const legacy = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { onclick: 'alert(1)', textAlign: 'center' }, content: [{ type: 'text', text: 'Hello', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.org', rel: 'opener', target: '_self', class: 'x', onmouseover: 'y' } }] }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'run', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] },
        { type: 'image', attrs: { src: 'https://tracker.example/documents/pixel.gif', alt: 'Stage plan', onerror: 'alert(2)' } },
        { type: 'image', attrs: { src: 'https://tracker.example/documents/p2.gif' } },
        { type: 'image', attrs: { src: PICTURE, alt: 'Ours', onerror: 'alert(3)' } },
      ],
    };
    const clean = sanitizeDocumentContent(legacy);
    expect(clean).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { textAlign: 'center' }, content: [{ type: 'text', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.org', target: '_blank', rel: DOCUMENT_LINK_REL, class: null } }], text: 'Hello' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'run' }] },
        { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: 'https://tracker.example/documents/pixel.gif', rel: DOCUMENT_LINK_REL } }], text: 'Stage plan' }] },
        { type: 'paragraph', content: [{ type: 'text', marks: [{ type: 'link', attrs: { href: 'https://tracker.example/documents/p2.gif', rel: DOCUMENT_LINK_REL } }], text: 'https://tracker.example/documents/p2.gif' }] },
        { type: 'image', attrs: { src: PICTURE, alt: 'Ours' } },
      ],
    });
    expect(parse(clean).success).toBe(true);
    expect(documentPlainText(clean)).toBe('Hello\nrun\nStage plan\nhttps://tracker.example/documents/p2.gif\nOurs');
  });

  it('always answers a body the strict rules accept, and leaves one they accept as it is (property)', () => {
    const leaf = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null));
    const attrs = fc.dictionary(fc.constantFrom('level', 'checked', 'src', 'alt', 'href', 'rel', 'target', 'class', 'onclick', 'start', 'language', 'colspan', 'textAlign'), fc.oneof(leaf, fc.constantFrom(PICTURE, 'https://x.example', '_blank', 2)));
    const type = fc.constantFrom('doc', 'paragraph', 'heading', 'text', 'image', 'bulletList', 'listItem', 'taskItem', 'codeBlock', 'table', 'tableCell', 'link', 'bold', 'script', 'hardBreak');
    const { node } = fc.letrec((tie) => ({
      node: fc.record({ type, text: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }), attrs: fc.option(attrs, { nil: undefined }), marks: fc.option(fc.array(tie('mark'), { maxLength: 3 }), { nil: undefined }), content: fc.option(fc.array(tie('node'), { maxLength: 4 }), { nil: undefined }) }, { requiredKeys: ['type'] }),
      mark: fc.record({ type, attrs: fc.option(attrs, { nil: undefined }) }, { requiredKeys: ['type'] }),
    }));
    fc.assert(
      fc.property(fc.array(node, { maxLength: 5 }), (content) => {
        const clean = sanitizeDocumentContent({ type: 'doc', content });
        const again = parse(clean);
        expect(again.success).toBe(true);
        expect(sanitizeDocumentContent(clean)).toEqual(clean);
        if (again.success) expect(JSON.stringify(again.data)).toBe(JSON.stringify(clean));
      }),
      { numRuns: 300, seed: 22 },
    );
  });

  it('keeps the words of a body nested too deep, and answers an empty document for what is not one', () => {
    let deep: unknown = { type: 'paragraph', content: [{ type: 'text', text: 'bottom' }] };
    for (let i = 0; i < 40; i++) deep = { type: 'blockquote', content: [deep] };
    const clean = sanitizeDocumentContent({ type: 'doc', content: [deep] });
    expect(parse(clean).success).toBe(true);
    expect(documentPlainText(clean)).toBe('bottom');
    for (const bad of [null, [], 'doc', { type: 'paragraph' }]) expect(sanitizeDocumentContent(bad)).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});
