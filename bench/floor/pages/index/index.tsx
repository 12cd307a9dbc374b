import { View } from '@tarojs/components';
import { Button } from '@nutui/nutui-react-taro';
import '@nutui/nutui-react-taro/dist/es/packages/button/style/css';

// One View and one NutUI Button: what any page of a Taro + React + NutUI app pays before its own code.
// The text is a benchmark fixture, not product copy, so it does not go through the i18n catalogue.
export default function FloorPage() {
  return (
    <View className='floor'>
      <View>Taro + React + NutUI</View>
      <Button type='primary'>OK</Button>
    </View>
  );
}
