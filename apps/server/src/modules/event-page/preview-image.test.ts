import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { previewCardPng, previewCardSvg, wrapLines } from './preview-image.js';

describe('wrapLines', () => {
  it('breaks at words, cuts the last line with an ellipsis and splits a word longer than a line', () => {
    expect(wrapLines('Rooftop Jazz & Tacos', 26, 3)).toEqual(['Rooftop Jazz & Tacos']);
    expect(wrapLines('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapLines('Supercalifragilistic', 8, 3)).toEqual(['Supercal', 'ifragili', 'stic']);
    expect(wrapLines('   ', 10, 2)).toEqual([]);
  });
});

describe('the preview card', () => {
  const text = { name: 'Fair </text><script>alert(1)</script> & café 🎪', when: 'Wed, Nov 25, 7:00 PM CST', where: '"The" <Hall>', phase: 'Live' };

  it('writes every text escaped into the SVG', () => {
    const svg = previewCardSvg(text);
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('<Hall>');
    // The name is wrapped over lines, each piece escaped.
    expect(svg).toContain('>&lt;/text&gt;&lt;script&gt;alert(1)&lt;/s</text>');
    expect(svg).toContain('>cript&gt; &amp; café 🎪</text>');
    expect(svg).toContain('&quot;The&quot; &lt;Hall&gt;');
    expect(svg).toContain('>LIVE</text>');
  });

  it('is a 1200×630 PNG', async () => {
    const info = await sharp(await previewCardPng({ ...text, phase: null })).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
  });
});
