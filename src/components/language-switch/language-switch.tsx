import { useEffect, useState } from 'react';
import { Text, View } from '@tarojs/components';
import { getLocale, LOCALES, onLocaleChange, t, type Locale } from '@/locales/i18n';
import { chooseLocale } from '@/platform/locale-preference';
import { roleProps } from '@/components/a11y/role-props';
import { LANGUAGE_NAMES, LANGUAGE_SHORT_NAMES } from './language-names';
import './language-switch.scss';

export { LANGUAGE_NAMES, LANGUAGE_SHORT_NAMES } from './language-names';

export interface LanguageSwitchProps {
  /** Called after the language changed (e.g. to close the menu it sits in). */
  onChange?(locale: Locale): void;
  /** `row` (default): label left, choices right, for menus and settings lists; `compact`: the choices only. */
  layout?: 'row' | 'compact';
  className?: string;
  /** Also draws each language's short name (LANGUAGE_SHORT_NAMES), hidden unless the container's style shows it. */
  short?: boolean;
}

/**
 * The language switch (header menu, settings, the mini program's "my" page): 简体中文 | English. The choice is
 * remembered across launches (platform/locale-preference.ts); every page shell re-renders in the new language.
 */
export function LanguageSwitch({ onChange, layout = 'row', className, short = false }: LanguageSwitchProps) {
  const [current, setCurrent] = useState<Locale>(getLocale);
  useEffect(() => onLocaleChange(setCurrent), []);

  const pick = (locale: Locale): void => {
    chooseLocale(locale);
    setCurrent(locale);
    onChange?.(locale);
  };

  return (
    <View
      className={`language-switch language-switch--${layout}${className ? ` ${className}` : ''}`}
      data-testid='language-switch'
      role='group'
      aria-label={t('components.language.label')}
    >
      {layout === 'row' ? <Text className='language-switch__label'>{t('components.language.label')}</Text> : null}
      <View className='language-switch__choices'>
        {LOCALES.map((locale) => (
          <View
            key={locale}
            className={`language-switch__choice${locale === current ? ' language-switch__choice--active' : ''}`}
            {...roleProps('button')}
            aria-pressed={locale === current}
            data-testid={`language-${locale}`}
            onClick={() => pick(locale)}
          >
            {short ? (
              <>
                <Text className='language-switch__full'>{LANGUAGE_NAMES[locale]}</Text>
                {/* Named by both: the full name (hidden from sight where the short one shows) and the short one seen. */}
                <Text className='language-switch__short'>{LANGUAGE_SHORT_NAMES[locale]}</Text>
              </>
            ) : (
              LANGUAGE_NAMES[locale]
            )}
          </View>
        ))}
      </View>
    </View>
  );
}
