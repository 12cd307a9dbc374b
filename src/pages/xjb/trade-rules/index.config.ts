export default definePageConfig({
  navigationBarTitleText: '现金宝交易规则',
});
