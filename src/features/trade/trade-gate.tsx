import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import './trade.scss';

export interface TradeGateProps {
  title: string;
  description?: string;
  action: string;
  onAction: () => void;
  testId: string;
}

/** What stands between the user and trading (login, an account, the assessment) and the way past it. */
export function TradeGate({ title, description, action, onAction, testId }: TradeGateProps) {
  return (
    <View className='trade-card trade-gate' data-testid={testId}>
      <Text className='trade-gate__title'>{title}</Text>
      {description ? <Text className='trade-muted'>{description}</Text> : null}
      <Button className='trade-gate__action' type='primary' block onClick={onAction} data-testid={`${testId}-action`}>
        {action}
      </Button>
    </View>
  );
}
