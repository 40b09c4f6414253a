import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.js';

describe('readCookie', () => {
  it('finds one cookie among others, by its exact name', () => {
    const header = 'theme=dark; xpdbscope_session=no;pdbscope_session=abc-_1; other=x=y';
    expect([
      readCookie(header, 'pdbscope_session'),
      readCookie(header, 'other'),
      readCookie(header, 'missing'),
      readCookie(undefined, 'pdbscope_session'),
      readCookie('broken', 'broken'),
    ]).toStrictEqual(['abc-_1', 'x=y', undefined, undefined, undefined]);
  });
});
