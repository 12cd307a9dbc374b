// The floor: the smallest Taro + React + NutUI app, built with the product's own config/index.ts
// (TARO_SOURCE_ROOT=bench/floor) so bench/app.mjs can say how much the product adds on top of it.
export default defineAppConfig({
  pages: ['pages/index/index'],
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#fff',
    navigationBarTitleText: 'floor',
    navigationBarTextStyle: 'black',
  },
});
