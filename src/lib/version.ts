/**
 * Version comparison for the native apps: dotted versions ('6.91.0', '12.32.0') and the fund app's
 * numeric build numbers (6910).
 */

/** Parts of a dotted version; non-numeric tails ('12.32.0-beta') count from their leading digits. */
function versionParts(version: string): number[] {
  return version
    .trim()
    .split('.')
    .map((part) => {
      const digits = /^\d+/.exec(part);
      return digits ? Number(digits[0]) : 0;
    });
}

/**
 * -1, 0 or 1 as dotted version a compares to b, part by part as integers; missing parts count as 0
 * ('6.91' equals '6.91.0', '6.9' is below '6.10', '12.32.0' is above '12.4').
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = versionParts(a);
  const right = versionParts(b);
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i += 1) {
    const l = left[i] ?? 0;
    const r = right[i] ?? 0;
    if (l !== r) return l < r ? -1 : 1;
  }
  return 0;
}

/** True when `version` is `minimum` or later; false when the version is unknown (null). */
export function isVersionAtLeast(version: string | null | undefined, minimum: string): boolean {
  if (!version || !/^\s*\d/.test(version)) return false;
  return compareVersions(version, minimum) >= 0;
}

/** True when the numeric build is `minimum` or later; false when unknown. */
export function isBuildAtLeast(build: number | null | undefined, minimum: number): boolean {
  return typeof build === 'number' && Number.isFinite(build) && build >= minimum;
}

/**
 * The build number a dotted version corresponds to in the fund app's numbering: major, then the minor
 * as two digits, then the patch: '6.91.0' → 6910, '6.9.1' → 6091. Returns null when unreadable.
 */
export function buildFromVersion(version: string): number | null {
  if (!/^\s*\d+(\.\d+){0,2}\s*$/.test(version)) return null;
  const [major = 0, minor = 0, patch = 0] = versionParts(version);
  if (minor > 99 || patch > 9) return null;
  return major * 1000 + minor * 10 + patch;
}
