import type { Translate } from './intl/useT';

/**
 * Copies `text` to the clipboard; where the browser has none or refuses (plain http, a permission),
 * selects `node`'s text instead, so the visitor can copy it by hand. Resolves to whether it copied.
 */
export async function copyOrSelect(text: string, node: Node | null): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (node) window.getSelection()?.selectAllChildren(node);
    return false;
  }
}

/** What the last "Copy" did: copied, or (the browser would not) the text selected to copy by hand. */
export function copyResult(t: Translate, copied: boolean | null): string | null {
  if (copied === null) return null;
  return copied ? t('totp.copied') : t('totp.copyByHand');
}
