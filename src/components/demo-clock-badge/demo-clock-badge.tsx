import { View, Text } from '@tarojs/components';
import { t } from '@/locales/i18n';
import { demoClock } from '@/platform/boot-data';
import './demo-clock-badge.scss';

/**
 * "Demo time" when the server's business clock has been moved (POST /__dev/clock/advance, never in production),
 * so nobody takes the dates and figures on the page for today's. H5 only: the page's HTML carries the clock.
 */
export function DemoClockBadge() {
  const clock = demoClock();
  if (!clock) return null;
  // '2025-03-11T10:00:00.000+08:00' → '2025-03-11 10:00' (Shanghai time as the server wrote it).
  const when = `${clock.now.slice(0, 10)} ${clock.now.slice(11, 16)}`;
  return (
    <View className='demo-clock-badge' role='status' aria-label={t('shell.demoClock.label', { when })}>
      <Text className='demo-clock-badge__title'>{t('shell.demoClock.title')}</Text>
      <Text className='demo-clock-badge__time'>{when}</Text>
    </View>
  );
}
