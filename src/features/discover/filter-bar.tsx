import { useState } from 'react';
import { Text, View } from '@tarojs/components';
import { roleProps } from '@/components/a11y/role-props';
import { ChoiceRow, type Choice } from './choice-row';

/** One screen of a list (type, period, size, …): its tab's name, its choices and the one chosen. */
export interface FilterGroup<K extends string> {
  key: K;
  label: string;
  choices: readonly Choice<string>[];
  value: string;
  /** Chosen away from its default: the tab shows the choice (in the accent colour) instead of its name. */
  isSet: boolean;
}

/**
 * A list's screens as one row of tabs, each showing its choice (screening, the auto-invest ranking): a tab opens its
 * choices under the row, a choice closes them, so the first results stay on a phone's first screen however many
 * choices a screen has. The open panel is `screen-<key>`, its tab `filter-tab-<key>`.
 */
export function FilterBar<K extends string>({
  groups,
  onChange,
}: {
  groups: readonly FilterGroup<K>[];
  onChange: (key: K, value: string) => void;
}) {
  const [open, setOpen] = useState<K | null>(null);
  const openGroup = groups.find((g) => g.key === open);
  return (
    <>
      <View className='discover-filterbar' data-testid='filter-bar'>
        {groups.map((g) => (
          <View
            key={g.key}
            className={`discover-filterbar__tab${g.isSet ? ' discover-filterbar__tab--set' : ''}${open === g.key ? ' discover-filterbar__tab--open' : ''}`}
            data-testid={`filter-tab-${g.key}`}
            {...roleProps('button')}
            aria-expanded={open === g.key}
            onClick={() => setOpen(open === g.key ? null : g.key)}
          >
            <Text className='discover-filterbar__text'>
              {g.isSet ? (g.choices.find((c) => c.value === g.value)?.label ?? g.label) : g.label}
            </Text>
            <Text className='discover-filterbar__arrow' aria-hidden>
              {open === g.key ? '▴' : '▾'}
            </Text>
          </View>
        ))}
      </View>
      {openGroup ? (
        <View className='discover-filterbar__panel'>
          <ChoiceRow
            choices={openGroup.choices}
            value={openGroup.value}
            onChange={(value) => {
              setOpen(null);
              onChange(openGroup.key, value);
            }}
            testId={`screen-${openGroup.key}`}
          />
        </View>
      ) : null}
    </>
  );
}
