// Typing an amount (or a share count) on the decimal number keypad, key by key: the one rule of every purchase and
// sale form (components/purchase/amount-keypad.tsx). Pure text in, text out; the amount's checks are the forms'.

/** Integer digits an amount or a share count may have (999,999,999.99 is far beyond any bank's limit). */
export const MAX_INTEGER_DIGITS = 9;

/**
 * The text after one key of the decimal keypad ('0'–'9', '.'), or the same text when the key is refused: a
 * second point, a third decimal, a tenth integer digit, anything else. A leading zero is replaced ('0' then '5' → '5').
 */
export function typeKey(text: string, key: string): string {
  if (key === '.') {
    if (text.includes('.')) return text;
    return text === '' ? '0.' : `${text}.`;
  }
  if (!/^\d$/.test(key)) return text;
  const [whole = '', fraction] = text.split('.');
  if (fraction !== undefined) return fraction.length >= 2 ? text : text + key;
  if (whole === '0') return key;
  return whole.length >= MAX_INTEGER_DIGITS ? text : text + key;
}

/** The text after the keypad's delete key: the last character goes. */
export function deleteKey(text: string): string {
  return text.slice(0, -1);
}
