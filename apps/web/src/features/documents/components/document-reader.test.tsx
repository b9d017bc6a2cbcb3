import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
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
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/']);
    expect(links[0].getAttribute('rel')).toContain('noopener');
    expect(container.innerHTML).not.toContain('javascript:');
    expect(container.querySelector('[contenteditable="true"]')).toBeNull();
  });
});
