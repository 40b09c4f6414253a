import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { pdbRow } from '@pdbscope/shared/testing';
import { SelectorCell, selectorExpressions } from './SelectorCell.js';

const web = pdbRow('shop', 'web', {
  selector: {
    matchLabels: { 'app.kubernetes.io/name': 'web' },
    matchExpressions: [
      { key: 'app.kubernetes.io/component', operator: 'In', values: ['frontend', 'edge'] },
      { key: 'canary', operator: 'DoesNotExist' },
    ],
  },
  selectorText: 'app.kubernetes.io/component in (edge,frontend),app.kubernetes.io/name=web,!canary',
});

describe('selectorExpressions', () => {
  it('lists each requirement whole, as kubectl prints it', () => {
    expect(selectorExpressions(web)).toStrictEqual([
      'app.kubernetes.io/component in (edge,frontend)',
      'app.kubernetes.io/name=web',
      '!canary',
    ]);
  });

  it('keeps the text whole when there is nothing to list: no selector, or one that does not parse', () => {
    const broken = {
      selector: { matchExpressions: [{ key: 'tier', operator: 'Near', values: ['a'] }] },
      selectorText: 'tier Near (a)',
    };
    expect([
      selectorExpressions({ selector: null, selectorText: '<none>' }),
      selectorExpressions(broken),
    ]).toStrictEqual([['<none>'], ['tier Near (a)']]);
  });
});

describe('SelectorCell', () => {
  it('names the whole selector and opens every expression in a popover', () => {
    render(<SelectorCell row={web} />);
    const button = screen.getByRole('button', {
      name: 'Selector: app.kubernetes.io/component in (edge,frontend), app.kubernetes.io/name=web, !canary',
    });
    const popover = document.getElementById(button.getAttribute('popovertarget') ?? '');
    if (popover === null) throw new Error('the button opens no popover');
    expect([
      popover.getAttribute('popover'),
      popover.getAttribute('aria-label'),
      within(popover)
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent),
    ]).toStrictEqual([
      'auto',
      'Selector of shop/web',
      ['app.kubernetes.io/component in (edge,frontend)', 'app.kubernetes.io/name=web', '!canary'],
    ]);
  });
});
