export default definePageConfig({
  navigationBarTitleText: '基金投顾',
});
