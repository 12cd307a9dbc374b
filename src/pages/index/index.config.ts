export default definePageConfig({
  navigationBarTitleText: '澄观基金',
});
