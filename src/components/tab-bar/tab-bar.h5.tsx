import type { MouseEvent } from 'react';
import { t } from '@/locales/i18n';
import { TAB_ICONS, TABS } from './tab-bar-rules';
import type { TabBarProps } from './tab-bar.types';
import './tab-bar.scss';

// H5 on phones: the bottom tab bar of the top-level pages, as the mini program has (hidden on wide screens, where
// the header shows every entry). Plain links, so a long press or a middle click opens the real URL.

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
              <path d={TAB_ICONS[tab.key]} />
            </svg>
            <span className='dj-tab-bar__label'>{t(tab.label)}</span>
          </a>
        );
      })}
    </nav>
  );
}
