export default definePageConfig({
  navigationBarTitleText: '蛋卷基金',
});
