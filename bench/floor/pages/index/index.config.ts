export default definePageConfig({
  navigationBarTitleText: 'floor',
});
