export default definePageConfig({
  navigationBarTitleText: '卖出',
});
