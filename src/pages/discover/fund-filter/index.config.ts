export default definePageConfig({
  navigationBarTitleText: '基金筛选',
});
