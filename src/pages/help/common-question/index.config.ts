export default definePageConfig({
  navigationBarTitleText: '常见问题',
});
