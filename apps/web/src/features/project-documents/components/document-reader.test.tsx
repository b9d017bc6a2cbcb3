import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LINK_REL } from '@hubbub/contract';
import { DocumentReader } from './document-reader';

const t = (text: string, marks?: unknown[]) => ({ type: 'text', text, ...(marks ? { marks } : {}) });

describe('DocumentReader', () => {
  it('draws a stored body from its JSON: markup in text stays text, a javascript: link loses its link, a safe one opens apart', async () => {
    // As if a row had been written around the API's checks.
    const contentJson = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [t('<img src=x onerror=alert(1)><script>alert(2)</script>')] },
        { type: 'paragraph', content: [t('bad', [{ type: 'link', attrs: { href: 'javascript:alert(3)' } }]), t(' and '), t('good', [{ type: 'link', attrs: { href: 'https://example.org/' } }])] },
        { type: 'image', attrs: { src: 'https://tracker.test/pixel.gif' } },
      ],
    });
    const { container } = render(
      <MantineProvider>
        <DocumentReader contentJson={contentJson} />
      </MantineProvider>,
    );
    const reader = await screen.findByTestId('document-reader');
    expect(reader.textContent).toContain('<img src=x onerror=alert(1)><script>alert(2)</script>');
    expect(container.querySelectorAll('script, img').length).toBe(0);
    const links = [...container.querySelectorAll('a')];
    // The picture from elsewhere is not fetched: it stays as a link to where it was.
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/', 'https://tracker.test/pixel.gif']);
    expect(links[0].getAttribute('rel')).toContain('noopener');
    expect(container.innerHTML).not.toContain('javascript:');
    expect(container.querySelector('[contenteditable="true"]')).toBeNull();
  });

  it('issue 22 finding 4: a link opens apart with rel "noopener noreferrer", whatever rel, target or handlers the stored body names', async () => {
    const contentJson = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [t('tab', [{ type: 'link', attrs: { href: 'https://example.org/', rel: 'opener', target: '_self', class: 'evil', onmouseover: 'alert(2)' } }])] },
      ],
    });
    const { container } = render(
      <MantineProvider>
        <DocumentReader contentJson={contentJson} />
      </MantineProvider>,
    );
    await screen.findByTestId('document-reader');
    const link = container.querySelector('a')!;
    expect(link.getAttribute('rel')).toBe(DOCUMENT_LINK_REL);
    expect(link.getAttribute('rel')!.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.hasAttribute('class')).toBe(false);
    expect(container.innerHTML).not.toMatch(/onclick|onmouseover|opener"|evil/);
  });
});
