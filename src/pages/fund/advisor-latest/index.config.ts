export default definePageConfig({
  navigationBarTitleText: '最新调仓',
});
