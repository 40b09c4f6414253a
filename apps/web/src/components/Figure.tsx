import type { ReactNode } from 'react';
import { formatCount } from './numbers.js';

interface FigureProps {
  /** The number (formatted with thousands separators) or what stands for it. */
  value: number | ReactNode;
  /** How it was computed, in a sentence: the tooltip and the accessible description. */
  how: string;
  className?: string;
}

/**
 * A number with its derivation on hover (and for screen readers, as the element's description),
 * so no figure on screen has to be taken on trust.
 */
export function Figure({ value, how, className }: FigureProps) {
  return (
    <span className={`figure-how${className === undefined ? '' : ` ${className}`}`} title={how}>
      {typeof value === 'number' ? formatCount(value) : value}
    </span>
  );
}
