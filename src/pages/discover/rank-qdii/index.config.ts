export default definePageConfig({
  navigationBarTitleText: 'QDII基金排行',
});
