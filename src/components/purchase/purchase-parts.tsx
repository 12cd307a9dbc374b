// The frame of a purchase flow: the gate that stands before it (login, an account, the assessment) and the notices
// inside it (a refusal, a suitability warning, the server's answer).
import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import './purchase.scss';

export interface GateProps {
  title: string;
  description?: string;
  /** The button's text: the way past the gate. */
  action: string;
  onAction: () => void;
  /** On the card; the button is `${testId}-action`. */
  testId: string;
}

/** What stands between the user and the flow (login, an account, the assessment) and the way past it. */
export function Gate({ title, description, action, onAction, testId }: GateProps) {
  return (
    <View className='purchase-gate' data-testid={testId}>
      <Text className='purchase-gate__title'>{title}</Text>
      {description ? <Text className='purchase-gate__description'>{description}</Text> : null}
      <Button className='purchase-gate__action' type='primary' block onClick={onAction} data-testid={`${testId}-action`}>
        {action}
      </Button>
    </View>
  );
}

export type NoticeTone = 'warn' | 'danger' | 'info';

/** A coloured box of text (and maybe an action); `warn` and `danger` are alerts to assistive technology. */
export function Notice({ children, tone = 'warn', testId }: { children: ReactNode; tone?: NoticeTone; testId: string }) {
  return (
    <View className={`purchase-notice purchase-notice--${tone}`} data-testid={testId} role={tone === 'info' ? undefined : 'alert'}>
      {children}
    </View>
  );
}
