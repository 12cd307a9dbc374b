export default definePageConfig({
  navigationBarTitleText: '开发者演示',
});
