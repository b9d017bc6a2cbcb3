import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { FlyerContent } from '@hubbub/contract';
import { FlyerCard } from './flyer-card';


const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

const content: FlyerContent = {
  version: 1,
  background: { kind: 'solid', color: '#112233' },
  blocks: [
    { kind: 'image', id: 'i', x: 0.5, y: 0.5, width: 0.5 },
    { kind: 'text', id: 't', text: '<b>Not bold</b>', fontSize: 40, color: '#ffffff', align: 'left', x: 0.1, y: 0.2 },
    { kind: 'emoji', id: 'e', emoji: '🎉', name: 'party-popper', size: 64, x: 0.5, y: 0.8 },
  ],
  imagePath: '/files/flyers/a.webp',
};

describe('FlyerCard', () => {
  it('draws text as text, stickers and the picture, labelled for screen readers', () => {
    const { container } = wrap(<FlyerCard contentJson={JSON.stringify(content)} name="Party" flyerId="f1" size="sm" />);
    const card = screen.getByRole('img', { name: 'Flyer “Party”: picture. <b>Not bold</b>. party popper' });
    expect(card.dataset.testid).toBe('flyer-card');
    expect(card.dataset.flyerId).toBe('f1');
    expect(card.style.width).toBe('180px');
    expect(card.textContent).toContain('<b>Not bold</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(card.textContent).toContain('🎉');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/files/flyers/a.webp');
  });

  it('prefers a local picture and takes a flyer object', () => {
    const { container } = wrap(
      <FlyerCard flyer={{ id: 'f2', name: 'From flyer', contentJson: JSON.stringify(content) }} imageUrl="blob:local" size={200} />,
    );
    expect(screen.getByTestId('flyer-card').dataset.flyerId).toBe('f2');
    expect(screen.getByRole('img', { name: /From flyer/ })).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:local');
  });

  it('paints a gradient background', () => {
    wrap(<FlyerCard content={{ ...content, background: { kind: 'gradient', name: 'G', colors: ['#000000', '#ffffff'], angle: 90 } }} name="G" />);
    expect(screen.getByTestId('flyer-card').getAttribute('style')).toContain('linear-gradient(90deg');
  });

  it.each(['not json', JSON.stringify({ ...content, version: 7 }), JSON.stringify({ version: 1 })])('shows a neutral card for %s', (json) => {
    wrap(<FlyerCard contentJson={json} name="Broken" />);
    const card = screen.getByRole('img', { name: "Flyer “Broken”: this flyer can't be shown" });
    expect(card.textContent).toBe("This flyer can't be shown");
    expect(card.hasAttribute('data-invalid')).toBe(true);
  });
});
