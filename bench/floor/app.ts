import type { PropsWithChildren } from 'react';
// The same NutUI setup as the product (src/app.ts): the theme's variables once, component CSS per use.
import '@nutui/nutui-react-taro/dist/styles/themes/default.css';

function App({ children }: PropsWithChildren) {
  return children;
}

export default App;
