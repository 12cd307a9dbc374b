export default definePageConfig({
  navigationBarTitleText: '现金宝取现规则',
});
