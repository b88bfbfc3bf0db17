import { describe, expect, it } from 'vitest';
import { importCycles } from './check-import-cycles.ts';

describe('the import cycle check', () => {
  it('finds a cycle through several modules and a module importing itself, and nothing else', () => {
    const edges = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    const cycles = importCycles([...edges.keys()], edges).map((c) => [...c].sort());
    expect(cycles).toEqual(expect.arrayContaining([['a', 'b', 'c'], ['e']]));
    expect(cycles).toHaveLength(2);
  });

  it('finds none in a tree', () => {
    const edges = new Map<string, string[]>([
      ['a', ['b', 'c']],
      ['b', ['c']],
      ['c', []],
    ]);
    expect(importCycles([...edges.keys()], edges)).toEqual([]);
  });
});
