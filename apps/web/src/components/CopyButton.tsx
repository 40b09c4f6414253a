import { useEffect, useState } from 'react';

/**
 * Puts the text on the clipboard: the Clipboard API where the page may use it (a secure context,
 * permission given), else a selected text area and the copy command, as browsers have long allowed
 * from a click. False when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard !== undefined) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): try the older way.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

const CONFIRM_MS = 2000;

/** A button that copies `text` and says "Copied" for a moment (or that it could not). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  return (
    <button
      type="button"
      onClick={() => void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
    >
      {label}
      <span role="status" className="muted">
        {state === 'copied' ? ' — Copied' : state === 'failed' ? ' — could not copy' : ''}
      </span>
    </button>
  );
}
