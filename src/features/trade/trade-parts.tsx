// Small pieces the trading screens share: the fund line, the date timeline, the disclosure, the fixed action bar.
import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import { t } from '@/locales/trade';
import type { OrderStep } from '@/lib/api-types/trading';
import './trade.scss';

/** '197.89份' / '197.89 shares'. */
export function sharesText(shares: string): string {
  return t('trade.unit.shares', { shares });
}

export function riskLevelText(level: number): string {
  return t('trade.risk.level', { level, name: t(`trade.risk.${level}`) });
}

export function FundLine({ name, code, tags = [] }: { name: string; code: string; tags?: readonly string[] }) {
  return (
    <View className='trade-fund' data-testid='trade-fund'>
      <Text className='trade-fund__name'>{name}</Text>
      <View className='trade-fund__meta'>
        <Text className='trade-fund__code'>{code}</Text>
        {tags.map((tag) => (
          <Text key={tag} className='trade-tag'>
            {tag}
          </Text>
        ))}
      </View>
    </View>
  );
}

export interface TimelineNode {
  title: string;
  date: string;
}

/** What happens when, left to right (buy: priced → confirmed → income; sell: confirmed → arrives). */
export function Timeline({ nodes, testId }: { nodes: readonly TimelineNode[]; testId: string }) {
  return (
    <View className='trade-timeline' data-testid={testId}>
      {nodes.map((node, index) => (
        <View key={node.title} className='trade-timeline__node'>
          <View className='trade-timeline__track'>
            <View className={`trade-timeline__line${index === 0 ? ' trade-timeline__line--hidden' : ''}`} />
            <View className='trade-timeline__dot' />
            <View className={`trade-timeline__line${index === nodes.length - 1 ? ' trade-timeline__line--hidden' : ''}`} />
          </View>
          <Text className='trade-timeline__title'>{node.title}</Text>
          <Text className='trade-timeline__date'>{node.date}</Text>
        </View>
      ))}
    </View>
  );
}

/** An order's steps as the server tells them (Danjuan's `desc`), top to bottom, the done ones lit. */
export function OrderSteps({ steps }: { steps: readonly OrderStep[] }) {
  return (
    <View className='trade-steps' data-testid='order-steps'>
      {steps.map((step, index) => (
        <View
          key={`${step.title}-${index}`}
          className={`trade-steps__step${step.done ? ' trade-steps__step--done' : ''}`}
          data-testid='order-step'
        >
          <View className='trade-steps__rail'>
            <View className='trade-steps__dot' />
            {index < steps.length - 1 ? <View className='trade-steps__line' /> : null}
          </View>
          <View className='trade-steps__body'>
            <Text className='trade-steps__title'>{step.title}</Text>
            <Text className='trade-steps__time'>{step.time}</Text>
          </View>
        </View>
      ))}
    </View>
  );
}

/** 基金有风险，投资需谨慎 / 过往业绩不代表未来表现. */
export function Disclosure() {
  return (
    <View className='trade-disclosure' data-testid='trade-disclosure'>
      <Text className='trade-disclosure__line'>{t('trade.disclosure.risk')}</Text>
      <Text className='trade-disclosure__line'>{t('trade.disclosure.past')}</Text>
    </View>
  );
}

/** The page's main action, fixed at the bottom of the screen. */
export function ActionBar({ children }: { children: ReactNode }) {
  return <View className='trade-bar'>{children}</View>;
}

export function ActionButton(props: {
  text: string;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  testId: string;
  fill?: 'outline';
}) {
  return (
    <Button
      className='trade-bar__button'
      type='primary'
      fill={props.fill}
      size='large'
      block
      disabled={props.disabled}
      loading={props.loading}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.text}
    </Button>
  );
}

/** A label and its value on one row (order detail, holding). */
export function InfoRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <View className='trade-row' data-testid={testId}>
      <Text className='trade-row__label'>{label}</Text>
      <View className='trade-row__value'>{typeof value === 'string' ? <Text>{value}</Text> : value}</View>
    </View>
  );
}
