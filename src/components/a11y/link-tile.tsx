// A box of one line of text that opens another page (the assets page's and 现金宝's links): a link to assistive
// technology in both builds (roleProps), whatever its look.
import { Text, View } from '@tarojs/components';
import { roleProps } from './role-props';

export interface LinkTileProps {
  text: string;
  className: string;
  testId: string;
  onClick: () => void;
}

export function LinkTile({ text, className, testId, onClick }: LinkTileProps) {
  return (
    <View {...roleProps('link')} className={className} data-testid={testId} onClick={onClick}>
      <Text>{text}</Text>
    </View>
  );
}

/** Links side by side in a box of class `className`, each of class `itemClassName`. */
export function LinkTiles(props: { className: string; itemClassName: string; links: readonly Omit<LinkTileProps, 'className'>[] }) {
  return (
    <View className={props.className}>
      {props.links.map((link) => (
        <LinkTile key={link.testId} className={props.itemClassName} {...link} />
      ))}
    </View>
  );
}
