export default definePageConfig({
  navigationBarTitleText: '新发基金',
});
