export default definePageConfig({
  navigationBarTitleText: '查找基金账户',
});
