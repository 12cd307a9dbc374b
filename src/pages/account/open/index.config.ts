export default definePageConfig({
  navigationBarTitleText: '开户',
});
