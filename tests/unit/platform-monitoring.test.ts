// docs/PRODUCT.md §9: the monitoring script loads only in the rc and master environments, from the configured URL;
// none by default.
import { buildMonitoringSettings, loadMonitoring, monitoringScriptUrl } from '@/platform/monitoring';

const URL_SET = 'https://monitor.example.com/sdk.js';

afterEach(() => document.querySelectorAll('script[data-dj-monitoring]').forEach((s) => s.remove()));

test('only rc and master, only with an https URL', () => {
  expect(monitoringScriptUrl('rc', URL_SET)).toBe(URL_SET);
  expect(monitoringScriptUrl('master', URL_SET)).toBe(URL_SET);
  expect(monitoringScriptUrl('dev', URL_SET)).toBeNull();
  expect(monitoringScriptUrl('', URL_SET)).toBeNull();
  expect(monitoringScriptUrl('master', '')).toBeNull();
  expect(monitoringScriptUrl('master', 'http://monitor.example.com/sdk.js')).toBeNull();
  expect(monitoringScriptUrl('master', 'not a url')).toBeNull();
});

test('none by default: a build that names nothing loads nothing', () => {
  expect(buildMonitoringSettings()).toEqual({ environment: '', url: '' });
  expect(loadMonitoring()).toBe(false);
  expect(document.querySelector('script[data-dj-monitoring]')).toBeNull();
});

test('in master with a URL the script is added once, async', () => {
  expect(loadMonitoring({ environment: 'master', url: URL_SET })).toBe(true);
  expect(loadMonitoring({ environment: 'master', url: URL_SET })).toBe(false);
  const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-dj-monitoring]');
  expect(scripts).toHaveLength(1);
  expect(scripts[0].src).toBe(URL_SET);
  expect(scripts[0].async).toBe(true);
  expect(loadMonitoring({ environment: 'test', url: URL_SET })).toBe(false);
});
