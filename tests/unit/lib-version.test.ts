import { buildFromVersion, compareVersions, isBuildAtLeast, isVersionAtLeast } from '@/lib/version';

describe('version comparison', () => {
  test('compares part by part as integers', () => {
    expect(compareVersions('6.91.0', '6.91')).toBe(0);
    expect(compareVersions('6.9', '6.10')).toBe(-1);
    expect(compareVersions('12.32.0', '12.4')).toBe(1);
    expect(compareVersions('12.31.9', '12.32.0')).toBe(-1);
    expect(compareVersions('14.20', '12.32.0')).toBe(1);
  });
  test('isVersionAtLeast is false for unknown versions', () => {
    expect(isVersionAtLeast('6.91', '6.91')).toBe(true);
    expect(isVersionAtLeast('6.90.9', '6.91')).toBe(false);
    expect(isVersionAtLeast(null, '6.91')).toBe(false);
    expect(isVersionAtLeast('beta', '1.0')).toBe(false);
  });
  test('builds', () => {
    expect(isBuildAtLeast(6910, 6910)).toBe(true);
    expect(isBuildAtLeast(6909, 6910)).toBe(false);
    expect(isBuildAtLeast(null, 6910)).toBe(false);
    expect(buildFromVersion('6.91.0')).toBe(6910);
    expect(buildFromVersion('6.91')).toBe(6910);
    expect(buildFromVersion('6.9.1')).toBe(6091);
    expect(buildFromVersion('x')).toBeNull();
  });
});
