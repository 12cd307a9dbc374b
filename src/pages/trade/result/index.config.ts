export default definePageConfig({
  navigationBarTitleText: '交易结果',
});
