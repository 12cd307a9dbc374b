export default definePageConfig({
  navigationBarTitleText: '个人养老金',
});
