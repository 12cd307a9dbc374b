/** Which way a number went: mainland convention colours rises red and falls green (components/amount-text/sign-tone.scss). */
export type SignTone = 'rise' | 'fall' | 'flat';

/**
 * The tone of a number as displayed ('+1.23%', '-0.50', '1,234.00万', '--'): decided on the shown
 * text, so a value that rounds to zero ('0.001' → '0.00') is not coloured as a rise.
 */
export function signToneOfText(text: string): SignTone {
  if (!/[1-9]/.test(text)) return 'flat';
  return text.trimStart().startsWith('-') ? 'fall' : 'rise';
}

/** The class that colours a number by its tone (sign-tone.scss); the server's first paints wear it too. */
export function signToneClass(tone: SignTone): string {
  return `sign-tone--${tone}`;
}
