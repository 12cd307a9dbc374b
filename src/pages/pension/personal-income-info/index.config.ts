export default definePageConfig({
  navigationBarTitleText: '个人收入信息',
});
