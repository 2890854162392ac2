import type { EventCategory } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { categoryOptions } from './category-options';

const category = (id: number, name: string, parentId: number | null, type: 'select' | 'text' = 'select') =>
  ({ id, name, parentId, type }) satisfies EventCategory;

describe('the console people form’s categories', () => {
  it('E6.08 offers options under their question and lone categories; never a question, a text question or what is under one', () => {
    const categories = [
      category(1, 'Industry', null),
      category(2, 'Fintech', 1),
      category(3, 'Health', 1),
      category(4, 'Speaker', null),
      category(5, 'Dietary needs', null, 'text'),
      category(6, 'Vegan', 5),
      category(7, 'Empty question', null),
    ];
    expect(categoryOptions(categories)).toEqual([
      { value: '4', label: 'Speaker' },
      { value: '7', label: 'Empty question' },
      {
        group: 'Industry',
        items: [
          { value: '2', label: 'Fintech' },
          { value: '3', label: 'Health' },
        ],
      },
    ]);
  });
});
