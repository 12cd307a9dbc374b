export default definePageConfig({
  navigationBarTitleText: '指数选基',
});
