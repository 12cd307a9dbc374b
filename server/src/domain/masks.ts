// How personal data is shown: masked, so a screen or an answer never carries the whole value.

/** 13812345678 → 138****5678, as shown in the header and the one-tap login sheet. */
export function maskTelephone(telephone: string): string {
  if (telephone.length < 7) return '*'.repeat(telephone.length);
  return `${telephone.slice(0, 3)}****${telephone.slice(-4)}`;
}

/** 张三 → *三, 欧阳娜娜 → ***娜 (the family name and all but the last character hidden). */
export function maskRealName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  return `${'*'.repeat(chars.length - 1)}${chars[chars.length - 1]}`;
}

/** 110101199003071234 → 1101**********1234 */
export function maskIdNo(idNo: string): string {
  return idNo.length <= 8 ? '*'.repeat(idNo.length) : `${idNo.slice(0, 4)}${'*'.repeat(idNo.length - 8)}${idNo.slice(-4)}`;
}
