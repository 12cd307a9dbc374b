export default definePageConfig({
  navigationBarTitleText: '协议与政策',
});
