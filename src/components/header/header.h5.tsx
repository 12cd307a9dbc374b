import { useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { getLocale, t } from '@/locales/i18n';
import { brandMark, brandName } from '@/lib/brand';
import { useBrand } from '@/platform/brand';
import { TRACK_EVENTS, trackEvent } from '@/platform/analytics';
import type { NativeDestination } from '@/platform/bridge-enums';
import { openInsteadInNativeApp } from '@/platform/native-events';
import { LanguageSwitch } from '@/components/language-switch/language-switch';
import { specUrl, splitUrl } from '@/lib/routes';
import { appStoreUrl, NAV_LINKS, customerServiceHref, isActiveLink, loginHref } from './header-rules';
import type { HeaderProps } from './header.types';
import downloadQr from './download-qr.svg';
import './header.scss';

// H5 only (the mini program has its own navigation bar, see header.weapp.tsx): plain links, so a
// shared or middle-clicked link is a real URL; a plain click stays inside the single-page app.

interface LinkProps {
  href: string;
  onNavigate(url: string): void;
  className?: string;
  current?: boolean;
  testId?: string;
  /**
   * The link's full wording when its visible text may be a shortened form: its tooltip. The accessible name stays the
   * visible text (WCAG 2.5.3, label in name: what a voice user reads on screen is what they say).
   */
  label?: string;

  children: ReactNode;
}

/** A label with a short form for the desktop bar's one row; one text when the language has no shorter one (zh-CN). */
function Label({ full, short }: { full: string; short: string }) {
  if (full === short) return <>{full}</>;
  return (
    <>
      <span className='dj-header__label-full'>{full}</span>
      <span className='dj-header__label-short'>{short}</span>
    </>
  );
}

function HeaderLink({ href, onNavigate, className, current, testId, label, children }: LinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(href);
  };
  return (
    <a href={href} className={className} aria-current={current ? 'page' : undefined} title={label} data-testid={testId} onClick={onClick}>
      {children}
    </a>
  );
}

export function Header(props: HeaderProps) {
  const { currentUrl, account, environment, hideHomeBtn, fullWidth, onNavigate, onExit, title, onBack } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const brand = useBrand();
  const name = brandName(brand, getLocale());
  const navigate = (url: string) => {
    setMenuOpen(false);
    onNavigate(url);
  };
  // Inside a native app of the family the home links open its fund home and "Welcome" its my-money tab (docs/BRIDGE.md
  // "Native destinations opened instead of an H5 screen"); the links keep their URLs for a long press or a new tab.
  const navigateOrOpen = (destination: NativeDestination) => (url: string) => {
    if (openInsteadInNativeApp(destination)) setMenuOpen(false);
    else navigate(url);
  };
  const showDownload = !environment.isThirdApp && !environment.isOwnApp;
  const links = NAV_LINKS.filter((link) => !(hideHomeBtn && link.key === 'home'));

  return (
    <header
      className={`dj-header${fullWidth ? ' dj-header--full' : ''}${menuOpen ? ' dj-header--open' : ''}${title ? ' dj-header--titled' : ''}`}
      data-testid='global-header'
    >
      <div className='dj-header__bar'>
        {onBack ? (
          <button type='button' className='dj-header__back' aria-label={t('shell.header.back')} data-testid='header-back' onClick={onBack}>
            <svg viewBox='0 0 24 24' aria-hidden='true'>
              <path d='M15.5 4 7.5 12l8 8' />
            </svg>
          </button>
        ) : null}
        {/* Named by the brand's name, which the phone's titled bar hides from sight only (header.scss). */}
        <HeaderLink href='/' onNavigate={navigateOrOpen('fundHome')} className='dj-header__logo' testId='header-logo'>
          {brand.logo ? (
            <img className='dj-header__logo-mark' src={brand.logo} alt='' aria-hidden='true' width={28} height={28} />
          ) : (
            <span className='dj-header__logo-mark' aria-hidden='true'>
              {brandMark(brand, getLocale())}
            </span>
          )}
          <span className='dj-header__logo-text'>{name}</span>
        </HeaderLink>
        {title ? (
          <h1 className='dj-header__title' data-testid='header-title'>
            {title}
          </h1>
        ) : null}
        <button
          type='button'
          className='dj-header__menu-button'
          aria-expanded={menuOpen}
          aria-controls='dj-header-panel'
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? t('shell.header.closeMenu') : t('shell.header.menu')}
        </button>
      </div>
      <div className='dj-header__panel' id='dj-header-panel'>
        <nav className='dj-header__nav' aria-label={t('shell.header.menu')}>
          {links.map((link) => {
            const active = isActiveLink(link, currentUrl);
            return (
              <HeaderLink
                key={link.key}
                href={link.href}
                onNavigate={link.key === 'home' ? navigateOrOpen('fundHome') : navigate}
                current={active}
                className={`dj-header__nav-link${active ? ' dj-header__nav-link--active' : ''}`}
                testId={`nav-${link.key}`}
              >
                {t(link.label)}
              </HeaderLink>
            );
          })}
        </nav>
        <div className='dj-header__account' data-testid='header-account'>
          {account.status === 'loggedIn' ? (
            <>
              {/* As the account-opening link: the spec's wording, its short form in the desktop bar's one row. */}
              <HeaderLink
                href={specUrl('myMoney')}
                onNavigate={navigateOrOpen('myMoneyTab')}
                className='dj-header__account-link'
                label={t('shell.header.welcome', { phone: account.maskTelephone ?? '' })}
              >
                <Label
                  full={t('shell.header.welcome', { phone: account.maskTelephone ?? '' })}
                  short={t('shell.header.welcomeShort', { phone: account.maskTelephone ?? '' })}
                />
              </HeaderLink>
              <button
                type='button'
                className='dj-header__exit'
                onClick={() => {
                  setMenuOpen(false);
                  onExit();
                }}
              >
                {t('shell.header.exit')}
              </button>
            </>
          ) : account.status === 'anonymous' ? (
            <>
              {/* The spec's wording; the desktop bar, one row in the column, shows the short form where it is shorter. */}
              <HeaderLink
                href={specUrl('openAccount')}
                onNavigate={navigate}
                className='dj-header__account-link dj-header__open-account'
                label={t('shell.header.openAccount')}
              >
                <Label full={t('shell.header.openAccount')} short={t('shell.header.openAccountShort')} />
              </HeaderLink>
              <HeaderLink href={loginHref(currentUrl)} onNavigate={navigate} className='dj-header__account-link' testId='header-login'>
                {t('shell.header.login')}
              </HeaderLink>
            </>
          ) : null}
        </div>
        <LanguageSwitch className='dj-header__language' short onChange={() => setMenuOpen(false)} />
        {showDownload ? (
          <div className='dj-header__box dj-header__download' data-testid='header-download'>
            {/* A link (the download page): the desktop's box is this title, its buttons open under it on hover or focus. */}
            <HeaderLink href={specUrl('download')} onNavigate={navigate} className='dj-header__box-title'>
              {t('shell.download.title')}
            </HeaderLink>
            <span className='dj-header__download-menu'>
              <HeaderLink href={appStoreUrl(brand.name)} onNavigate={navigate} className='dj-header__box-button'>
                {t('shell.download.iphone')}
              </HeaderLink>
              <HeaderLink href={specUrl('download')} onNavigate={navigate} className='dj-header__box-button'>
                {t('shell.download.android')}
              </HeaderLink>
              <span className='dj-header__qr'>
                <img src={downloadQr} alt={t('shell.download.qrAlt', { name })} width={72} height={72} loading='lazy' decoding='async' />
                <span className='dj-header__qr-caption'>{t('shell.download.scan')}</span>
              </span>
            </span>
          </div>
        ) : null}
        <div className='dj-header__box dj-header__service' data-testid='header-service'>
          <span className='dj-header__box-title'>{t('shell.service.title')}</span>
          <HeaderLink
            href={customerServiceHref(splitUrl(currentUrl).path)}
            onNavigate={(url) => {
              trackEvent(TRACK_EVENTS.customerServiceClick, { module: 'header', extras: { from: splitUrl(currentUrl).path } });
              navigate(url);
            }}
            className='dj-header__box-button'
          >
            {t('shell.service.open')}
          </HeaderLink>
        </div>
      </div>
    </header>
  );
}
