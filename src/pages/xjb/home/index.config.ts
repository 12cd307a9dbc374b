export default definePageConfig({
  navigationBarTitleText: '现金宝',
});
