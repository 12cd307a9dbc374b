export default definePageConfig({
  navigationBarTitleText: '持有详情',
});
