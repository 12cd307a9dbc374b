export default definePageConfig({
  navigationBarTitleText: '指数基金排行',
});
