import type { MouseEvent } from 'react';
import { t } from '@/locales/i18n';
import { TABS } from './tab-bar-rules';
import type { TabKey } from './tab-bar-rules';
import type { TabBarProps } from './tab-bar.types';
import './tab-bar.scss';

// H5 on phones: the bottom tab bar of the top-level pages, as the mini program has (hidden on wide screens, where
// the header shows every entry). Plain links, so a long press or a middle click opens the real URL.

const ICONS: Record<TabKey, string> = {
  home: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z',
  watchlist: 'm12 3 2.7 5.6 6.1.8-4.4 4.3 1 6.1L12 17l-5.4 2.8 1-6.1-4.4-4.3 6.1-.8z',
  myMoney: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9c0-4 3.6-7 8-7s8 3 8 7z',
};

export function TabBar({ current, onNavigate }: TabBarProps) {
  const onClick = (href: string, active: boolean) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (!active) onNavigate(href);
  };
  return (
    <nav className='dj-tab-bar' aria-label={t('shell.tab.label')} data-testid='tab-bar'>
      {TABS.map((tab) => {
        const active = tab.key === current;
        return (
          <a
            key={tab.key}
            href={tab.href}
            className={`dj-tab-bar__item${active ? ' dj-tab-bar__item--active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
            onClick={onClick(tab.href, active)}
          >
            <svg className='dj-tab-bar__icon' viewBox='0 0 24 24' aria-hidden='true'>
              <path d={ICONS[tab.key]} />
            </svg>
            <span className='dj-tab-bar__label'>{t(tab.label)}</span>
          </a>
        );
      })}
    </nav>
  );
}
