// The frame of a purchase flow: the gate that stands before it (login, an account, the assessment), the notices
// inside it (a refusal, a suitability warning, the server's answer), the dates ahead (timeline), an order's steps,
// label/value rows, the risk disclosure and the fixed action bar.
import type { ReactNode } from 'react';
import { Text, View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';
import type { OrderStep } from '@/lib/api-types/trading';
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

export interface TimelineNode {
  title: string;
  date: string;
}

/** What happens when, left to right (buy: priced → confirmed → income; sell: confirmed → arrives). */
export function Timeline({ nodes, testId }: { nodes: readonly TimelineNode[]; testId: string }) {
  return (
    <View className='purchase-timeline' data-testid={testId}>
      {nodes.map((node, index) => (
        <View key={node.title} className='purchase-timeline__node'>
          <View className='purchase-timeline__track'>
            <View className={`purchase-timeline__line${index === 0 ? ' purchase-timeline__line--hidden' : ''}`} />
            <View className='purchase-timeline__dot' />
            <View className={`purchase-timeline__line${index === nodes.length - 1 ? ' purchase-timeline__line--hidden' : ''}`} />
          </View>
          <Text className='purchase-timeline__title'>{node.title}</Text>
          <Text className='purchase-timeline__date'>{node.date}</Text>
        </View>
      ))}
    </View>
  );
}

/** An order's steps as the server tells them (Danjuan's `desc`), top to bottom, the done ones lit. */
export function OrderSteps({ steps, testId, stepTestId }: { steps: readonly OrderStep[]; testId: string; stepTestId?: string }) {
  return (
    <View className='purchase-steps' data-testid={testId}>
      {steps.map((step, index) => (
        <View
          key={`${step.title}-${index}`}
          className={`purchase-steps__step${step.done ? ' purchase-steps__step--done' : ''}`}
          data-testid={stepTestId}
        >
          <View className='purchase-steps__rail'>
            <View className='purchase-steps__dot' />
            {index < steps.length - 1 ? <View className='purchase-steps__line' /> : null}
          </View>
          <View className='purchase-steps__body'>
            <Text className='purchase-steps__title'>{step.title}</Text>
            <Text className='purchase-steps__time'>{step.time}</Text>
          </View>
        </View>
      ))}
    </View>
  );
}

/** A label and its value on one row (an order, a holding, a plan). */
export function InfoRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <View className='purchase-row' data-testid={testId}>
      <Text className='purchase-row__label'>{label}</Text>
      <View className='purchase-row__value'>{typeof value === 'string' ? <Text>{value}</Text> : value}</View>
    </View>
  );
}

/** The product's risk lines under the form (基金有风险，投资需谨慎 / 过往业绩不代表未来表现): the feature's words. */
export function Disclosure({ lines, testId }: { lines: readonly string[]; testId: string }) {
  return (
    <View className='purchase-disclosure' data-testid={testId}>
      {lines.map((line) => (
        <Text key={line} className='purchase-disclosure__line'>
          {line}
        </Text>
      ))}
    </View>
  );
}

/**
 * The page's main actions, fixed at the bottom of the screen (within the page's column on a wide screen); several
 * buttons share it side by side. `className` adds a feature's own class (tests find the bar by it).
 */
export function ActionBar({ children, className }: { children: ReactNode; className?: string }) {
  return <View className={className ? `purchase-bar ${className}` : 'purchase-bar'}>{children}</View>;
}

export interface ActionButtonProps {
  text: string;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  testId: string;
  fill?: 'outline';
  size?: 'large' | 'normal' | 'small';
}

/** A button of the action bar: NutUI's primary button, full width of its share of the bar. */
export function ActionButton({ text, disabled, loading, onClick, testId, fill, size = 'large' }: ActionButtonProps) {
  return (
    <Button
      className='purchase-bar__button'
      type='primary'
      fill={fill}
      size={size}
      block
      disabled={disabled}
      loading={loading}
      onClick={onClick}
      data-testid={testId}
    >
      {text}
    </Button>
  );
}

/** What a quote says about buying at all: the fund's refusal, and the investor's suitability for it. */
export interface SuitabilityQuote {
  refusal: string | null;
  suitability: 'match' | 'warn' | 'refuse' | null;
  risk_warning: string | null;
}

/**
 * The quote's refusal, then the suitability: refused (the server's warning, else `refuseText`) or a warning
 * (`warnText`; the order step asks for the acceptance). Test ids `${testIdPrefix}-refusal`, `-suitability-refuse`,
 * `-suitability-warn`.
 */
export function SuitabilityNotices(props: { quote: SuitabilityQuote; testIdPrefix: string; refuseText: string; warnText: string }) {
  const { quote, testIdPrefix, refuseText, warnText } = props;
  return (
    <>
      {quote.refusal ? (
        <Notice tone='danger' testId={`${testIdPrefix}-refusal`}>
          <Text>{quote.refusal}</Text>
        </Notice>
      ) : null}
      {quote.suitability === 'refuse' ? (
        <Notice tone='danger' testId={`${testIdPrefix}-suitability-refuse`}>
          <Text>{quote.risk_warning ?? refuseText}</Text>
        </Notice>
      ) : null}
      {quote.suitability === 'warn' ? (
        <Notice tone='warn' testId={`${testIdPrefix}-suitability-warn`}>
          <Text>{warnText}</Text>
        </Notice>
      ) : null}
    </>
  );
}
