import { describe, expect, it } from 'vitest';
import { gradients } from '@hubbub/contract/catalogues';
import { filterGradients, pageOf } from './gradient-search';

const list = [
  { name: 'Blue Raspberry', colors: ['#00b4db', '#0083b0'] },
  { name: 'Cherry', colors: ['#eb3349', '#f45c43'] },
  { name: 'Blue Skies', colors: ['#56ccf2', '#2f80ed'] },
];

describe('filterGradients', () => {
  it('matches every word, ignoring case', () => {
    expect(filterGradients('blue', list).map((g) => g.name)).toEqual(['Blue Raspberry', 'Blue Skies']);
    expect(filterGradients('SKIES blue', list).map((g) => g.name)).toEqual(['Blue Skies']);
    expect(filterGradients('  ', list)).toBe(list);
  });

  it('searches the real catalogue', () => {
    expect(gradients.length).toBeGreaterThan(350);
    expect(filterGradients(gradients[0].name)[0]).toBe(gradients[0]);
  });
});

describe('pageOf', () => {
  it('finds the page of the chosen gradient', () => {
    expect(pageOf(list, 'Blue Skies', 2)).toBe(2);
    expect(pageOf(list, 'Nope', 2)).toBe(1);
    expect(pageOf(list, null, 2)).toBe(1);
  });
});
