export default definePageConfig({
  navigationBarTitleText: '现金宝取出规则',
});
