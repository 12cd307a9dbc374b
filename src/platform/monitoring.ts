import { MONITORING_ENVIRONMENTS } from '@/lib/constants';

// The operator's monitoring script (docs/PRODUCT.md §9 "monitoring script"): loaded only in the `rc` and `master`
// deployment environments, and only when the deployment names one — none by default. Both are build-time settings
// (config/index.ts: `TARO_APP_DEPLOY_ENV`, `TARO_APP_MONITORING_URL`); the server allows the script's origin in its
// CSP under the same two variables (server/src/app.ts). H5 only: a mini program cannot load a remote script.

/** The script to load for this deployment, or null: an https URL, in one of the monitoring environments. */
export function monitoringScriptUrl(environment: string, url: string): string | null {
  if (!url || !MONITORING_ENVIRONMENTS.includes(environment)) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** This build's settings ('' when the build defines none, as in the tests). */
export function buildMonitoringSettings(): { environment: string; url: string } {
  return {
    environment: typeof DEPLOY_ENVIRONMENT === 'string' ? DEPLOY_ENVIRONMENT : '',
    url: typeof MONITORING_SCRIPT_URL === 'string' ? MONITORING_SCRIPT_URL : '',
  };
}

/** Adds the monitoring script to the page once (async, never blocking the first paint); true when one was added. */
export function loadMonitoring(settings = buildMonitoringSettings(), doc: Document | undefined = globalThis.document): boolean {
  const src = monitoringScriptUrl(settings.environment, settings.url);
  if (!src || !doc || doc.querySelector('script[data-dj-monitoring]')) return false;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.setAttribute('data-dj-monitoring', '');
  doc.head.appendChild(script);
  return true;
}
