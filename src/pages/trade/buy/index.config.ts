export default definePageConfig({
  navigationBarTitleText: '买入',
});
