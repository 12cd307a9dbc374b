import { Text, View } from '@tarojs/components';
import { Radio } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/radio/style/css';
import '@nutui/nutui-react-taro/dist/es/packages/radiogroup/style/css';

export interface Choice<V extends string> {
  value: V;
  label: string;
}

export interface ChoiceRowProps<V extends string> {
  label?: string;
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  testId?: string;
}

/** A horizontally scrolling row of single-choice buttons (NutUI Radio, button shape). */
export function ChoiceRow<V extends string>({ label, choices, value, onChange, testId }: ChoiceRowProps<V>) {
  return (
    <View className='discover-choices' data-testid={testId}>
      {label ? <Text className='discover-choices__label'>{label}</Text> : null}
      <Radio.Group
        className='discover-choices__group'
        direction='horizontal'
        shape='button'
        value={value}
        onChange={(next) => onChange(String(next) as V)}
      >
        {choices.map((choice) => (
          <Radio key={choice.value} shape='button' value={choice.value} className='discover-choices__item'>
            {choice.label}
          </Radio>
        ))}
      </Radio.Group>
    </View>
  );
}
